/**
 * Owns: the offset-keeping rewrite of a command's text into text tree-sitter-bash reads as bash reads the original:
 * each unescaped backslash before a space or tab becomes two word characters (ADR 0038).
 * Never: changes a length or an offset, or a word's text: words are read from the original command, the rewrite only
 * gives the grammar the word boundaries bash sees.
 */

/** What the grammar reads in place of `\ ` or `\<TAB>`: plain word characters, one word with its neighbours. */
const WORD_PAIR = "__";

/**
 * `tr \  '\n'`, `find / \( … \) -o \  \( … \)`: the grammar skips a backslash-blank between tokens as a blank, so
 * it drops the word bash reads (a quoted blank) and can take `\ #; rm x` for a comment. Bash reads `\ ` as a quoted
 * blank inside a word, as it reads any word character there; inside quotes it is two literal characters of a string,
 * which two word characters leave a string. The backslash is unescaped when an even number of backslashes precede
 * it, in every quoting (inside single quotes the rewrite stays inside the string, where nothing is code).
 * A command with `<<` keeps its text: a here-document delimiter and body are read by other rules (the pre-scan).
 */
export function escapedBlanksAsWordCharacters(command: string): string {
	if (!/\\[ \t]/.test(command) || command.includes("<<")) return command;
	let out = "";
	let from = 0;
	let backslashes = 0;
	for (let i = 0; i < command.length; i++) {
		const code = command.charCodeAt(i);
		if (code === 0x5c) {
			backslashes++;
			continue;
		}
		if ((code === 0x20 || code === 0x09) && backslashes % 2 === 1) {
			out += command.slice(from, i - 1) + WORD_PAIR;
			from = i + 1;
		}
		backslashes = 0;
	}
	return from === 0 ? command : out + command.slice(from);
}

/**
 * `grep -o \`, `nl -ba long-file \`: a command that ends in an unescaped backslash is an error to the grammar, while
 * `bash -c` passes the backslash as a literal word character (`a\` is the word `a\`, a lone `\` the word `\`). The
 * rewrite reads it as one word character (its text is still read from the command, as `\`); `null` when the command
 * does not end so, or when the backslash follows `$` (where `_` would read as the variable `$_`) or the command holds
 * a here-document. The caller keeps the floor when a wrapper is among the units: Pi's stdin transport (legacy WSL
 * bash) drops the final backslash instead, which only a wrapper's executions could notice (ADR 0038).
 */
export function trailingBackslashAsWordCharacter(command: string): string | null {
	let backslashes = 0;
	while (command.charCodeAt(command.length - 1 - backslashes) === 0x5c) backslashes++;
	if (backslashes % 2 === 0 || command.includes("<<")) return null;
	const last = command.length - 1;
	if (command[last - 1] === "$") return null;
	return `${command.slice(0, last)}_`;
}

/** Characters after which bash keeps a `$` as a literal character and the grammar reports an error. */
const LITERAL_DOLLAR_NEXT = new Set([..."./,%:=+^]}~)`;&|<>"]);

/**
 * `grep total$.`, `` wc `find | grep .php$` ``: a `$` before a character that starts no expansion is a literal `$`
 * to bash, and an error to the grammar before these characters. Each such unescaped `$` (not after another `$`, where
 * `$$` is the shell's pid) becomes `_`, one word character; its text is still read as `$` (ADR 0038). A command with
 * `<<` keeps its text.
 */
export function literalDollarsAsWordCharacters(command: string): string {
	if (!command.includes("$") || command.includes("<<")) return command;
	// From one `$` to the next (most commands hold few): the backslashes right before each decide whether it is escaped.
	let out = "";
	let from = 0;
	for (let i = command.indexOf("$"); i !== -1; i = command.indexOf("$", i + 1)) {
		if (command.charCodeAt(i - 1) === 0x24 || !LITERAL_DOLLAR_NEXT.has(command[i + 1] ?? "")) continue;
		let backslashes = 0;
		while (command.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
		if (backslashes % 2 === 1) continue;
		out += `${command.slice(from, i)}_`;
		from = i + 1;
	}
	return from === 0 ? command : out + command.slice(from);
}
