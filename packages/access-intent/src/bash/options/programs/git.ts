/**
 * Owns: git's options (git 2.39, `git --help`, `git <command> -h`): the global options before the sub-command (whole
 * words, no abbreviations, as git.c reads them), the sub-commands whose options a rule commonly names (`push`,
 * `clean`, `reset`, `branch`, `checkout`, read by parse-options: clusters, `--opt=value`, unique abbreviations,
 * options after operands), what an option or operand means besides itself (`git push origin +main` and `--mirror`
 * force; `git branch -D` is `--delete --force`), and the global options that change no effect (`--no-pager`).
 * Never: says what git runs or writes (`runs/git-effects.ts`, `effects/programs/git-write-operands.ts`).
 */
import { gnuGrammar, type OptionGrammar, option, optionGrammar, POSIX_READING } from "../option-grammar";
import { type OperandMeaning, type ProgramSpelling, programSpelling } from "../program-spelling";

/**
 * The global options: each a whole word (`-Cdir` is no spelling of `-C`), the value options also as `--name=value`,
 * no abbreviations; the first word without a dash is the sub-command.
 */
export const GIT_GLOBAL_OPTIONS: OptionGrammar = optionGrammar(
	{ ...POSIX_READING, longOptions: true, singleDash: "word", endOfOptions: false, loneDash: "option" },
	{
		options: [
			option(["-v", "--version"], "flag"),
			option(["-h", "--help"], "flag"),
			option(["-C"], "value"),
			option(["-c"], "value"),
			option(["--exec-path"], "optional"),
			option(["--html-path"], "flag"),
			option(["--man-path"], "flag"),
			option(["--info-path"], "flag"),
			option(["-p", "--paginate"], "flag"),
			option(["-P", "--no-pager"], "flag"),
			option(["--git-dir"], "value"),
			option(["--work-tree"], "value"),
			option(["--namespace"], "value"),
			option(["--super-prefix"], "value"),
			option(["--bare"], "flag"),
			option(["--no-replace-objects"], "flag"),
			option(["--literal-pathspecs"], "flag"),
			option(["--glob-pathspecs"], "flag"),
			option(["--noglob-pathspecs"], "flag"),
			option(["--icase-pathspecs"], "flag"),
			option(["--no-optional-locks"], "flag"),
			option(["--list-cmds"], "optional"),
			option(["--config-env"], "value"),
		],
	},
);

/**
 * `-c` keys whose value only changes how output looks (colours, columns, hints, path quoting), by lower-case name or
 * section prefix. None of them is a key of `runs/code-running-git-config-table.ts` (a test checks).
 */
const DISPLAY_KEY = /^(?:color\.[^=]+|column\.ui|advice\.[^=]+|core\.quotepath)$/;

/**
 * The global options that change nothing a permission can see: the pager switched off (`--no-pager`, `-P`, or
 * `core.pager=cat`, which pages through `cat`), optional locks skipped, and display-only `-c` keys. A pager set to
 * anything else stays: git starts it only on a terminal, but a rule should see it.
 */
function inertGlobal(name: string, value: string | null): boolean {
	if (name === "-P" || name === "--no-optional-locks") return true;
	if (name !== "-c" || value === null) return false;
	const eq = value.indexOf("=");
	const key = (eq < 0 ? value : value.slice(0, eq)).toLowerCase();
	if (key === "core.pager") return eq >= 0 && value.slice(eq + 1) === "cat";
	return DISPLAY_KEY.test(key);
}

/** `+ref` after the remote forces that ref (git-push(1), `<refspec>`). */
function pushOperand(text: string, position: number): OperandMeaning | null {
	if (position === 0 || text.length < 2 || !text.startsWith("+")) return null;
	return { text: text.slice(1), implies: [{ name: "-f", value: null }] };
}

const PUSH = programSpelling(
	gnuGrammar({
		options: [
			option(["-v", "--verbose"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["--repo"], "value"),
			option(["--all"], "flag"),
			option(["--mirror"], "flag"),
			option(["-d", "--delete"], "flag"),
			option(["--tags"], "flag"),
			option(["-n", "--dry-run"], "flag"),
			option(["--porcelain"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--force-with-lease"], "optional"),
			option(["--no-force-with-lease"], "flag"),
			option(["--force-if-includes"], "flag"),
			option(["--no-force-if-includes"], "flag"),
			option(["--recurse-submodules"], "value"),
			option(["--no-recurse-submodules"], "flag"),
			option(["--thin"], "flag"),
			option(["--no-thin"], "flag"),
			option(["--receive-pack", "--exec"], "value"),
			option(["-u", "--set-upstream"], "flag"),
			option(["--progress"], "flag"),
			option(["--no-progress"], "flag"),
			option(["--prune"], "flag"),
			option(["--no-verify"], "flag"),
			option(["--verify"], "flag"),
			option(["--follow-tags"], "flag"),
			option(["--no-follow-tags"], "flag"),
			option(["--signed"], "optional"),
			option(["--no-signed"], "flag"),
			option(["--atomic"], "flag"),
			option(["--no-atomic"], "flag"),
			option(["-o", "--push-option"], "value"),
			option(["-4", "--ipv4"], "flag"),
			option(["-6", "--ipv6"], "flag"),
		],
	}),
	{
		// `--force-if-includes` alone is a no-op (git-push(1)); checked: it does not force a non-fast-forward push.
		implies: { "--force-with-lease": ["-f"], "--mirror": ["-f"] },
		operandMeaning: pushOperand,
	},
);

const CLEAN = programSpelling(
	gnuGrammar({
		options: [
			option(["-q", "--quiet"], "flag"),
			option(["-n", "--dry-run"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-i", "--interactive"], "flag"),
			option(["-d"], "flag"),
			option(["-e", "--exclude"], "value"),
			option(["-x"], "flag"),
			option(["-X"], "flag"),
		],
	}),
);

const RESET = programSpelling(
	gnuGrammar({
		options: [
			option(["-q", "--quiet"], "flag"),
			option(["--no-refresh"], "flag"),
			option(["--refresh"], "flag"),
			option(["--mixed"], "flag"),
			option(["--soft"], "flag"),
			option(["--hard"], "flag"),
			option(["--merge"], "flag"),
			option(["--keep"], "flag"),
			option(["--recurse-submodules"], "optional"),
			option(["--no-recurse-submodules"], "flag"),
			option(["-p", "--patch"], "flag"),
			option(["-N", "--intent-to-add"], "flag"),
			option(["--pathspec-from-file"], "value"),
			option(["--pathspec-file-nul"], "flag"),
		],
	}),
);

const BRANCH = programSpelling(
	gnuGrammar({
		options: [
			option(["-v", "--verbose"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["-t", "--track"], "optional"),
			option(["--no-track"], "flag"),
			option(["-u", "--set-upstream-to"], "value"),
			option(["--unset-upstream"], "flag"),
			option(["--color"], "optional"),
			option(["--no-color"], "flag"),
			option(["-r", "--remotes"], "flag"),
			option(["--contains"], "value"),
			option(["--no-contains"], "value"),
			option(["--abbrev"], "optional"),
			option(["--no-abbrev"], "flag"),
			option(["-a", "--all"], "flag"),
			option(["-d", "--delete"], "flag"),
			option(["-D"], "flag"),
			option(["-m", "--move"], "flag"),
			option(["-M"], "flag"),
			option(["-c", "--copy"], "flag"),
			option(["-C"], "flag"),
			option(["-l", "--list"], "flag"),
			option(["--show-current"], "flag"),
			option(["--create-reflog"], "flag"),
			option(["--edit-description"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--merged"], "value"),
			option(["--no-merged"], "value"),
			option(["--column"], "optional"),
			option(["--no-column"], "flag"),
			option(["--sort"], "value"),
			option(["--points-at"], "value"),
			option(["-i", "--ignore-case"], "flag"),
			option(["--recurse-submodules"], "flag"),
			option(["--format"], "value"),
		],
	}),
	{ means: { "-D": ["-d", "-f"], "-M": ["-m", "-f"], "-C": ["-c", "-f"] } },
);

const CHECKOUT = programSpelling(
	gnuGrammar({
		options: [
			option(["-b"], "value"),
			option(["-B"], "value"),
			option(["-l"], "flag"),
			option(["--guess"], "flag"),
			option(["--no-guess"], "flag"),
			option(["--overlay"], "flag"),
			option(["--no-overlay"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["--recurse-submodules"], "optional"),
			option(["--no-recurse-submodules"], "flag"),
			option(["--progress"], "flag"),
			option(["--no-progress"], "flag"),
			option(["-m", "--merge"], "flag"),
			option(["--conflict"], "value"),
			option(["-d", "--detach"], "flag"),
			option(["-t", "--track"], "optional"),
			option(["--no-track"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--orphan"], "value"),
			option(["--overwrite-ignore"], "flag"),
			option(["--no-overwrite-ignore"], "flag"),
			option(["--ignore-other-worktrees"], "flag"),
			option(["-2", "--ours"], "flag"),
			option(["-3", "--theirs"], "flag"),
			option(["-p", "--patch"], "flag"),
			option(["--ignore-skip-worktree-bits"], "flag"),
			option(["--pathspec-from-file"], "value"),
			option(["--pathspec-file-nul"], "flag"),
		],
	}),
);

export const GIT: ProgramSpelling = programSpelling(GIT_GLOBAL_OPTIONS, {
	subcommands: { push: PUSH, clean: CLEAN, reset: RESET, branch: BRANCH, checkout: CHECKOUT },
	inert: inertGlobal,
});
