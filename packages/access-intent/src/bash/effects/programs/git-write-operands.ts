/**
 * Owns: what `git` writes, read from its arguments: global options that move the repository (`-C`, `--git-dir`),
 * the output options of its subcommands (`format-patch -o`, `bundle create`, `archive --output`), `worktree` paths,
 * and `git config` writes (the `--get`/`--list` forms read only).
 * Never: runs git or reads a repository; the row for `git` in `write-operand-table.ts` points here.
 */
import { gnuGrammar } from "../../options/option-grammar";
import { hasOption, optionValues } from "../../options/option-queries";
import { type ArgTexts, type OptionScan, type OptionValue, scanOptions } from "../../options/option-scanner";
import { GIT_GLOBAL_OPTIONS } from "../../options/programs/git";
import { fromValue, type WriteEffect, type WriteSelection, word } from "./write-selection";

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

export function git(args: ArgTexts): WriteSelection[] {
	const globals = scanOptions(args, GIT_GLOBAL_OPTIONS);
	const index = globals.rest;
	let directory: OptionValue | null = null;
	for (const option of globals.options) if (option.name === "-C") directory = { kind: "word", index: option.index + 1 };
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

const GIT_OUTPUT_LONG = ["output", "output-directory", "file"];
const GIT_OUTPUT_GRAMMAR = gnuGrammar({ longValue: GIT_OUTPUT_LONG });
const GIT_OUTPUT_O_GRAMMAR = gnuGrammar({ shortValue: "o", longValue: GIT_OUTPUT_LONG });

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

const GIT_WORKTREE_GRAMMAR = gnuGrammar({
	shortValue: "bcoju",
	longValue: [
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
});

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
function gitConfig(rest: ArgTexts, scanned: OptionScan): WriteSelection[] {
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
