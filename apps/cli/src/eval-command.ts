/**
 * Owns: the `eval` command: JSON lines in, one JSON line out per call, in order, streamed (each line is decided and
 * written before the next is read); an invalid line yields `{ "id", "error" }` and processing continues; a line over
 * `--max-line-bytes` is never held whole and answers `{ "id", "error": "line too long" }`.
 * Never: prompts (an ask is reported as `ask`), reads all of stdin before answering, or buffers an over-long line.
 */
import { missingAgentNotice } from "./agent-notice";
import { boundedLines } from "./bounded-lines";
import { CliEngine } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configNoticeLines, refusedModeText } from "./config-notices";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { idOfLinePrefix, readEvalLine } from "./eval-line";
import { evalRecord } from "./eval-record";
import { EXIT_CODES, type ExitCode } from "./exit-code";

/** The default bound of one input line: 1 MiB (a 700 MB line must never be read whole). */
const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

/** Leading bytes of an over-long line kept to find its `id` in (`{"id":"…",` comes first in practice). */
const LINE_ID_PREFIX_BYTES = 4096;

const LINE_TOO_LONG = "line too long";

export interface EvalOptions extends PolicyOptions {
	/** `--max-line-bytes`, as commander hands it over (text). */
	readonly maxLineBytes?: string;
}

export async function runEval(host: CliHost, options: EvalOptions): Promise<ExitCode> {
	const maxLineBytes = lineBound(options.maxLineBytes);
	if (maxLineBytes === null) {
		host.stderr.write(`pi-permissions: --max-line-bytes must be a whole number of bytes from 1 up\n`);
		return EXIT_CODES.usage;
	}
	const engine = await CliEngine.create(host, resolvePolicySetup(host, options));
	const main = await engine.policyOf(engine.setup.defaultAgent);
	const refused = refusedModeText(engine.setup, main);
	if (refused !== null) {
		host.stderr.write(`${refused}\n`);
		return EXIT_CODES.usage;
	}
	for (const line of configNoticeLines(main)) host.stderr.write(`${line}\n`);
	const noticed = new Set<string | null>();
	const noticeAgent = async (agent: string | null) => {
		if (noticed.has(agent)) return;
		noticed.add(agent);
		const notice = await missingAgentNotice(host.configFileSystem, await engine.policyOf(agent));
		if (notice !== null) host.stderr.write(`${notice}\n`);
	};
	await noticeAgent(engine.setup.defaultAgent);
	const lines = boundedLines(host.stdin, { maxLineBytes, prefixBytes: Math.min(LINE_ID_PREFIX_BYTES, maxLineBytes) });
	for await (const line of lines) {
		if (line.kind === "too-long") {
			host.stdout.write(`${JSON.stringify({ id: idOfLinePrefix(line.prefix), error: LINE_TOO_LONG })}\n`);
			continue;
		}
		if (line.text.trim() === "") continue;
		const call = readEvalLine(line.text);
		if (!call.ok) {
			host.stdout.write(`${JSON.stringify({ id: call.error.id, error: call.error.error })}\n`);
			continue;
		}
		const { id, tool, input, agent } = call.value;
		await noticeAgent(agent ?? engine.setup.defaultAgent);
		const decided = await engine.decide(tool, input, agent);
		host.stdout.write(`${JSON.stringify(evalRecord(id, decided.report))}\n`);
	}
	return EXIT_CODES.allow;
}

/** The line bound from the flag's text, `null` when it is not a whole number of bytes from 1 up. */
function lineBound(text: string | undefined): number | null {
	if (text === undefined) return DEFAULT_MAX_LINE_BYTES;
	if (!/^[0-9]{1,15}$/.test(text.trim())) return null;
	const value = Number(text.trim());
	return Number.isSafeInteger(value) && value >= 1 ? value : null;
}
