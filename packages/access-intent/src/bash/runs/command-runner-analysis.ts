/**
 * Owns: what the programs of `command-runner-table.ts` run: tmux shell-command operands, sqlite3 dot-commands, the
 * program the dynamic loader or start-stop-daemon starts, what package runners (`npx -c`, `uv run`) hand on, and
 * whether `crontab`/`screen` only list; as words or a payload to parse, unknown otherwise.
 * Never: guesses; a computed word, an unknown tmux sub-command or an unreadable payload is unknown (`null`).
 */

import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import { TMUX_GLOBAL, tmuxOptionMeaning } from "../options/programs/tmux";
import { refTexts } from "../options/word-option-scan";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import {
	LISTING_RUNNERS,
	LOADER_CODE_OPTIONS,
	LOADER_GRAMMAR,
	PACKAGE_RUNNERS,
	SQLITE_OPAQUE,
	SQLITE_PIPE_DOT_COMMANDS,
	SQLITE_SHELL_DOT_COMMANDS,
	SQLITE_VALUE_OPTIONS,
	type SqlClient,
	START_STOP_GRAMMAR,
	START_STOP_PROGRAM_OPTIONS,
	TMUX_HARMLESS_COMMANDS,
	TMUX_SHELL_COMMANDS,
} from "./command-runner-table";
import { combineFound, type Found, NOT_A_WRAPPER } from "./option-effects";

const UNKNOWN = null;

/** `tmux new-session -d 'cmd'`, `tmux ls`, `tmux ls \; run-shell 'cmd'`: each `;`-separated command is read. */
export function tmuxExecutions(args: readonly WordRef[]): Found {
	const texts = args.map((ref) => literalWordText(ref.word));
	if (texts.some((text) => text === null)) return null;
	const words = texts as string[];
	// SECURITY: a `#(cmd)` in any format or name runs `cmd` (`tmux display -p '#(rm x)'`).
	if (words.some((word) => word.includes("#("))) return null;
	// The global options, by tmux's one grammar (`options/programs/tmux.ts`).
	const scan = scanOptions(words, TMUX_GLOBAL);
	let found: Found = NOT_A_WRAPPER;
	// tmux acts on each option as getopt returns it: `-V` prints the version and exits before a later bad option.
	for (const given of scan.options) {
		const meaning = tmuxOptionMeaning(given.name);
		const value = given.value === null ? null : valueText(given.value, words);
		switch (meaning) {
			case "no-run":
				return NOT_A_WRAPPER;
			// SECURITY: `tmux -c 'rm x'` runs its value with the default shell.
			case "command":
				found = value === null ? null : combineFound(found, [{ kind: "payload", text: value }]);
				break;
			// SECURITY: a configuration file is code; a socket path is a file tmux creates wherever it names.
			case "config":
			case "socket-path":
			case null:
				return null;
			case "plain":
				break;
			default: {
				const unhandled: never = meaning;
				throw new Error(`unhandled tmux option meaning ${String(unhandled)}`);
			}
		}
		if (found === null) return null;
	}
	if (scan.uncertain !== null) return null;
	const i = scan.rest;
	if (i >= words.length) return found;
	let start = i;
	for (let end = i; end <= words.length; end++) {
		const word = words[end];
		if (word !== undefined && word !== ";" && !word.endsWith(";")) continue;
		const command = words.slice(start, end);
		if (word !== undefined && word !== ";") command.push(word.slice(0, -1));
		found = combineFound(found, tmuxCommand(command));
		if (found === null) return null;
		start = end + 1;
	}
	return found;
}

function tmuxCommand(words: readonly string[]): Found {
	const [name, ...rest] = words;
	if (name === undefined || name === "") return NOT_A_WRAPPER;
	if (TMUX_HARMLESS_COMMANDS.has(name)) return NOT_A_WRAPPER;
	const grammar = TMUX_SHELL_COMMANDS.get(name);
	if (grammar === undefined) return null;
	const payload = rest.slice(scanOptions(rest, grammar).rest);
	// A new session or window with no command runs the default shell, which reads nothing from us.
	if (payload.length === 0) return name.startsWith("run") || name.startsWith("pipe") ? null : NOT_A_WRAPPER;
	return [{ kind: "payload", text: payload.join(" ") }];
}

/**
 * `sqlite3 db '.shell cmd'`, `-cmd '.system cmd'`, `.once |cmd`: dot-commands that run; plain SQL runs nothing.
 * sqlite3 reads an option wherever it stands (`sqlite3 db -bail`) and with one dash or two (`--init`).
 */
export function sqliteExecutions(args: readonly WordRef[]): Found {
	let found: Found = NOT_A_WRAPPER;
	let operands = 0;
	for (let i = 0; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null) return null;
		if (!text.startsWith("-")) {
			operands++;
			if (operands > 1) found = combineFound(found, sqliteCommand(text));
			if (found === null) return null;
			continue;
		}
		const name = text.startsWith("--") ? text.slice(1) : text;
		// SECURITY: `-init file` (`--init`) runs the file's dot-commands, `.shell` among them.
		if (name === "-init") return null;
		if (SQLITE_VALUE_OPTIONS.has(name)) {
			const value = args[i + 1] === undefined ? null : literalWordText((args[i + 1] as WordRef).word);
			i++;
			if (name === "-cmd") found = combineFound(found, sqliteCommand(value));
			if (found === null) return null;
		}
	}
	// SECURITY: with no SQL operand sqlite3 reads commands, dot-commands included, from stdin (`sqlite3 db -bail <<EOF`).
	return operands < 2 ? null : found;
}

function sqliteCommand(text: string | null): Found {
	if (text === null) return null;
	let found: Found = NOT_A_WRAPPER;
	for (const line of text.split("\n")) {
		if (SQLITE_OPAQUE.test(line)) return null;
		const dot = /^\s*\.([A-Za-z]+)\s*(.*)$/s.exec(line);
		if (dot === null) continue;
		const name = (dot[1] as string).toLowerCase();
		const argument = (dot[2] as string).trim();
		const prefixOf = (full: string) => name.length >= 2 && full.startsWith(name);
		if (SQLITE_SHELL_DOT_COMMANDS.some(prefixOf)) found = combineFound(found, [{ kind: "payload", text: argument }]);
		else if (SQLITE_PIPE_DOT_COMMANDS.some(prefixOf) && /^['"]?\|/.test(argument)) {
			// `.once |cmd` runs the rest of the line; `.import '|cmd' t` the quoted part.
			const quoted = /^(['"])\|(.*?)\1/s.exec(argument);
			const command = quoted === null ? argument.slice(1) : (quoted[2] as string);
			found = combineFound(found, [{ kind: "payload", text: command }]);
		}
	}
	return found;
}

/** Loader options that end the run without starting the program. */
const LOADER_INERT: readonly string[] = ["--list", "--verify", "--help", "--version"];

/** `/lib64/ld-linux-x86-64.so.2 [--preload ''] /usr/bin/rm x`: the first operand is the program it runs. */
export function loaderExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	const scan = scanOptions(texts, LOADER_GRAMMAR);
	for (const option of scan.options) {
		if (!option.known) {
			if (LOADER_INERT.includes(option.name)) return NOT_A_WRAPPER;
			continue;
		}
		// SECURITY: `--preload lib.so` loads code into the program; an empty list loads nothing (A2-ldso-env).
		if (LOADER_CODE_OPTIONS.has(option.name) && (option.value === null ? null : valueText(option.value, texts)) !== "")
			return null;
	}
	// `ld.so $PROG`: a computed word may be an option or the program.
	if (scan.uncertain !== null) return null;
	// The program is the first operand, or the first word after `--`; with neither the loader runs nothing.
	return words(args.slice(scan.rest));
}

/** `start-stop-daemon --start --exec /usr/bin/rm -- x`: the program option and the words after `--`. */
export function startStopExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	const scan = scanOptions(texts, START_STOP_GRAMMAR);
	// A computed word may be `--exec` or `--start` itself.
	if (scan.uncertain !== null) return null;
	let program: string | null = null;
	let start = false;
	for (const option of scan.options) {
		const name = option.name;
		if (name === "-S" || name === "--start") start = true;
		// `--startas` wins over `--exec`: it names what is started, `--exec` what is matched.
		if (START_STOP_PROGRAM_OPTIONS.has(name) && (program === null || name === "-a" || name === "--startas"))
			program = option.value === null ? null : valueText(option.value, texts);
	}
	if (!start) return NOT_A_WRAPPER;
	if (program === null) return null;
	const rest = texts.slice(scan.rest);
	if (rest.some((text) => text === null)) return null;
	return [{ kind: "payload", text: [program, ...(rest as string[])].map(shellQuote).join(" ") }];
}

function words(refs: readonly WordRef[]): Found {
	return refs.length === 0 ? null : [{ kind: "words", words: refs, markers: [] }];
}

/** A literal as one bash word: plain words stay as typed, anything else is single-quoted. */
function shellQuote(text: string): string {
	return /^[A-Za-z0-9_./=:,+@%-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * `psql -c '\\! rm x'`, `mysql -e 'system rm x'`, `psql -o '|cmd'`: a client command that escapes to a shell, an
 * editor or a script file is unknown; plain SQL runs nothing. Without a command option the client reads its
 * commands from stdin (`psql db <<EOF`), which this parse does not read.
 */
export function sqlClientExecutions(client: SqlClient, args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	const scan = scanOptions(texts, client.grammar);
	let commands = 0;
	let found: Found = NOT_A_WRAPPER;
	for (const option of scan.options) {
		if (client.inert.includes(texts[option.index] ?? "")) return NOT_A_WRAPPER;
		if (!option.known) continue;
		const value = option.value === null ? null : valueText(option.value, texts);
		if (value === null || client.fileOptions.includes(option.name)) return null;
		if (client.outputOptions.includes(option.name)) {
			if (value.startsWith("|")) found = combineFound(found, [{ kind: "payload", text: value.slice(1) }]);
			continue;
		}
		commands++;
		if (client.escapes.test(value)) return null;
	}
	// SECURITY: a computed word may be `-f file` or a command that escapes: unknown.
	if (scan.uncertain !== null) return null;
	return commands === 0 ? null : found;
}

/**
 * `npx tsc`, `uv run pytest`, `poetry run bash -c 'rm x'`: the command a runner runs is its executed unit, judged as a
 * unit of its own. SECURITY: a runner looks a name up on PATH as well as in the project (`npx rm notes.txt` runs
 * `/bin/rm`; red-team round 4), so a deny written for the program meets it behind any runner. npm's and npx's own
 * options (`-c 'cmd'`, `--node-options`) are read by their option tables (ADR 0052).
 */
export function packageRunnerExecutions(name: string, args: readonly WordRef[]): Found {
	const runner = PACKAGE_RUNNERS.get(name);
	if (runner === undefined) return NOT_A_WRAPPER;
	let i = 0;
	if (runner.verbs !== null) {
		const verb = args[0] === undefined ? "" : literalWordText(args[0].word);
		if (verb === null) return UNKNOWN;
		if (!runner.verbs.includes(verb)) return NOT_A_WRAPPER;
		i = 1 + runner.operands;
	}
	const after = args.slice(i);
	const inner = after.slice(scanOptions(refTexts(after), runner.grammar).rest);
	if (inner.length === 0) return NOT_A_WRAPPER;
	// `npx -- rm x`: the end of the runner's options is no part of the command.
	const command = inner[0] !== undefined && literalWordText(inner[0].word) === "--" ? inner.slice(1) : inner;
	return command.length === 0 ? NOT_A_WRAPPER : [{ kind: "words", words: command, markers: [] }];
}

/** `crontab -l`, `screen -ls` only read; `crontab file`, `crontab -e`, `screen cmd` run what we cannot see. */
export function listingExecutions(name: string, args: readonly WordRef[]): Found {
	const listing = LISTING_RUNNERS.get(name) ?? [];
	const texts = args.map((ref) => literalWordText(ref.word));
	const onlyReads = texts.length > 0 && texts.some((text) => text !== null && listing.includes(text));
	return onlyReads && !texts.some((text) => text === null || text === "-e" || text === "-r") ? NOT_A_WRAPPER : null;
}
