/**
 * Owns: man's documented environment variables that name a file, a command or a configuration, classified (man-db
 * 2.11, `man man`, section ENVIRONMENT).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const MAN = documentedIn("man(1) ENVIRONMENT");

/** man options that run a pager or a browser (`-P cmd`, `--html=browser`). */
const MAN_CODE_OPTIONS = /(?:^|\s)(?:-[A-Za-z]*[PH]|--pager|--html)/;

export const MAN_ENVIRONMENT: readonly EnvironmentRow[] = [
	MAN("MANPATH", "relocates", "man reads manual pages (formatted by groff and its preprocessors) from here"),
	MAN("MANROFFOPT", "configures", "man passes these options to groff (`-U` lets a page run commands)"),
	MAN("MANOPT", "runs-code", "man reads options (`-P pager`, `-H browser`) from it", { codeWhen: MAN_CODE_OPTIONS }),
	MAN("MANPAGER", "terminal-only", "man runs it on its output to a terminal"),
	MAN("PAGER", "terminal-only", "git, man and others run it on their output to a terminal"),
	MAN("MANLESS", "terminal-only", "man sets less's prompt to it, at a terminal"),
	MAN("BROWSER", "runs-value", "man --html, git web--browse run it"),
	MAN("MAN_DISABLE_SECCOMP", "configures", "man runs groff without its system-call filter"),
];
