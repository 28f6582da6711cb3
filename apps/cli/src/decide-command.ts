/**
 * Owns: the `check` and `explain` commands: one tool call in, its decision out (text or `--json`), with the trace
 * for `explain`, and the decision's exit code (0 allow, 2 ask, 3 deny; 1 for unusable input).
 * Never: prompts; an ask is reported as `ask`.
 */

import type { RunReport } from "@pi-permissions/engine";
import { missingAgentNotice } from "./agent-notice";
import { toolInputOf } from "./call-input";
import { CliEngine, type DecidedCall } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configNoticeLines, refusedModeText } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { EXIT_CODES, type ExitCode, exitCodeFor } from "./exit-code";
import { type ExplainTrace, explainTrace } from "./explain-trace";
import { persistedGrantsOf } from "./grants-command";
import { colorsFor, renderReport, renderTrace } from "./report-text";
import { sandboxSection } from "./sandbox-command";

export interface DecideOptions extends PolicyOptions {
	readonly json?: boolean;
}

export async function runDecide(
	host: CliHost,
	mode: "check" | "explain",
	tool: string,
	inputText: string,
	options: DecideOptions,
): Promise<ExitCode> {
	const engine = await CliEngine.create(host, resolvePolicySetup(host, options));
	const loaded = await engine.policyOf(engine.setup.defaultAgent);
	const input = toolInputOf(tool, inputText, loaded.policy);
	if (!input.ok) {
		host.stderr.write(`pi-permissions: ${input.error}\n`);
		return EXIT_CODES.usage;
	}
	const refused = refusedModeText(engine.setup, loaded);
	if (refused !== null) {
		host.stderr.write(`${refused}\n`);
		return EXIT_CODES.usage;
	}
	for (const line of configNoticeLines(loaded)) host.stderr.write(`${line}\n`);
	const missing = await missingAgentNotice(host.configFileSystem, loaded);
	if (missing !== null) host.stderr.write(`${missing}\n`);
	const decided = await engine.decide(tool, input.value, null);
	const { report } = decided;
	const grants = mode === "explain" ? await persistedGrantsOf(host, engine.setup) : [];
	const trace = mode === "explain" ? explainTrace(decided, grants) : null;
	host.stdout.write(options.json === true ? `${JSON.stringify(jsonOf(report, trace))}\n` : textOf(host, report, trace));
	// ADR 0037: for a bash call, `explain` also says what the sandbox will still stop once the gate lets it run.
	const sandbox =
		mode === "explain" && options.json !== true && tool === "bash"
			? sandboxSection(host, engine.setup, loaded.policy, commandPaths(decided.program))
			: [];
	if (sandbox.length > 0) host.stdout.write(`${sandbox.join("\n")}\n`);
	return exitCodeFor(report.action);
}

/** The canonical places a bash command names (its resolved path candidates). */
function commandPaths(program: DecidedCall["program"]): string[] {
	if (program === null) return [];
	return program.pathCandidates.flatMap((path) => (path.kind === "resolved" ? [path.canonical] : []));
}

function jsonOf(report: RunReport, trace: ExplainTrace | null): Record<string, unknown> {
	return trace === null ? { ...report } : { ...report, trace };
}

function textOf(host: CliHost, report: RunReport, trace: ExplainTrace | null): string {
	const colors = colorsFor(host.color);
	return trace === null ? renderReport(report, colors) : `${renderReport(report, colors)}${renderTrace(trace, colors)}`;
}
