/**
 * Owns: `config show` (the effective ruleset in evaluation order, each rule with its origin and file, the effective
 * settings, scopes and notices) and `config validate` (every scope's status and each issue with file, line, column,
 * key path and fix, then the policy's examples (`tests`) run as `pi-permissions test` runs them; exit 1 on any error
 * or failing example).
 * Never: writes config files or decides calls.
 */
import { ConfigLoader, formatKeyPath } from "@pi-permissions/engine";
import { pathFlavorFor, type RuleOrigin } from "@pi-permissions/policy";
import { CliEngine, loadPolicy } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configErrorCount, configErrorSummary, configIssueLines } from "./config-error-report";
import { configNoticeLines } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { exampleRecord, exampleRunText, failuresOf, runExamples } from "./example-run";
import { EXIT_CODES, type ExitCode } from "./exit-code";
import { colorsFor } from "./report-text";
import { ruleRecord } from "./rule-record";

export interface ConfigCommandOptions extends PolicyOptions {
	readonly json?: boolean;
}

async function loadFor(host: CliHost, options: PolicyOptions) {
	const setup = resolvePolicySetup(host, options);
	const loader = new ConfigLoader({ fileSystem: host.configFileSystem, flavor: setup.flavor });
	const env = { home: setup.home, flavor: pathFlavorFor(setup.flavor) };
	return loadPolicy(loader, setup, env, setup.defaultAgent);
}

export async function runConfigShow(host: CliHost, options: ConfigCommandOptions): Promise<ExitCode> {
	const { load, policy } = await loadFor(host, options);
	const files = new Map<RuleOrigin, string | null>(load.reports.map((report) => [report.scope, report.file]));
	const rules = policy.rules.map((rule) => ruleRecord(rule, files.get(rule.origin) ?? null));
	const notices = configNoticeLines({ load, policy });
	if (options.json === true) {
		const { settings, yolo, failClosedScopes } = policy;
		const shellTools = Object.fromEntries(policy.shellTools);
		const document = { scopes: load.reports, settings, shellTools, yolo, failClosedScopes, rules, notices };
		host.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
		return EXIT_CODES.allow;
	}
	const colors = colorsFor(host.color);
	let text = `${colors.bold("scopes")}\n`;
	for (const report of load.reports)
		text += `  ${report.scope.padEnd(14)} ${report.status.padEnd(8)} ${report.file ?? "-"}\n`;
	text += `\n${colors.bold("rules (evaluation order; the last match wins)")}\n`;
	for (const rule of rules) {
		const where = rule.file === null ? rule.origin : `${rule.origin} ${rule.file}`;
		const reason = rule.reason === null ? "" : ` reason: ${rule.reason}`;
		text += `  ${rule.surface} ${JSON.stringify(rule.pattern)}: ${colors.action(rule.action, rule.action)} ${colors.dim(`(${where})`)}${reason}\n`;
	}
	text += `\n${colors.bold("settings")}\n`;
	for (const [key, value] of Object.entries(policy.settings)) text += `  ${key}: ${JSON.stringify(value)}\n`;
	for (const [tool, alias] of policy.shellTools) text += `  shellTools.${tool}: ${JSON.stringify(alias)}\n`;
	if (notices.length > 0) text += `\n${colors.bold("notices")}\n${notices.map((line) => `  ${line}\n`).join("")}`;
	host.stdout.write(text);
	return EXIT_CODES.allow;
}

export async function runConfigValidate(host: CliHost, options: ConfigCommandOptions): Promise<ExitCode> {
	const engine = await CliEngine.create(host, resolvePolicySetup(host, options));
	const loaded = await engine.policyOf(engine.setup.defaultAgent);
	const { load } = loaded;
	const errors = configErrorCount(load);
	const verdicts = await runExamples(engine, loaded);
	const failed = failuresOf(verdicts).length;
	const exit = errors > 0 || failed > 0 ? EXIT_CODES.usage : EXIT_CODES.allow;
	if (options.json === true) {
		const issues = load.issues.map((issue) => ({ ...issue, keyPath: formatKeyPath(issue.keyPath) }));
		const examples = verdicts.map(exampleRecord);
		const valid = errors === 0 && failed === 0;
		host.stdout.write(`${JSON.stringify({ valid, scopes: load.reports, issues, notices: load.notices, examples })}\n`);
		return exit;
	}
	let text = "";
	for (const report of load.reports)
		text += `${report.scope.padEnd(14)} ${report.status.padEnd(8)} ${report.file ?? "-"}\n`;
	text += configIssueLines(load);
	for (const notice of load.notices) text += `${notice.file}: notice: ${notice.message}\n`;
	if (verdicts.length > 0) text += exampleRunText(verdicts);
	text +=
		errors > 0
			? `${configErrorSummary(load)}\n`
			: failed > 0
				? `${failed} example(s) fail: the policy does not decide them as written\n`
				: "config valid\n";
	host.stdout.write(text);
	return exit;
}
