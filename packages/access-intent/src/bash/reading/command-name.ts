/**
 * Owns: the command name used for matching: quotes and backslashes removed, the basename of a path.
 * Never: guesses; a name that is not one literal word (variable, substitution, glob, brace expansion) is `null`.
 */
import type { ShellWord } from "./shell-word";

/** The normalised command name of `word`, or `null` when the word is not a literal the shell would run as spelled. */
export function commandNameOf(word: ShellWord): string | null {
	let text = "";
	for (const part of word.parts) {
		// SECURITY: `$CMD`, `$(…)`, `rm${IFS}x` and `{rm,x}` name no command we can know (evasion rows EV-name-*).
		if (part.kind !== "literal") return null;
		// SECURITY: an unquoted glob in a command name is expanded first, so `/bin/r?` may run `/bin/rm`.
		if (part.globActive) return null;
		text += part.text;
	}
	const base = text.slice(text.lastIndexOf("/") + 1);
	return base === "" ? null : base;
}
