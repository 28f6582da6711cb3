/**
 * Owns: whether a unit's `NAME=value` settings reach a program, and which (ADR 0051): a prefix reaches the command it
 * prefixes (`DATABASE_URL=… npm test`) unless that is a builtin that starts nothing (`IFS= read`); `export`,
 * `declare -x`, `typeset -x`, `local -x` and every assignment after `set -a` reach every later program; a plain or
 * `declare`d assignment stays in the shell unless the environment already exports the name; `unset`, `export -n`,
 * `export -f` and `declare -p` set nothing a program reads.
 * Never: classifies a variable (`environment-effects.ts` does).
 */

/** How settings reach programs. */
export type SettingReach =
	/** A prefix or an `env`/`sudo` operand: the command it runs gets it (`program` is its name, `null` if computed). */
	| { readonly kind: "program"; readonly program: string | null }
	/** Exported: every program the command starts after it gets it. */
	| { readonly kind: "exported" }
	/** A shell variable: a program gets it only when the name is already exported (`exported` says which are). */
	| { readonly kind: "shell"; readonly exported: (name: string) => boolean };

/**
 * Builtins that start no program, so a prefix assignment before one stays in the shell (`IFS= read -r line`). Not
 * here: `cd`/`pushd`/`popd` (`HOME` and `CDPATH` move them), `command`, `exec`, `eval`, `source`, `.`, `builtin`,
 * `trap`, `fc`, `history`, `enable`, `time` (they run or read something the settings reach).
 */
export const BUILTINS_STARTING_NOTHING: ReadonlySet<string> = new Set([
	"read",
	"echo",
	"printf",
	"test",
	"[",
	"true",
	"false",
	":",
	"pwd",
	"let",
	"shift",
	"set",
	"unset",
	"export",
	"declare",
	"typeset",
	"local",
	"readonly",
	"wait",
	"kill",
	"type",
	"hash",
	"umask",
	"ulimit",
	"getopts",
	"mapfile",
	"readarray",
	"return",
	"exit",
	"break",
	"continue",
	"shopt",
	"alias",
	"unalias",
	"dirs",
	"jobs",
	"times",
	"caller",
	"help",
	"compgen",
	"complete",
	"compopt",
	"disown",
]);

/** Declaration builtins whose `-x` exports what they assign. */
const EXPORTING_DECLARATIONS: ReadonlySet<string> = new Set(["declare", "typeset", "local"]);

/**
 * How a declaration's assignments reach programs, from its command name and its option words (`-gx`, `+x`), or `null`
 * when it sets nothing a program reads (`unset`, `export -n`, `export -f`, `declare -f`/`-F`, `-p` printing).
 */
export function declarationReach(
	command: string,
	optionWords: readonly (string | null)[],
	allExport: boolean,
	shell: SettingReach,
): SettingReach | null {
	if (command === "unset") return null;
	let on = "";
	let off = "";
	for (const word of optionWords) {
		// SECURITY: `declare $FLAGS X=1` may be `-x`: a computed option word counts as exporting.
		if (word === null) on += "x";
		else if (word.startsWith("-") && word !== "--") on += word.slice(1);
		else if (word.startsWith("+")) off += word.slice(1);
	}
	if (/[fFp]/.test(on)) return null;
	if (command === "export") return on.includes("n") ? shell : EXPORTED;
	const exports = EXPORTING_DECLARATIONS.has(command) && on.includes("x") && !off.includes("x");
	return exports || allExport ? EXPORTED : shell;
}

export const EXPORTED: SettingReach = { kind: "exported" };

/**
 * True when the command may turn on `allexport` (`set -a`, `set -o allexport`, `shopt -so allexport`, a `set` with a
 * computed word): then every assignment in it is exported. Read from the text, order-free, like the other text
 * checks: a loop or a function may run the `set` first, and an `eval`'s text counts too.
 */
export function mayExportAll(source: string): boolean {
	if (source.includes("allexport")) return true;
	if (!source.includes("set")) return false;
	// SECURITY: `set -ea`, `set -o pipefail -a`, `set $OPTS` before `X=1; npm test`.
	return /(?:^|[;&|({\n]|\b(?:then|do|else|time|!))[ \t]*set(?:[ \t]+(?:[-+][A-Za-z]*o[ \t]+\w+|[-+][A-Za-z]+))*?[ \t]+(?:-[A-Za-z]*a[A-Za-z]*|["']?\$)/.test(
		source,
	);
}
