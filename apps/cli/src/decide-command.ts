/**
 * Owns: the `check` and `explain` commands: one tool call in, its decision out (text or `--json`), with the trace
 * for `explain`, and the decision's exit code (0 allow, 2 ask, 3 deny; 1 for unusable input).
 * Never: prompts; an ask is reported as `ask`.
 */

import { missingAgentNotice } from "./agent-notice";
import { toolInputOf } from "./call-input";
import { type CallReport, callReport } from "./call-report";
import { CliEngine } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configNoticeLines } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { EXIT_CODES, type ExitCode, exitCodeFor } from "./exit-code";
import { type ExplainTrace, explainTrace } from "./explain-trace";
import { persistedGrantsOf } from "./grants-command";
import { colorsFor, renderReport, renderTrace } from "./report-text";

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
	for (const line of configNoticeLines(loaded)) host.stderr.write(`${line}\n`);
	const missing = await missingAgentNotice(host.configFileSystem, loaded);
	if (missing !== null) host.stderr.write(`${missing}\n`);
	const decided = await engine.decide(tool, input.value, null);
	const report = callReport(decided);
	const grants = mode === "explain" ? await persistedGrantsOf(host, engine.setup) : [];
	const trace = mode === "explain" ? explainTrace(engine, decided, report, grants) : null;
	host.stdout.write(options.json === true ? `${JSON.stringify(jsonOf(report, trace))}\n` : textOf(host, report, trace));
	return exitCodeFor(report.action);
}

function jsonOf(report: CallReport, trace: ExplainTrace | null): Record<string, unknown> {
	return trace === null ? { ...report } : { ...report, trace };
}

function textOf(host: CliHost, report: CallReport, trace: ExplainTrace | null): string {
	const colors = colorsFor(host.color);
	return trace === null ? renderReport(report, colors) : `${renderReport(report, colors)}${renderTrace(trace, colors)}`;
}
