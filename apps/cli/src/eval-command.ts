/**
 * Owns: the `eval` command: JSON lines in, one JSON line out per call, in order, streamed (each line is decided and
 * written before the next is read); an invalid line yields `{ "id", "error" }` and processing continues.
 * Never: prompts (an ask is reported as `ask`) or reads all of stdin before answering.
 */
import { createInterface } from "node:readline";
import { callReport, evalRecord } from "./call-report";
import { CliEngine } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configNoticeLines } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { readEvalLine } from "./eval-line";
import { EXIT_CODES, type ExitCode } from "./exit-code";

/** Lines longer than this are refused unread (a 100 MB line must not be parsed as a call). */
export const MAX_EVAL_LINE_LENGTH = 1_000_000;

export async function runEval(host: CliHost, options: PolicyOptions): Promise<ExitCode> {
	const engine = await CliEngine.create(host, resolvePolicySetup(host, options));
	const main = await engine.policyOf(engine.setup.defaultAgent);
	for (const line of configNoticeLines(main)) host.stderr.write(`${line}\n`);
	const lines = createInterface({ input: host.stdin, crlfDelay: Number.POSITIVE_INFINITY });
	for await (const line of lines) {
		if (line.trim() === "") continue;
		host.stdout.write(`${JSON.stringify(await answer(engine, line))}\n`);
	}
	return EXIT_CODES.allow;
}

async function answer(engine: CliEngine, line: string): Promise<Record<string, unknown>> {
	if (line.length > MAX_EVAL_LINE_LENGTH) {
		return { id: null, error: `line longer than ${MAX_EVAL_LINE_LENGTH} characters` };
	}
	const call = readEvalLine(line);
	if (!call.ok) return { id: call.error.id, error: call.error.error };
	const { id, tool, input, agent } = call.value;
	const decided = await engine.decide(tool, input, agent);
	return evalRecord(id, callReport(decided));
}
