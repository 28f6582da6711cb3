/**
 * Owns: the data table of which arguments of which programs name files the program writes, deletes, creates or
 * changes the metadata of (`tee` operands, `cp`/`mv`/`ln`/`install` destinations, `sed -i`, `sort -o`, `find
 * -delete`, `git --output`, `dd of=`, `curl -o`, …), read from the argument texts alone.
 * Never: resolves words to paths or reads the file system (`write-targets.ts` does); redirects are not here.
 * To add a program: add one row to `WRITE_OPERANDS` (its option grammar and what it writes) and one row to
 * `test/bash/effects/write-operand-table.cases.ts`.
 * Over 400 lines: the table keeps each small program's grammar next to its row, so a row and the reading it relies
 * on are reviewed together (a missed write is a bypass); the large grammars have their own modules
 * (`git-write-operands.ts`, `transfer-write-operands.ts`) and the selection vocabulary is `write-selection.ts`.
 */

import { gnuGrammar, type OptionGrammar } from "../../options/option-grammar";
import { hasOption, optionValues, valueText } from "../../options/option-queries";
import { type ArgTexts, scanOptions } from "../../options/option-scanner";
import { SED } from "../../options/programs/sed";
import { awkWrites } from "./awk-program";
import { git } from "./git-write-operands";
import { namedWrites, writesNamedFiles } from "./named-files";
import { sedWrites } from "./sed-script";
import { curl, patch, tar, unzip, wget } from "./transfer-write-operands";
import { basename, fromValue, type Handler, type WriteEffect, type WriteSelection, word } from "./write-selection";

export type { WriteEffect, WriteSelection } from "./write-selection";

/** Every operand is written (`tee`, `truncate`, `touch`, `rm`, …). */
/** A program whose options the table does not list: any `-x` is a flag, every other word an operand. */
const NO_OPTIONS: OptionGrammar = gnuGrammar({});

function operandsAre(
	effect: WriteEffect,
	via: string,
	grammar: OptionGrammar = NO_OPTIONS,
	recursive: string[] = [],
): Handler {
	return (args) => {
		const scanned = scanOptions(args, grammar);
		const tree = recursive.length > 0 && hasOption(scanned, ...recursive);
		return scanned.operands.map((index) => word(index, effect, via, tree));
	};
}

/** Values of the listed options are written (`sort -o F`, `curl -o F`). */
function optionsWrite(
	grammar: OptionGrammar,
	written: readonly string[],
	via: string,
	effect: WriteEffect = "write",
): Handler {
	return (args) => optionValues(scanOptions(args, grammar), ...written).map((value) => fromValue(value, effect, via));
}

const RECURSIVE = ["-r", "-R", "-a", "--recursive", "--archive"];

/** `cp`/`mv`/`install`/`ln`: `-t DIR` or the last operand, into which the other operands may land. */
function copyLike(program: string, grammar: OptionGrammar, movesSources: boolean): Handler {
	return (args) => {
		const scanned = scanOptions(args, grammar);
		const tree = hasOption(scanned, ...RECURSIVE) || movesSources;
		const targets = optionValues(scanned, "-t", "--target-directory");
		const out: WriteSelection[] = [];
		let sources = [...scanned.operands];
		if (program === "install" && hasOption(scanned, "-d", "--directory")) {
			return sources.map((index) => word(index, "create", "install -d"));
		}
		if (targets.length > 0) {
			for (const target of targets) {
				if (target.kind === "word") out.push({ ...word(target.index, "write", program, tree), into: sources });
				else out.push({ kind: "text", text: target.text, effect: "write", via: program, tree });
			}
		} else {
			const last = sources.at(-1);
			if (last === undefined) return out;
			if (sources.length === 1 && program === "ln") {
				// `ln -s path` makes `./basename(path)`: the link lands in the working directory.
				out.push({
					kind: "text",
					text: basename(args[last] ?? null) ?? "",
					effect: "create",
					via: program,
					tree: false,
				});
				return out.filter((selection) => selection.kind !== "text" || selection.text !== "");
			}
			if (sources.length === 1) return out;
			sources = sources.slice(0, -1);
			// `-T` (and ln's `-n` on a link to a directory) writes the last operand itself, never a name inside it.
			const itself =
				hasOption(scanned, "-T", "--no-target-directory") ||
				(program === "ln" && hasOption(scanned, "-n", "--no-dereference"));
			out.push(itself ? word(last, "write", program, tree) : { ...word(last, "write", program, tree), into: sources });
		}
		// SECURITY: `mv .git/config x` removes the file from where it was: a move deletes its sources.
		if (movesSources) for (const index of sources) out.push(word(index, "delete", program, true));
		return out;
	};
}

/**
 * A sed command line's scripts (`-e` values, else its first operand; `null` for a computed one), its `-f` files, its
 * input file operands and whether it edits them in place. Read by sed's whole grammar (`options/programs/sed.ts`):
 * GNU sed takes unique abbreviations of its long options, so `--in-pl`, `--i`, `--in-pla=.bak` are `--in-place`.
 */
export function sedCommandLine(args: ArgTexts): {
	readonly scripts: readonly (string | null)[];
	readonly scriptFiles: ReturnType<typeof optionValues>;
	readonly files: readonly number[];
	readonly inPlace: boolean;
} {
	const scanned = scanOptions(args, SED.grammar);
	// SECURITY: `sed -n --in-pl '' f` edits f: the option is found by its canonical name, however it was spelled; the
	// written-text test stays as a floor (`-ni`, `-Ei`, a cluster the grammar reads otherwise).
	const inPlace =
		hasOption(scanned, "-i") ||
		args.some((text) => text !== null && (/^-[a-zA-Z]*i/.test(text) || text.startsWith("--in")));
	const expressions = optionValues(scanned, "-e", "--expression");
	const scriptFiles = optionValues(scanned, "-f", "--file");
	let files = scanned.operands;
	const scripts: (string | null)[] = expressions.map((value) => valueText(value, args));
	if (expressions.length === 0 && scriptFiles.length === 0) {
		const first = files[0];
		if (first === undefined) return { scripts, scriptFiles, files, inPlace };
		scripts.push(args[first] ?? null);
		files = files.slice(1);
	}
	return { scripts, scriptFiles, files, inPlace };
}

function sed(args: ArgTexts): WriteSelection[] {
	const out: WriteSelection[] = [];
	const { scripts, scriptFiles, files, inPlace } = sedCommandLine(args);
	if (scripts.length === 0 && scriptFiles.length === 0) return out;
	if (inPlace) for (const index of files) out.push(word(index, "write", "sed -i"));
	for (const file of scriptFiles) {
		const spelling = file.kind === "text" ? file.text : (args[file.index] ?? "?");
		out.push({ kind: "unknown", spelling: `sed -f ${spelling}`, effect: "write", via: "sed -f", tree: false });
	}
	for (const script of scripts) {
		if (script === null) {
			out.push({ kind: "unknown", spelling: "a computed sed script", effect: "write", via: "sed", tree: false });
			continue;
		}
		const writes = sedWrites(script);
		for (const file of writes.files) out.push({ kind: "text", text: file, effect: "write", via: "sed w", tree: false });
		if (writes.unreadable)
			out.push({ kind: "unknown", spelling: "an unreadable sed script", effect: "write", via: "sed", tree: false });
	}
	return out;
}

const AWK_OPTIONS = gnuGrammar({
	shortValue: "fvFWEiel",
	longValue: ["file", "assign", "field-separator", "exec", "include", "source", "load"],
});

/** An awk command line's program texts (`-e`/`--source` values, else its first operand; `null` when computed). */
export function awkCommandLine(args: ArgTexts): {
	readonly sources: readonly (string | null)[];
	readonly programFiles: ReturnType<typeof optionValues>;
} {
	const scanned = scanOptions(args, AWK_OPTIONS);
	const programFiles = optionValues(scanned, "-f", "--file", "-E", "--exec", "-i", "--include");
	const sources = optionValues(scanned, "-e", "--source").map((value) => valueText(value, args));
	if (programFiles.length === 0 && sources.length === 0) {
		const first = scanned.operands[0];
		if (first !== undefined) sources.push(args[first] ?? null);
	}
	return { sources, programFiles };
}

function awk(args: ArgTexts): WriteSelection[] {
	const out: WriteSelection[] = [];
	const { sources, programFiles } = awkCommandLine(args);
	// gawk's own output files: `-o[F]`/`--pretty-print[=F]`, `-p[F]`/`--profile[=F]`, `-d[F]`/`--dump-variables[=F]`.
	for (const text of args) {
		const own =
			text === null ? null : /^(?:-([opd])(.*)|--(pretty-print|profile|dump-variables)(?:=(.*))?)$/.exec(text);
		if (own === null) continue;
		const letter = own[1] ?? (own[3] === "dump-variables" ? "d" : "o");
		const file = own[2] || own[4] || (letter === "d" ? "awkvars.out" : "awkprof.out");
		out.push({ kind: "text", text: file, effect: "write", via: "gawk output", tree: false });
	}
	for (const _file of programFiles)
		out.push({ kind: "unknown", spelling: "an awk program file", effect: "write", via: "awk -f", tree: false });
	for (const program of sources) {
		const writes = program === null ? { files: [], computed: true } : awkWrites(program);
		for (const file of writes.files)
			out.push({ kind: "text", text: file, effect: "write", via: "awk print >", tree: false });
		if (writes.computed)
			out.push({
				kind: "unknown",
				spelling: "a file an awk program names",
				effect: "write",
				via: "awk print >",
				tree: false,
			});
	}
	return out;
}

function find(args: ArgTexts): WriteSelection[] {
	let index = 0;
	while (index < args.length && /^-(?:[HLP]|O\d*|D)$/.test(args[index] ?? "")) index += args[index] === "-D" ? 2 : 1;
	const starts: number[] = [];
	while (index < args.length) {
		const text = args[index] ?? null;
		if (text !== null && (text.startsWith("-") || text === "(" || text === "!" || text === ",")) break;
		starts.push(index++);
	}
	const out: WriteSelection[] = [];
	for (; index < args.length; index++) {
		const text = args[index];
		if (text === "-delete") {
			if (starts.length === 0) out.push({ kind: "text", text: ".", effect: "delete", via: "find -delete", tree: true });
			for (const start of starts) out.push(word(start, "delete", "find -delete", true));
		} else if (text === "-fprint" || text === "-fprint0" || text === "-fls" || text === "-fprintf") {
			if (index + 1 < args.length) out.push(word(index + 1, "write", `find ${text}`));
			index += text === "-fprintf" ? 2 : 1;
		}
	}
	return out;
}

function splitLike(program: string, defaultPrefix: string, firstSuffix: string, grammar: OptionGrammar): Handler {
	return (args) => {
		const scanned = scanOptions(args, grammar);
		const prefixes =
			program === "csplit"
				? optionValues(scanned, "-f", "--prefix").map((value) => valueText(value, args))
				: [scanned.operands[1] === undefined ? defaultPrefix : (args[scanned.operands[1]] ?? null)];
		if (prefixes.length === 0) prefixes.push(defaultPrefix);
		return prefixes.map((prefix) =>
			prefix === null
				? { kind: "unknown", spelling: `${program} pieces`, effect: "write", via: program, tree: false }
				: { kind: "text", text: `${prefix}${firstSuffix}`, effect: "write", via: program, tree: false },
		);
	};
}

function dd(args: ArgTexts): WriteSelection[] {
	const out: WriteSelection[] = [];
	for (const text of args)
		if (text?.startsWith("of="))
			out.push({ kind: "text", text: text.slice(3), effect: "write", via: "dd of=", tree: false });
	return out;
}

/** `chmod MODE FILE…`, `chown OWNER FILE…`: the first operand is the mode or owner unless `--reference` gives it. */
function metadata(program: string): Handler {
	return (args) => {
		// `chmod -w f`: a mode may start with `-`; any word that is not a known flag counts as an operand.
		const flags =
			/^-(?:[RvcfhHLP]+|-recursive|-verbose|-changes|-silent|-quiet|-no-dereference|-dereference|-preserve-root|-no-preserve-root|-reference=.*|-from=.*)$/;
		const operands: number[] = [];
		let reference = false;
		let tree = false;
		args.forEach((text, index) => {
			if (text !== null && flags.test(text)) {
				if (text.startsWith("--reference")) reference = true;
				if (/^-[a-zA-Z]*R|^--recursive$/.test(text)) tree = true;
			} else if (text !== "--") operands.push(index);
		});
		return operands.slice(reference ? 0 : 1).map((index) => word(index, "metadata", program, tree));
	};
}

const RSYNC_OPTIONS = gnuGrammar({
	shortValue: "eBfMTP",
	longValue: [
		"rsh",
		"filter",
		"exclude",
		"include",
		"temp-dir",
		"log-file",
		"backup-dir",
		"partial-dir",
		"block-size",
		"rsync-path",
		"exclude-from",
		"include-from",
		"files-from",
		"port",
	],
});

function rsyncLike(program: string): Handler {
	return (args) => {
		const scanned = scanOptions(args, RSYNC_OPTIONS);
		const out = optionValues(scanned, "--log-file").map((value) => fromValue(value, "write", `${program} --log-file`));
		const last = scanned.operands.at(-1);
		const text = last === undefined ? null : (args[last] ?? null);
		// A `host:path` destination writes on another machine; a local one receives the whole tree.
		if (last !== undefined && scanned.operands.length >= 2 && (text === null || !/^[^/]*:/.test(text)))
			out.push(word(last, "write", program, true));
		return out;
	};
}

function logsDir(program: string): Handler {
	return optionsWrite(gnuGrammar({ longValue: ["logs-dir"] }), ["--logs-dir"], `${program} --logs-dir`, "create");
}

const COMPRESSOR_OPTIONS = gnuGrammar({ shortValue: "S", longValue: ["suffix"] });

function compressor(program: string): Handler {
	return (args) => {
		const scanned = scanOptions(args, COMPRESSOR_OPTIONS);
		if (hasOption(scanned, "-c", "--stdout", "-t", "--test", "-l", "--list")) return [];
		// Compressing writes `f.gz` and removes `f`; decompressing the reverse: both names are written.
		return scanned.operands.flatMap((index) => [word(index, "write", program), word(index, "delete", program)]);
	};
}

/** `-o F`, `-oF`, `--output F`, `--output=F` (compilers and converters do not bundle short options). */
function outputOption(program: string): Handler {
	return (args) => {
		const out: WriteSelection[] = [];
		args.forEach((text, index) => {
			if (text === "-o" || text === "--output") {
				if (index + 1 < args.length) out.push(word(index + 1, "write", `${program} -o`));
			} else if (text?.startsWith("--output="))
				out.push({ kind: "text", text: text.slice(9), effect: "write", via: `${program} -o`, tree: false });
			else if (text?.startsWith("-o") && text.length > 2)
				out.push({ kind: "text", text: text.slice(2), effect: "write", via: `${program} -o`, tree: false });
		});
		return out;
	};
}

const UNIQ_OPTIONS = gnuGrammar({
	shortValue: "fsw",
	longValue: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"],
});

/** The table: one row per program (the command name after normalisation). */
export const WRITE_OPERANDS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
	["tee", operandsAre("write", "tee", gnuGrammar({ longValue: ["output-error"] }))],
	["cp", copyLike("cp", gnuGrammar({ shortValue: "tS", longValue: ["target-directory", "suffix"] }), false)],
	["mv", copyLike("mv", gnuGrammar({ shortValue: "tS", longValue: ["target-directory", "suffix"] }), true)],
	[
		"install",
		copyLike(
			"install",
			gnuGrammar({
				shortValue: "tSgmo",
				longValue: ["target-directory", "suffix", "group", "mode", "owner", "strip-program"],
			}),
			false,
		),
	],
	["ln", copyLike("ln", gnuGrammar({ shortValue: "tS", longValue: ["target-directory", "suffix"] }), false)],
	["link", operandsAre("create", "link")],
	["rm", operandsAre("delete", "rm", NO_OPTIONS, ["-r", "-R", "--recursive"])],
	["unlink", operandsAre("delete", "unlink")],
	["rmdir", operandsAre("delete", "rmdir")],
	[
		"shred",
		operandsAre("write", "shred", gnuGrammar({ shortValue: "ns", longValue: ["iterations", "size", "random-source"] })),
	],
	["sed", sed],
	["gsed", sed],
	["awk", awk],
	["gawk", awk],
	["mawk", awk],
	["nawk", awk],
	[
		"sort",
		optionsWrite(
			gnuGrammar({
				shortValue: "okStT",
				longValue: [
					"output",
					"key",
					"buffer-size",
					"field-separator",
					"temporary-directory",
					"compress-program",
					"files0-from",
					"parallel",
					"batch-size",
					"random-source",
				],
			}),
			["-o", "--output"],
			"sort -o",
		),
	],
	[
		"uniq",
		(args) =>
			scanOptions(args, UNIQ_OPTIONS)
				.operands.slice(1, 2)
				.map((index) => word(index, "write", "uniq")),
	],
	["find", find],
	[
		"split",
		splitLike(
			"split",
			"x",
			"aa",
			gnuGrammar({
				shortValue: "abClnt",
				longValue: [
					"suffix-length",
					"bytes",
					"line-bytes",
					"lines",
					"number",
					"separator",
					"additional-suffix",
					"filter",
				],
			}),
		),
	],
	[
		"csplit",
		splitLike(
			"csplit",
			"xx",
			"00",
			gnuGrammar({ shortValue: "fbn", longValue: ["prefix", "suffix-format", "digits"] }),
		),
	],
	["git", git],
	["dd", dd],
	["truncate", operandsAre("write", "truncate", gnuGrammar({ shortValue: "sr", longValue: ["size", "reference"] }))],
	[
		"touch",
		operandsAre("create", "touch", gnuGrammar({ shortValue: "dtr", longValue: ["date", "reference", "time"] })),
	],
	["mkdir", operandsAre("create", "mkdir", gnuGrammar({ shortValue: "m", longValue: ["mode"] }))],
	["mkfifo", operandsAre("create", "mkfifo", gnuGrammar({ shortValue: "m", longValue: ["mode"] }))],
	["curl", curl],
	["wget", wget],
	["tar", tar],
	["unzip", unzip],
	["patch", patch],
	["chmod", metadata("chmod")],
	["chown", metadata("chown")],
	["chgrp", metadata("chgrp")],
	["rsync", rsyncLike("rsync")],
	["scp", rsyncLike("scp")],
	["npm", logsDir("npm")],
	["npx", logsDir("npx")],
	["sponge", operandsAre("write", "sponge")],
	["gzip", compressor("gzip")],
	["gunzip", compressor("gunzip")],
	["bzip2", compressor("bzip2")],
	["xz", compressor("xz")],
	["iconv", outputOption("iconv")],
	["gcc", outputOption("gcc")],
	["cc", outputOption("cc")],
	["clang", outputOption("clang")],
	["g++", outputOption("g++")],
	["pandoc", outputOption("pandoc")],
]);

/** True when the table or the program's option table lists `program` (callers skip reading any other's texts). */
export function hasWriteOperands(program: string): boolean {
	return WRITE_OPERANDS.has(program) || writesNamedFiles(program);
}

/**
 * What `program` writes with these arguments: its row here, and the files its option table names (ADR 0052); `[]`
 * for a program neither lists. A file both name is listed once.
 */
export function writeSelections(program: string | null, args: ArgTexts): WriteSelection[] {
	if (program === null) return [];
	const handler = WRITE_OPERANDS.get(program);
	const own = handler === undefined ? [] : handler(args);
	const named = namedWrites(program, args);
	if (named.length === 0) return own;
	const key = (selection: WriteSelection) =>
		selection.kind === "word" ? `w${selection.index}` : selection.kind === "text" ? `t${selection.text}` : "";
	const seen = new Set(own.map(key));
	return [...own, ...named.filter((selection) => !seen.has(key(selection)))];
}
