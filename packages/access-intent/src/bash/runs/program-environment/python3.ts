/**
 * Owns: python's documented environment variables that name a file, a command or a configuration, classified
 * (CPython 3.11, `man python3`, section ENVIRONMENT VARIABLES). Its inert variables (buffering, hash seed, fault
 * handler, …) are rows of `inert-environment-table.ts`.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const PYTHON = documentedIn("python3(1) ENVIRONMENT VARIABLES");
const DOCS = documentedIn("docs.python.org/3/using/cmdline.html Environment variables (not in the 3.11 man page)");

/**
 * A warning filter whose category is a dotted name (`ignore::mymod.MyWarning`): python imports its module at start-up.
 * Filters are `action:message:category:module:lineno`, separated by commas.
 */
const IMPORTS_A_CATEGORY = /(?:^|,)[^:,]*:[^:,]*:[^:,]*\./;

export const PYTHON3_ENVIRONMENT: readonly EnvironmentRow[] = [
	PYTHON("PYTHONPATH", "relocates", "python imports modules from these directories first"),
	PYTHON("PYTHONHOME", "relocates", "python loads its standard library from this directory"),
	PYTHON("PYTHONPLATLIBDIR", "relocates", "python loads its platform libraries from this directory"),
	PYTHON("PYTHONSTARTUP", "relocates", "interactive python runs this file first"),
	PYTHON("PYTHONUSERBASE", "relocates", "python imports user site packages (and `.pth` files, code) from here"),
	PYTHON("PYTHONINSPECT", "runs-code", "python reads more code from stdin after the script"),
	PYTHON("PYTHONWARNINGS", "runs-code", "python imports the module a warning category names", {
		codeWhen: IMPORTS_A_CATEGORY,
	}),
	PYTHON("PYTHONBREAKPOINT", "runs-code", "python's breakpoint() imports and calls this callable", {
		codeWhen: /^(?!0$)./,
	}),
	PYTHON("PYTHONEXECUTABLE", "configures", "python on macOS reports this as its own executable"),
	DOCS("PYTHONPYCACHEPREFIX", "relocates", "python reads and writes compiled bytecode (code) under this directory"),
	DOCS("PYTHON_HISTORY", "terminal-only", "python's interactive shell, which needs a terminal, keeps its history here"),
];
