/**
 * Owns: the data table of which arguments of which programs name files the program writes, deletes, creates or
 * changes the metadata of (`tee` operands, `cp`/`mv`/`ln`/`install` destinations, `sed -i`, `sort -o`, `find
 * -delete`, `git --output`, `dd of=`, `curl -o`, …), read from the argument texts alone.
 * Never: resolves words to paths or reads the file system (`write-targets.ts` does); redirects are not here.
 * To add a program: add one row to `WRITE_OPERANDS` (its option grammar and what it writes) and one row to
 * `test/bash/effects/write-operand-table.cases.ts`.
 */
import { awkWrites } from "./awk-program";
import {
	type ArgTexts,
	hasOption,
	type OptionGrammar,
	type OptionValue,
	optionValues,
	scanOptions,
} from "./option-scan";
import { sedWrites } from "./sed-script";

/** What happens to the file: its content changes, it goes away, it is made, or its mode/owner changes. */
export type WriteEffect = "write" | "delete" | "create" | "metadata";

interface SelectionBase {
	readonly effect: WriteEffect;
	/** How the program writes it, for prompts: `tee`, `sed -i`, `find -delete`, `git --output`, … */
	readonly via: string;
	/** True when everything below the path may be written too (`rm -r`, `find -delete`, `cp -r`). */
	readonly tree: boolean;
}

/**
 * One written file: an argument word (by index), a text read out of one (`of=F`, `--output=F`, a sed `w` file), or
 * a write whose file the arguments cannot name (`awk -f prog`, `sed -f script`, `print > name`).
 * `into` lists source words when the target may be an existing directory the sources land in (`cp a b dir`).
 */
export type WriteSelection =
	| (SelectionBase & { readonly kind: "word"; readonly index: number; readonly into?: readonly number[] })
	| (SelectionBase & { readonly kind: "text"; readonly text: string; readonly relativeTo?: OptionValue })
	| (SelectionBase & { readonly kind: "unknown"; readonly spelling: string });

type Handler = (args: ArgTexts) => WriteSelection[];

type WordSelection = Extract<WriteSelection, { kind: "word" }>;

const word = (index: number, effect: WriteEffect, via: string, tree = false): WordSelection => ({
	kind: "word",
	index,
	effect,
	via,
	tree,
});

const fromValue = (value: OptionValue, effect: WriteEffect, via: string, tree = false): WriteSelection =>
	value.kind === "word" ? word(value.index, effect, via, tree) : { kind: "text", text: value.text, effect, via, tree };

/** Every operand is written (`tee`, `truncate`, `touch`, `rm`, …). */
function operandsAre(effect: WriteEffect, via: string, grammar: OptionGrammar = {}, recursive: string[] = []): Handler {
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
 * A sed command line's scripts (`-e` values, else its first operand; `null` for a computed one), its `-f` files and
 * its input file operands.
 */
export function sedCommandLine(args: ArgTexts): {
	readonly scripts: readonly (string | null)[];
	readonly scriptFiles: ReturnType<typeof optionValues>;
	readonly files: readonly number[];
} {
	const scanned = scanOptions(args, { shortValues: "efl", longValues: ["expression", "file", "line-length"] });
	const expressions = optionValues(scanned, "-e", "--expression");
	const scriptFiles = optionValues(scanned, "-f", "--file");
	let files = scanned.operands;
	const scripts: (string | null)[] = expressions.map((value) =>
		value.kind === "text" ? value.text : (args[value.index] ?? null),
	);
	if (expressions.length === 0 && scriptFiles.length === 0) {
		const first = files[0];
		if (first === undefined) return { scripts, scriptFiles, files };
		scripts.push(args[first] ?? null);
		files = files.slice(1);
	}
	return { scripts, scriptFiles, files };
}

function sed(args: ArgTexts): WriteSelection[] {
	const out: WriteSelection[] = [];
	const { scripts, scriptFiles, files } = sedCommandLine(args);
	if (scripts.length === 0 && scriptFiles.length === 0) return out;
	// `-i`, `-i.bak`, `-ni`, `--in-place[=SUF]`: the option letters before `i` may be bundled (`-ni`, `-Ei`).
	const inPlace = args.some((text) => text !== null && (/^-[a-zA-Z]*i/.test(text) || text.startsWith("--in-place")));
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

/** An awk command line's program texts (`-e`/`--source` values, else its first operand; `null` when computed). */
export function awkCommandLine(args: ArgTexts): {
	readonly sources: readonly (string | null)[];
	readonly programFiles: ReturnType<typeof optionValues>;
} {
	const scanned = scanOptions(args, {
		shortValues: "fvFWEiel",
		longValues: ["file", "assign", "field-separator", "exec", "include", "source", "load"],
	});
	const programFiles = optionValues(scanned, "-f", "--file", "-E", "--exec", "-i", "--include");
	const sources = optionValues(scanned, "-e", "--source").map((value) =>
		value.kind === "text" ? value.text : (args[value.index] ?? null),
	);
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

const GIT_GLOBAL_VALUES = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"];
const GIT_CONFIG_READS = [
	"--get",
	"--get-all",
	"--get-regexp",
	"--get-urlmatch",
	"--list",
	"-l",
	"--get-color",
	"--get-colorbool",
	"--show-origin",
	"--show-scope",
];

function git(args: ArgTexts): WriteSelection[] {
	let index = 0;
	let directory: OptionValue | null = null;
	while (index < args.length) {
		const text = args[index] ?? null;
		if (text === null || !text.startsWith("-")) break;
		if (GIT_GLOBAL_VALUES.includes(text)) {
			if (text === "-C") directory = { kind: "word", index: index + 1 };
			index += 2;
		} else index++;
	}
	const subcommand = args[index];
	const rest = args.slice(index + 1);
	const scanned = scanOptions(
		rest,
		subcommand === "format-patch" || subcommand === "archive" ? GIT_OUTPUT_O_GRAMMAR : GIT_OUTPUT_GRAMMAR,
	);
	const out: WriteSelection[] = [];
	for (const value of optionValues(scanned, "--output")) out.push(fromValue(value, "write", "git --output"));
	if (subcommand === "format-patch")
		for (const value of optionValues(scanned, "-o", "--output-directory"))
			out.push(fromValue(value, "create", "git format-patch -o", true));
	if (subcommand === "archive")
		for (const value of optionValues(scanned, "-o")) out.push(fromValue(value, "write", "git archive -o"));
	if (subcommand === "config") out.push(...gitConfig(rest, scanned));
	out.push(...gitWorktreeWrites(subcommand ?? null, rest));
	if (out.length === 0) return out;
	return out.map((selection) => shiftGitSelection(selection, index + 1, directory, args));
}

const GIT_OUTPUT_GRAMMAR: OptionGrammar = { shortValues: "", longValues: ["output", "output-directory", "file"] };
const GIT_OUTPUT_O_GRAMMAR: OptionGrammar = { ...GIT_OUTPUT_GRAMMAR, shortValues: "o" };

/**
 * A selection read from the words after the subcommand, placed back among all of git's words; `git -C dir diff
 * --output=f` writes `dir/f`: the option value is relative to the -C directory.
 */
function shiftGitSelection(
	selection: WriteSelection,
	offset: number,
	directory: OptionValue | null,
	args: ArgTexts,
): WriteSelection {
	const moved = selection.kind === "word" ? { ...selection, index: selection.index + offset } : selection;
	if (directory === null || moved.kind === "unknown") return moved;
	const text = moved.kind === "text" ? moved.text : (args[moved.index] ?? null);
	if (text === null) return moved;
	return { kind: "text", text, relativeTo: directory, effect: moved.effect, via: moved.via, tree: moved.tree };
}

const GIT_WORKTREE_GRAMMAR: OptionGrammar = {
	shortValues: "bcoju",
	longValues: [
		"branch",
		"origin",
		"depth",
		"template",
		"separate-git-dir",
		"source",
		"reference",
		"config",
		"upload-pack",
		"jobs",
	],
};

function gitOperands(rest: ArgTexts): readonly number[] {
	return scanOptions(rest, GIT_WORKTREE_GRAMMAR).operands;
}

function wordAt(index: number | undefined, effect: WriteEffect, via: string, tree: boolean): WriteSelection[] {
	return index === undefined ? [] : [word(index, effect, via, tree)];
}

/**
 * Subcommands that write named places: `clone URL DIR`, `init DIR`, `worktree add DIR` make a tree (a clone into
 * `.pi/extensions/x` plants an extension); `checkout REV -- PATHS` and `restore PATHS` overwrite the paths with
 * content from the repository; `bundle create F` writes `F`.
 */
function gitWorktreeWrites(subcommand: string | null, rest: ArgTexts): WriteSelection[] {
	// The operands are read only for a subcommand that writes: `git status` and `git log` scan nothing here.
	switch (subcommand) {
		case "clone": {
			const operands = gitOperands(rest);
			return operands.length >= 2 ? wordAt(operands.at(-1), "create", "git clone", true) : [];
		}
		case "init":
			return wordAt(gitOperands(rest)[0], "create", "git init", true);
		case "worktree": {
			const operands = gitOperands(rest);
			return rest[operands[0] ?? -1] === "add" ? wordAt(operands[1], "create", "git worktree add", true) : [];
		}
		case "bundle": {
			const operands = gitOperands(rest);
			return rest[operands[0] ?? -1] === "create" ? wordAt(operands[1], "write", "git bundle create", false) : [];
		}
		case "restore":
			return gitOperands(rest).map((index) => word(index, "write", "git restore", true));
		case "checkout": {
			const dashes = rest.indexOf("--");
			if (dashes < 0) return [];
			return rest.slice(dashes + 1).map((_text, offset) => word(dashes + 1 + offset, "write", "git checkout --", true));
		}
		default:
			return [];
	}
}

/** `git config` writes the repository's config unless it only reads (`--get`, `--list`, one key, `get`/`list`). */
function gitConfig(rest: ArgTexts, scanned: ReturnType<typeof scanOptions>): WriteSelection[] {
	if (hasOption(scanned, ...GIT_CONFIG_READS)) return [];
	const positional = scanned.operands.map((index) => rest[index]);
	const verb = positional[0];
	if (verb === "get" || verb === "list") return [];
	const writes =
		hasOption(
			scanned,
			"--unset",
			"--unset-all",
			"--add",
			"--replace-all",
			"--rename-section",
			"--remove-section",
			"-e",
			"--edit",
		) || positional.length >= 2;
	if (!writes) return [];
	const file = optionValues(scanned, "--file", "-f");
	if (file.length > 0) return file.map((value) => fromValue(value, "write", "git config"));
	if (hasOption(scanned, "--global"))
		return [{ kind: "text", text: "~/.gitconfig", effect: "write", via: "git config", tree: false }];
	if (hasOption(scanned, "--system"))
		return [{ kind: "text", text: "/etc/gitconfig", effect: "write", via: "git config", tree: false }];
	return [{ kind: "text", text: ".git/config", effect: "write", via: "git config", tree: false }];
}

/** `split IN PREFIX` and `csplit -f PREFIX`: the pieces are `PREFIXaa`, `PREFIXab`, … in the prefix's directory. */
function splitLike(program: string, defaultPrefix: string, firstSuffix: string, grammar: OptionGrammar): Handler {
	return (args) => {
		const scanned = scanOptions(args, grammar);
		const prefixes =
			program === "csplit"
				? optionValues(scanned, "-f", "--prefix").map((value) =>
						value.kind === "text" ? value.text : (args[value.index] ?? null),
					)
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

const CURL_VALUES = "oDcdHXuAebFTxmKrwyYzEtQ";
const CURL_LONG = [
	"output",
	"output-dir",
	"dump-header",
	"cookie-jar",
	"trace",
	"trace-ascii",
	"stderr",
	"libcurl",
	"etag-save",
	"hsts",
	"alt-svc",
	"data",
	"header",
	"request",
	"user",
	"user-agent",
	"referer",
	"cookie",
	"form",
	"upload-file",
	"proxy",
	"max-time",
	"config",
	"url",
	"write-out",
];

function curl(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, { shortValues: CURL_VALUES, longValues: CURL_LONG });
	const out = optionValues(
		scanned,
		"-o",
		"--output",
		"-D",
		"--dump-header",
		"-c",
		"--cookie-jar",
		"--trace",
		"--trace-ascii",
		"--stderr",
		"--libcurl",
		"--etag-save",
		"--hsts",
		"--alt-svc",
	).map((value) => fromValue(value, "write", "curl -o"));
	if (hasOption(scanned, "-O", "--remote-name", "--remote-name-all")) {
		const dirs = optionValues(scanned, "--output-dir");
		for (const index of scanned.operands) {
			const name = basename(args[index] ?? null);
			if (name === null)
				out.push({ kind: "unknown", spelling: "a file named by a URL", effect: "write", via: "curl -O", tree: false });
			else out.push(...inDirs(name, dirs, "curl -O"));
		}
	}
	return out;
}

function wget(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, {
		shortValues: "OoaPeiUTtwQlAR",
		longValues: [
			"output-document",
			"output-file",
			"append-output",
			"directory-prefix",
			"execute",
			"input-file",
			"user-agent",
			"timeout",
			"tries",
			"wait",
			"quota",
			"level",
			"accept",
			"reject",
		],
	});
	const documents = optionValues(scanned, "-O", "--output-document");
	const out = [...documents, ...optionValues(scanned, "-o", "--output-file", "-a", "--append-output")].map((value) =>
		fromValue(value, "write", "wget -O"),
	);
	if (documents.length > 0) return out;
	const dirs = optionValues(scanned, "-P", "--directory-prefix");
	if (hasOption(scanned, "-r", "--recursive", "-m", "--mirror")) {
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "create", via: "wget -r", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "create", "wget -r"));
		return out;
	}
	for (const index of scanned.operands)
		out.push(...inDirs(basename(args[index] ?? null) ?? "index.html", dirs, "wget"));
	return out;
}

/** `tar` modes: create/append/update write the archive; extract writes the target directory (names are data). */
function tar(args: ArgTexts): WriteSelection[] {
	const first = args[0];
	const bundled = first !== undefined && first !== null && !first.startsWith("-") ? first : null;
	const normalized = bundled === null ? args : [`-${bundled}`, ...args.slice(1)];
	const scanned = scanOptions(normalized, {
		shortValues: "fCTXbHKLNVgF",
		longValues: [
			"file",
			"directory",
			"files-from",
			"exclude-from",
			"blocking-factor",
			"format",
			"starting-file",
			"newer",
			"label",
			"listed-incremental",
			"info-script",
			"new-volume-script",
		],
	});
	const mode = (letters: string, ...long: string[]) => hasOption(scanned, ...[...letters].map((l) => `-${l}`), ...long);
	const out: WriteSelection[] = [];
	if (mode("cruA", "--create", "--append", "--update", "--catenate", "--concatenate", "--delete")) {
		for (const value of optionValues(scanned, "-f", "--file")) out.push(fromValue(value, "write", "tar -f"));
	}
	if (mode("x", "--extract", "--get")) {
		const dirs = optionValues(scanned, "-C", "--directory");
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "create", via: "tar -x", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "create", "tar -x"));
	}
	return out;
}

function unzip(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, { shortValues: "dP" });
	if (hasOption(scanned, "-l", "-p", "-t", "-v", "-Z", "-z")) return [];
	const dirs = optionValues(scanned, "-d");
	if (dirs.length === 0) return [{ kind: "text", text: ".", effect: "create", via: "unzip", tree: false }];
	return dirs.map((dir) => fromValue(dir, "create", "unzip -d"));
}

function patch(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, {
		shortValues: "BDdFiopruVYzg",
		longValues: [
			"prefix",
			"ifdef",
			"directory",
			"fuzz",
			"input",
			"output",
			"strip",
			"reject-file",
			"version-control",
			"basename-prefix",
			"suffix",
			"get",
		],
	});
	const out = optionValues(scanned, "-o", "--output", "-r", "--reject-file").map((value) =>
		fromValue(value, "write", "patch"),
	);
	const file = scanned.operands[0];
	if (file !== undefined) out.push(word(file, "write", "patch"));
	else if (optionValues(scanned, "-o", "--output").length === 0) {
		const dirs = optionValues(scanned, "-d", "--directory");
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "write", via: "patch", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "write", "patch"));
	}
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

function rsyncLike(program: string): Handler {
	return (args) => {
		const scanned = scanOptions(args, {
			shortValues: "eBfMTP",
			longValues: [
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
	return optionsWrite({ longValues: ["logs-dir"] }, ["--logs-dir"], `${program} --logs-dir`, "create");
}

function compressor(program: string): Handler {
	return (args) => {
		const scanned = scanOptions(args, { shortValues: "S", longValues: ["suffix"] });
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

/** The table: one row per program (the command name after normalisation). */
export const WRITE_OPERANDS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
	["tee", operandsAre("write", "tee", { longValues: ["output-error"] })],
	["cp", copyLike("cp", { shortValues: "tS", longValues: ["target-directory", "suffix"] }, false)],
	["mv", copyLike("mv", { shortValues: "tS", longValues: ["target-directory", "suffix"] }, true)],
	[
		"install",
		copyLike(
			"install",
			{ shortValues: "tSgmo", longValues: ["target-directory", "suffix", "group", "mode", "owner", "strip-program"] },
			false,
		),
	],
	["ln", copyLike("ln", { shortValues: "tS", longValues: ["target-directory", "suffix"] }, false)],
	["link", operandsAre("create", "link")],
	["rm", operandsAre("delete", "rm", {}, ["-r", "-R", "--recursive"])],
	["unlink", operandsAre("delete", "unlink")],
	["rmdir", operandsAre("delete", "rmdir")],
	["shred", operandsAre("write", "shred", { shortValues: "ns", longValues: ["iterations", "size", "random-source"] })],
	["sed", sed],
	["gsed", sed],
	["awk", awk],
	["gawk", awk],
	["mawk", awk],
	["nawk", awk],
	[
		"sort",
		optionsWrite(
			{
				shortValues: "okStT",
				longValues: [
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
			},
			["-o", "--output"],
			"sort -o",
		),
	],
	[
		"uniq",
		(args) =>
			scanOptions(args, {
				shortValues: "fsw",
				longValues: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"],
			})
				.operands.slice(1, 2)
				.map((index) => word(index, "write", "uniq")),
	],
	["find", find],
	[
		"split",
		splitLike("split", "x", "aa", {
			shortValues: "abClnt",
			longValues: [
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
	],
	[
		"csplit",
		splitLike("csplit", "xx", "00", { shortValues: "fbn", longValues: ["prefix", "suffix-format", "digits"] }),
	],
	["git", git],
	["dd", dd],
	["truncate", operandsAre("write", "truncate", { shortValues: "sr", longValues: ["size", "reference"] })],
	["touch", operandsAre("create", "touch", { shortValues: "dtr", longValues: ["date", "reference", "time"] })],
	["mkdir", operandsAre("create", "mkdir", { shortValues: "m", longValues: ["mode"] })],
	["mkfifo", operandsAre("create", "mkfifo", { shortValues: "m", longValues: ["mode"] })],
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

/** True when the table lists `program` (callers skip reading the argument texts of any other). */
export function hasWriteOperands(program: string): boolean {
	return WRITE_OPERANDS.has(program);
}

/** What `program` writes with these arguments; `[]` for a program the table does not list. */
export function writeSelections(program: string | null, args: ArgTexts): WriteSelection[] {
	if (program === null) return [];
	const handler = WRITE_OPERANDS.get(program);
	return handler === undefined ? [] : handler(args);
}

function inDirs(name: string, dirs: readonly OptionValue[], via: string): WriteSelection[] {
	if (dirs.length === 0) return [{ kind: "text", text: name, effect: "write", via, tree: false }];
	return dirs.map((dir) => ({ kind: "text", text: name, relativeTo: dir, effect: "write", via, tree: false }));
}

/** The last path segment of a URL or path (`https://h/a/b.txt` -> `b.txt`), or `null` when there is none. */
function basename(text: string | null): string | null {
	if (text === null) return null;
	const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "");
	const name = path
		.split("/")
		.filter((segment) => segment !== "")
		.at(-1);
	return name === undefined || name === "." || name === ".." ? null : name;
}
