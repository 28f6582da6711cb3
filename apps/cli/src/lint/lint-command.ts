/**
 * Owns: the `lint` command: the scopes the CLI resolves (or each given file on its own), re-read for source
 * positions, composed without yolo, checked by `lintPolicy`, printed as text or the stable `--json` document; exit 0
 * clean, 1 on any error, 2 on warnings only with `--strict`.
 * Never: changes a file or decides a call.
 */
import { posix, win32 } from "node:path";
import {
	type ConfigFileFormat,
	ConfigLoader,
	type ConfigLoadIssue,
	interpretConfigText,
	readConfigSource,
	readManagedPolicy,
	type ScopeReport,
} from "@pi-permissions/engine";
import {
	type ComposedPolicy,
	composePolicy,
	type ManagedOutcome,
	pathFlavorFor,
	type ScopeName,
	type ScopeOutcome,
} from "@pi-permissions/policy";
import type { CliHost } from "../cli-host";
import { loadRequest, type PolicyOptions, resolvePolicySetup } from "../config-options";
import { readConfigText } from "../config-text";
import { EXIT_CODES, type ExitCode } from "../exit-code";
import { colorsFor } from "../report-text";
import { coverageText, type DenyCoverage, denyCoverage } from "./deny-coverage";
import { exampleCommandLine } from "./example-call";
import { managedFindings } from "./managed-lint";
import { byPlace, type LintFinding, type LintScope, lintPolicy, rulePlacer } from "./policy-lint";

export interface LintOptions extends PolicyOptions {
	readonly json?: boolean;
	readonly strict?: boolean;
}

/** The version of the `--json` document; raised only when a field changes meaning or goes away. */
const LINT_JSON_VERSION = 1;

interface LintedPolicy {
	readonly reports: readonly ScopeReport[];
	readonly findings: readonly LintFinding[];
	readonly shellSurfaces: ReadonlySet<string>;
	/** Each shell deny and the spellings it covers (ADR 0053). */
	readonly coverage: readonly DenyCoverage[];
}

export async function runLint(host: CliHost, files: readonly string[], options: LintOptions): Promise<ExitCode> {
	const setup = resolvePolicySetup(host, options);
	const env = { home: setup.home, flavor: pathFlavorFor(setup.flavor), now: () => host.now() };
	const linted: LintedPolicy[] = [];
	if (files.length === 0) {
		const loader = new ConfigLoader({ fileSystem: host.configFileSystem, flavor: setup.flavor });
		const load = await loader.load(loadRequest(setup, setup.defaultAgent));
		// ADR 0060: the managed file Pi would read (or `--managed FILE`) is linted with the scopes below it.
		const managed =
			setup.managed === undefined ? null : await readManagedPolicy(setup.managed.fileSystem, setup.managed.file);
		linted.push(await lintScopes(host, load.scopes, load.reports, load.issues, env, managed));
	} else {
		const path = host.flavor === "win32" ? win32 : posix;
		for (const file of files) {
			const absolute = path.resolve(host.cwd, file);
			linted.push(await lintFile(host, absolute, env));
		}
	}
	const findings = linted.flatMap((policy) => policy.findings);
	const reports = linted.flatMap((policy) => policy.reports);
	const coverage = linted.flatMap((policy) => policy.coverage);
	const count = (severity: string) => findings.filter((found) => found.severity === severity).length;
	const summary = { errors: count("error"), warnings: count("warning"), infos: count("info") };
	if (options.json === true) {
		const document = { version: LINT_JSON_VERSION, files: reports, findings: findings.map(jsonOf), summary, coverage };
		host.stdout.write(`${JSON.stringify(document)}\n`);
	} else {
		const shell = new Set(linted.flatMap((policy) => [...policy.shellSurfaces]));
		host.stdout.write(textOf(host, findings, summary, shell) + coverageText(coverage));
	}
	if (summary.errors > 0) return EXIT_CODES.usage;
	return summary.warnings > 0 && options.strict === true ? EXIT_CODES.ask : EXIT_CODES.allow;
}

async function lintScopes(
	host: CliHost,
	outcomes: readonly ScopeOutcome[],
	reports: readonly ScopeReport[],
	issues: readonly ConfigLoadIssue[],
	env: Parameters<typeof composePolicy>[0]["env"],
	managed: ManagedOutcome | null = null,
): Promise<LintedPolicy> {
	const files = new Map(reports.map((report) => [report.scope, report.file]));
	const scopes: LintScope[] = [];
	for (const outcome of outcomes) {
		if (outcome.status !== "valid") continue;
		const file = files.get(outcome.scope) ?? null;
		const text = file === null ? null : await readConfigText(host, file);
		const source = text === null ? null : readConfigSource(text, formatOf(outcome.scope));
		scopes.push({ scope: outcome.scope, file, config: outcome.config, source });
	}
	// Only the valid scopes, without yolo: lint judges the rules as written, not the fail-closed or yolo overlays.
	const valid = outcomes.map((outcome) =>
		outcome.status === "valid" ? outcome : ({ scope: outcome.scope, status: "absent" } as const),
	);
	const policy = composePolicy({ scopes: valid, env, yolo: false });
	const shellSurfaces = new Set(["bash", ...policy.shellTools.keys()]);
	const findings = [
		...lintPolicy({ rules: policy.rules, scopes, issues, shellSurfaces, now: host.now() }),
		...(managed === null ? [] : await lintManaged(host, { managed, valid, env, lower: policy, scopes, shellSurfaces })),
	].sort(byPlace);
	return {
		reports,
		findings,
		shellSurfaces,
		coverage: denyCoverage(policy.rules, shellSurfaces),
	};
}

/** One file linted on its own, as the only (global) scope. */
async function lintFile(
	host: CliHost,
	file: string,
	env: Parameters<typeof composePolicy>[0]["env"],
): Promise<LintedPolicy> {
	const text = await readConfigText(host, file);
	if (text === null) {
		const issue: ConfigLoadIssue = {
			kind: "unreadable",
			scope: "global",
			file,
			line: null,
			column: null,
			keyPath: [],
			message: "the file cannot be read",
			hint: "check the path and its permissions",
			severity: "error",
		};
		const input = emptyInput([issue]);
		return {
			reports: [{ scope: "global", file, status: "invalid" }],
			findings: lintPolicy(input),
			shellSurfaces: input.shellSurfaces,
			coverage: [],
		};
	}
	const format: ConfigFileFormat = file.endsWith(".md") ? "agent-markdown" : "config-json";
	const interpreted = interpretConfigText(text, format, { scope: "global", file });
	const outcome: ScopeOutcome =
		interpreted.status === "valid"
			? { scope: "global", status: "valid", config: interpreted.config, source: file }
			: { scope: "global", status: "absent" };
	const issues = interpreted.status === "absent" ? [] : interpreted.issues;
	const report: ScopeReport = { scope: "global", file, status: interpreted.status };
	return lintScopes(host, [outcome], [report], issues, env);
}

/** The managed tier's findings: the managed rules composed over the valid scopes, each placed in its file. */
async function lintManaged(
	host: CliHost,
	input: {
		readonly managed: ManagedOutcome;
		readonly valid: readonly ScopeOutcome[];
		readonly env: Parameters<typeof composePolicy>[0]["env"];
		readonly lower: ComposedPolicy;
		readonly scopes: readonly LintScope[];
		readonly shellSurfaces: ReadonlySet<string>;
	},
): Promise<LintFinding[]> {
	const { managed } = input;
	const composed = composePolicy({ scopes: input.valid, env: input.env, yolo: false, managed });
	const trusted = managed.status === "trusted" ? managed : null;
	const text = trusted === null ? null : await readConfigText(host, trusted.file);
	const source = text === null ? null : readConfigSource(text, "config-json");
	const placeOf = rulePlacer(
		input.scopes,
		trusted === null ? null : { file: trusted.file, config: trusted.config, source },
	);
	return managedFindings({
		lower: input.lower.rules,
		managed: composed.rules.filter((rule) => rule.origin === "managed"),
		facts: composed.managed,
		managedOnly: trusted?.config.allowManagedRulesOnly === true,
		placeOf,
		shell: input.shellSurfaces,
	});
}

function emptyInput(issues: readonly ConfigLoadIssue[]) {
	return { rules: [], scopes: [], issues, shellSurfaces: new Set<string>(), now: 0 };
}

function formatOf(scope: ScopeName): ConfigFileFormat {
	return scope === "agent" || scope === "project-agent" ? "agent-markdown" : "config-json";
}

/** One finding of the `--json` document (its fields are documented in docs/configuration.md). */
function jsonOf(found: LintFinding): Record<string, unknown> {
	return {
		kind: found.kind,
		severity: found.severity,
		file: found.place?.file ?? null,
		line: found.place?.line ?? null,
		column: found.place?.column ?? null,
		scope: found.place?.scope ?? null,
		surface: found.surface,
		pattern: found.pattern,
		message: found.message,
		example: found.example,
		fix: found.fix,
		related: found.related,
	};
}

function textOf(
	host: CliHost,
	findings: readonly LintFinding[],
	summary: { errors: number; warnings: number; infos: number },
	shell: ReadonlySet<string>,
): string {
	const colors = colorsFor(host.color);
	let text = "";
	for (const found of findings) {
		const where = found.place === null ? "-" : `${found.place.file}:${found.place.line}:${found.place.column}`;
		const severity =
			found.severity === "error"
				? colors.action("deny", "error")
				: found.severity === "warning"
					? colors.action("ask", "warning")
					: "info";
		text += `${where}: ${severity} ${found.kind}: ${found.message}\n`;
		if (found.example !== null) text += `    example: ${exampleCommandLine(found.example, shell)}\n`;
		text += `    fix: ${found.fix}\n`;
	}
	text +=
		findings.length === 0
			? "no findings\n"
			: `${summary.errors} error(s), ${summary.warnings} warning(s), ${summary.infos} info\n`;
	return text;
}
