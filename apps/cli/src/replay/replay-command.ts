/**
 * Owns: the `replay` command: reads recorded Pi sessions (every session under the agent directory, or the given files
 * and directories), re-decides each recorded tool call with the current policy (or `--policy FILE` as the global
 * scope) in its session's cwd, and reports totals per tool and surface, the most asked families with the rule the
 * dialog would offer for them, and the calls whose decision differs from the review log's; with `--mode`, the calls the
 * mode decides differently (`mode-changes.ts`).
 * Never: executes a call, prompts, or writes anything; an ask is counted as `ask`.
 */
import { posix, win32 } from "node:path";
import { BashParser } from "@pi-permissions/access-intent";
import type { PermissionState, SessionSuggestion } from "@pi-permissions/policy";
import { CliEngine } from "../cli-engine";
import type { CliHost } from "../cli-host";
import { type PolicyOptions, resolvePolicySetup } from "../config-options";
import { EXIT_CODES, type ExitCode } from "../exit-code";
import { ModeComparison } from "./mode-changes";
import { reviewLogDecisions } from "./review-log-decisions";
import { type RecordedCall, readSessionCalls } from "./session-calls";

export interface ReplayOptions extends PolicyOptions {
	/** The config file to decide with instead of the global one ("what if"). */
	readonly policy?: string;
	readonly since?: string;
	readonly json?: boolean;
}

/** The version of the `--json` document; raised only when a field changes meaning or goes away. */
const REPLAY_JSON_VERSION = 1;

/** More calls than this draw a progress bar on a terminal. */
const PROGRESS_THRESHOLD = 2000;
const PROGRESS_EVERY = 250;
/** How many families the text lists. */
const FAMILIES_SHOWN = 10;

type Counts = Record<PermissionState, number>;

interface Family {
	readonly suggestion: SessionSuggestion;
	count: number;
	readonly example: string;
}

interface Change {
	readonly file: string;
	readonly toolCallId: string;
	readonly toolName: string;
	readonly value: string | null;
	readonly was: PermissionState;
	readonly now: PermissionState;
	readonly matchedPattern: string | null;
	readonly origin: string | null;
}

export async function runReplay(host: CliHost, paths: readonly string[], options: ReplayOptions): Promise<ExitCode> {
	const since = options.since === undefined ? null : Date.parse(options.since);
	if (since !== null && Number.isNaN(since)) {
		host.stderr.write(
			`pi-permissions: --since ${JSON.stringify(options.since)} is not a date; write e.g. 2026-01-31\n`,
		);
		return EXIT_CODES.usage;
	}
	const policyOptions = options.policy === undefined ? options : { ...options, global: options.policy };
	const setup = resolvePolicySetup(host, policyOptions);
	const path = host.flavor === "win32" ? win32 : posix;
	const files = await sessionFiles(
		host,
		paths.length === 0 ? [path.join(setup.agentDir, "sessions")] : paths.map((p) => path.resolve(host.cwd, p)),
	);
	if (files === null) return EXIT_CODES.usage;
	const calls: RecordedCall[] = [];
	let skippedLines = 0;
	for (const file of files) {
		try {
			const read = await readSessionCalls(file, host.history.lines(file), since);
			calls.push(...read.calls);
			skippedLines += read.skippedLines;
		} catch (error) {
			host.stderr.write(
				`pi-permissions: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
			);
			return EXIT_CODES.usage;
		}
	}
	const logDir = path.join(setup.agentDir, "extensions", "pi-permissions", "logs");
	const recorded = new Map<string, PermissionState>();
	for (const log of [path.join(logDir, "review.jsonl.1"), path.join(logDir, "review.jsonl")]) {
		if ((await host.history.kind(log)) === "file") await reviewLogDecisions(host.history.lines(log), recorded);
	}

	// An id seen in more than one recorded call (a scripted provider's `call_1` in every session) cannot be joined to
	// one review log record; such calls are replayed but not compared.
	const seen = new Map<string, number>();
	for (const call of calls)
		if (call.toolCallId !== null) seen.set(call.toolCallId, (seen.get(call.toolCallId) ?? 0) + 1);
	const parser = await BashParser.load();
	const mode = setup.mode;
	const modes = mode === undefined ? null : new ModeComparison(host, { ...setup, mode }, parser);
	const engines = new Map<string, CliEngine>();
	const totals: Counts = { allow: 0, ask: 0, deny: 0 };
	const byTool = new Map<string, Counts>();
	const bySurface = new Map<string, Counts>();
	const families = new Map<string, Family>();
	const changes: Change[] = [];
	let compared = 0;
	const progress = host.stderrIsTerminal && calls.length > PROGRESS_THRESHOLD;
	for (const [index, call] of calls.entries()) {
		const cwd = call.cwd ?? setup.cwd;
		let engine = engines.get(cwd);
		if (engine === undefined) {
			engine = CliEngine.withParser(host, { ...setup, cwd }, parser);
			engines.set(cwd, engine);
		}
		const { report } = await engine.decide(call.toolName, call.input, null);
		const action = report.action;
		await modes?.compare(call, { action, origin: report.origin, reason: report.reason });
		totals[action] += 1;
		bump(byTool, call.toolName, action);
		bump(bySurface, report.surface ?? "-", action);
		if (action === "ask" && report.suggestion !== null) {
			const key = `${report.suggestion.surface}\u0000${report.suggestion.patterns.join("\u0000")}`;
			const family = families.get(key);
			if (family === undefined)
				families.set(key, { suggestion: report.suggestion, count: 1, example: report.value ?? "" });
			else family.count += 1;
		}
		const unique = call.toolCallId !== null && seen.get(call.toolCallId) === 1;
		const was = unique && call.toolCallId !== null ? recorded.get(call.toolCallId) : undefined;
		if (was !== undefined && call.toolCallId !== null) {
			compared += 1;
			if (was !== action) {
				changes.push({
					file: call.file,
					toolCallId: call.toolCallId,
					toolName: call.toolName,
					value: report.value,
					was,
					now: action,
					matchedPattern: report.matchedPattern,
					origin: report.origin,
				});
			}
		}
		if (progress && (index + 1) % PROGRESS_EVERY === 0) host.stderr.write(progressLine(index + 1, calls.length));
	}
	if (progress) host.stderr.write("\r\u001b[K");

	const ranked = [...families.values()].sort(
		(a, b) => b.count - a.count || a.suggestion.label.localeCompare(b.suggestion.label),
	);
	if (options.json === true) {
		const document = {
			version: REPLAY_JSON_VERSION,
			files,
			skippedLines,
			calls: calls.length,
			totals,
			byTool: Object.fromEntries(byTool),
			bySurface: Object.fromEntries(bySurface),
			families: ranked.map((family) => ({
				surface: family.suggestion.surface,
				patterns: family.suggestion.patterns,
				rule: ruleText(family.suggestion),
				label: family.suggestion.label,
				count: family.count,
				example: family.example,
			})),
			compared,
			changes,
			...(modes === null ? {} : { mode: modes.json() }),
		};
		host.stdout.write(`${JSON.stringify(document)}\n`);
		return EXIT_CODES.allow;
	}
	let text = `replayed ${calls.length} call(s) from ${files.length} session file(s)`;
	text += skippedLines > 0 ? `; ${skippedLines} unreadable line(s) skipped\n` : "\n";
	text += `\n${"".padEnd(28)}${"allow".padStart(7)}${"ask".padStart(7)}${"deny".padStart(7)}\n`;
	text += countsRow("total", totals);
	text += "by tool\n";
	for (const [tool, counts] of sorted(byTool)) text += countsRow(`  ${tool}`, counts);
	text += "by surface\n";
	for (const [surface, counts] of sorted(bySurface)) text += countsRow(`  ${surface}`, counts);
	if (ranked.length > 0) {
		text += "\nmost asked (the rule that would allow each family)\n";
		for (const family of ranked.slice(0, FAMILIES_SHOWN)) {
			text += `  ${String(family.count).padStart(5)}x  ${ruleText(family.suggestion)}  e.g. ${JSON.stringify(family.example)}\n`;
		}
	}
	text += `\ncompared with the review log: ${compared} call(s), ${changes.length} decision(s) changed\n`;
	for (const change of changes) {
		const rule =
			change.matchedPattern === null ? "" : ` by ${JSON.stringify(change.matchedPattern)} (${change.origin ?? "?"})`;
		text += `  ${change.toolName} ${JSON.stringify(change.value ?? "")} [${change.toolCallId}]: ${change.was} -> ${change.now}${rule}\n`;
	}
	if (modes !== null) text += modes.text();
	host.stdout.write(text);
	return EXIT_CODES.allow;
}

/** The session files of the given paths: a file as is, a directory's `.jsonl` files; `null` after a usage error. */
async function sessionFiles(host: CliHost, paths: readonly string[]): Promise<string[] | null> {
	const files: string[] = [];
	for (const path of paths) {
		const kind = await host.history.kind(path);
		switch (kind) {
			case "file":
				files.push(path);
				break;
			case "directory":
				files.push(...(await host.history.jsonlFiles(path)));
				break;
			case "missing":
			case "other":
				host.stderr.write(`pi-permissions: ${path} is not a session file or directory\n`);
				return null;
			default: {
				const unhandled: never = kind;
				throw new Error(`unhandled path kind ${String(unhandled)}`);
			}
		}
	}
	return files;
}

/** The config rule(s) that would allow a family: `"bash": { "git push *": "allow" }`. */
function ruleText(suggestion: SessionSuggestion): string {
	if (suggestion.kind === "tool") return `${JSON.stringify(suggestion.surface)}: "allow"`;
	const patterns = suggestion.patterns.map((pattern) => `${JSON.stringify(pattern)}: "allow"`).join(", ");
	return `${JSON.stringify(suggestion.surface)}: { ${patterns} }`;
}

function bump(map: Map<string, Counts>, key: string, action: PermissionState): void {
	const counts = map.get(key) ?? { allow: 0, ask: 0, deny: 0 };
	counts[action] += 1;
	map.set(key, counts);
}

function sorted(map: ReadonlyMap<string, Counts>): [string, Counts][] {
	return [...map].sort(([a], [b]) => a.localeCompare(b));
}

function countsRow(label: string, counts: Counts): string {
	return `${label.padEnd(28)}${String(counts.allow).padStart(7)}${String(counts.ask).padStart(7)}${String(counts.deny).padStart(7)}\n`;
}

function progressLine(done: number, total: number): string {
	const width = 30;
	const filled = Math.round((done / total) * width);
	return `\rreplaying ${done}/${total} [${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}
