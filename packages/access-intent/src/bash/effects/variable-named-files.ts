/**
 * Owns: which builtins open a file that a shell variable names, so the path walk reads that variable's value as a
 * path: `history -r` (and `set -o history`, `shopt -o -s history`) read `$HISTFILE`, `bind` reads `$INPUTRC`,
 * `compgen -A hostname` reads `$HOSTFILE`.
 * Never: resolves the variable; the walk resolves it under the shell state where the unit runs.
 */
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";

/** A file a unit opens through a variable: the variable, and the file it falls back to when the variable is unset. */
interface VariableNamedFile {
	readonly variable: string;
	readonly fallback: string | null;
}

/** The files `unit` opens through a variable, in the order the walk visits them. */
export function variableNamedFiles(unit: CommandUnit): VariableNamedFile[] {
	const files: VariableNamedFile[] = [];
	if (readsHistoryFile(unit)) {
		// With HISTFILE unset, `history -r` falls back to `~/.history`; `set -o history` then loads nothing.
		files.push({ variable: "HISTFILE", fallback: unit.commandName === "history" ? "~/.history" : null });
	}
	// SECURITY: `INPUTRC=.env bind -v` prints each line of .env readline cannot parse on stderr (bash 5.2, also
	// non-interactive); with stderr discarded nothing of the file is shown, so only then is it not a read.
	if (unit.commandName === "bind" && !discardsStderr(unit)) files.push({ variable: "INPUTRC", fallback: "~/.inputrc" });
	// SECURITY: `HOSTFILE=.env; compgen -A hostname` prints each word of .env as a host name (bash(1) HOSTFILE: the
	// file read for hostname completion, /etc/hosts when unset; red-team round 4).
	if (unit.commandName === "compgen" && completesHostnames(unit)) files.push({ variable: "HOSTFILE", fallback: null });
	return files;
}

/** `compgen -A hostname` (`-Ahostname`, or a computed action that may be it): completes from `$HOSTFILE`. */
function completesHostnames(unit: CommandUnit): boolean {
	const texts = unit.args.map(literalWordText);
	return texts.some((text, index) => {
		if (text === null) return true;
		if (text === "-A") {
			const action = texts[index + 1];
			return action === null || action === "hostname";
		}
		// An option cluster ending in `A` takes the next word; `-Ahostname` carries it.
		if (/^-[a-zA-Z]*A$/.test(text)) return texts[index + 1] === null || texts[index + 1] === "hostname";
		return /^-[a-zA-Z]*Ahostname$/.test(text);
	});
}

/** `2>/dev/null`, `&>/dev/null`, `2>&-`: nothing the unit writes to stderr is seen. */
function discardsStderr(unit: CommandUnit): boolean {
	return unit.redirects.some((redirect) => {
		const target = literalWordText(redirect.target);
		const stderr = redirect.operator.startsWith("2>") || redirect.operator.startsWith("&>");
		return stderr && (target === "/dev/null" || (redirect.operator === "2>&" && target === "-"));
	});
}

/**
 * Whether the unit reads or writes `$HISTFILE`: `history -r` (also `-n`, `-a`, `-w`) with no file operand
 * (`$HOME/.history` when unset), and `set -o history` / `shopt -o -s history`, which load the file into the list.
 * SECURITY: `HISTFILE=~/.ssh/id_rsa; history -r; history` and `HISTFILE=…; set -o history; history` print the key.
 */
function readsHistoryFile(unit: CommandUnit): boolean {
	const name = unit.commandName;
	if (name !== "history" && name !== "set" && name !== "shopt") return false;
	const texts = unit.args.map(literalWordText);
	if (name !== "history") {
		// `set -o history`, `set -eo history`, `shopt -o -s history`: an `-o` cluster, then the option name.
		const option = texts.findIndex((text) => text !== null && /^-[A-Za-z]*o[A-Za-z]*$/.test(text));
		return option >= 0 && texts.slice(option + 1).some((text) => text === null || text === "history");
	}
	const fileOption = texts.some((text) => text === null || /^-[a-z]*[rnaw]/.test(text));
	const operand = texts.some((text) => text === null || !text.startsWith("-"));
	return fileOption && !operand;
}
