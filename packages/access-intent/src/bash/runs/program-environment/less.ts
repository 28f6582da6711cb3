/**
 * Owns: less's documented environment variables that name a file, a command or a configuration, classified (less
 * 590, `man less`, section ENVIRONMENT VARIABLES). With its output not a terminal (Pi's bash tool never has one) less
 * copies its input and reads no command: its interactive settings are `terminal-only`; `LESSOPEN` and `LESSCLOSE`
 * still run (checked: `LESSOPEN='|echo x %s' less f | cat` runs `echo`).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const LESS = documentedIn("less(1) ENVIRONMENT VARIABLES");

export const LESS_ENVIRONMENT: readonly EnvironmentRow[] = [
	LESS("LESSOPEN", "runs-code", "less runs it as an input filter"),
	LESS("LESSCLOSE", "runs-code", "less runs it after a file"),
	LESS("LESS", "terminal-only", "less reads options from it, and runs commands only for a terminal"),
	LESS("MORE", "terminal-only", "less as more reads options from it, and runs commands only for a terminal"),
	LESS("LESSKEY", "terminal-only", "less reads key bindings from this file for a terminal"),
	LESS("LESSKEYIN", "terminal-only", "less reads key bindings from this file for a terminal"),
	LESS("LESSKEY_SYSTEM", "terminal-only", "less reads key bindings from this file for a terminal"),
	LESS("LESSKEYIN_SYSTEM", "terminal-only", "less reads key bindings from this file for a terminal"),
	LESS("LESSEDIT", "terminal-only", "less's `v` command, at a terminal, runs this editor line"),
	LESS("LESSECHO", "terminal-only", "less, at a terminal, runs it to expand file names"),
	LESS("LESSGLOBALTAGS", "terminal-only", "less's `-t` at a terminal runs this tags program"),
	LESS("LESSHISTFILE", "terminal-only", "less at a terminal keeps its history in this file"),
	LESS("HOME", "relocates", "git reads `~/.gitconfig` (and other programs their config) from here"),
	LESS("SHELL", "configures", "programs that open a shell for the person (less `!`, script, npm explore) run it"),
	LESS("EDITOR", "runs-value", "git, crontab, sensible-editor run it"),
	LESS("VISUAL", "runs-value", "git, crontab, sensible-editor run it"),
];
