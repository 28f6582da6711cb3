/**
 * Owns: `config show` (the effective ruleset in evaluation order, each rule with its origin and file, the effective
 * settings, scopes and notices) and `config validate` (every scope's status and each issue with file, line, column,
 * key path and fix, then the policy's examples (`tests`) run as `pi-permissions test` runs them; exit 1 on any error
 * or failing example).
 * Never: writes config files or decides calls.
 */
import { ConfigLoader, formatKeyPath } from "@pi-permissions/engine";
import { type ManagedFacts, managedReportLines, pathFlavorFor } from "@pi-permissions/policy";
import { CliEngine, loadPolicy } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configErrorCount, configErrorSummary, configIssueLines } from "./config-error-report";
import { configNoticeLines } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { exampleRecord, exampleRunText, failuresOf, runExamples } from "./example-run";
import { EXIT_CODES, type ExitCode } from "./exit-code";
import { colorsFor } from "./report-text";
import { originFiles, ruleRecord } from "./rule-record";

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
	const files = originFiles(load, policy);
	const rules = policy.rules.map((rule) => ruleRecord(rule, files.get(rule.origin) ?? null));
	const notices = configNoticeLines({ load, policy });
	if (options.json === true) {
		const { settings, yolo, failClosedScopes } = policy;
		const shellTools = Object.fromEntries(policy.shellTools);
		const { managed } = policy;
		const document = { scopes: load.reports, managed, settings, shellTools, yolo, failClosedScopes, rules, notices };
		host.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
		return EXIT_CODES.allow;
	}
	const colors = colorsFor(host.color);
	let text = `${colors.bold("scopes")}\n`;
	for (const report of load.reports)
		text += `  ${report.scope.padEnd(14)} ${report.status.padEnd(8)} ${report.file ?? "-"}\n`;
	// ADR 0060: the managed file, its sha256 and the keys in force, so a fleet can see what each machine holds.
	for (const line of managedReportLines(policy.managed)) text += `  ${line}\n`;
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
	// SECURITY: ADR 0060: a managed file that is refused or invalid is an error here, never a passing validation.
	const managedError = managedProblem(loaded.policy.managed);
	const errors = configErrorCount(load) + (managedError === null ? 0 : 1);
	const verdicts = await runExamples(engine, loaded);
	const failed = failuresOf(verdicts).length;
	const exit = errors > 0 || failed > 0 ? EXIT_CODES.usage : EXIT_CODES.allow;
	if (options.json === true) {
		const issues = load.issues.map((issue) => ({ ...issue, keyPath: formatKeyPath(issue.keyPath) }));
		const examples = verdicts.map(exampleRecord);
		const valid = errors === 0 && failed === 0;
		const { managed } = loaded.policy;
		const document = { valid, scopes: load.reports, managed, issues, notices: load.notices, examples };
		host.stdout.write(`${JSON.stringify(document)}\n`);
		return exit;
	}
	let text = "";
	for (const report of load.reports)
		text += `${report.scope.padEnd(14)} ${report.status.padEnd(8)} ${report.file ?? "-"}\n`;
	const { managed } = loaded.policy;
	if (managed !== null) text += `${"managed".padEnd(14)} ${managed.status.padEnd(8)} ${managed.file}\n`;
	if (managedError !== null) text += `${managedError}\n`;
	text += configIssueLines(load);
	for (const notice of load.notices) text += `${notice.file}: notice: ${notice.message}\n`;
	if (verdicts.length > 0) text += exampleRunText(verdicts);
	text +=
		errors > 0
			? `${configErrorCount(load) === 0 ? "the managed policy is not in force: every call is asked" : configErrorSummary(load)}\n`
			: failed > 0
				? `${failed} example(s) fail: the policy does not decide them as written\n`
				: "config valid\n";
	host.stdout.write(text);
	return exit;
}

/** The error line of a managed file that is not in force; `null` when there is none or it is trusted. */
function managedProblem(facts: ManagedFacts | null): string | null {
	if (facts === null || facts.status === "trusted") return null;
	return `error: ${managedReportLines(facts).join(" ")}`;
}
