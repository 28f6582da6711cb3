/**
 * Owns: make's documented environment variables that name a file, a command or a configuration, classified (GNU make
 * 4.3: `man make` has no ENVIRONMENT section; the GNU make manual, 3.4 The Variable MAKEFILES, 5.7.3 Communicating
 * Options to a Sub-make, 6.10 Variables from the Environment, 10.3 Variables Used by Implicit Rules). make turns every
 * environment variable into a make variable, so a variable a makefile or a built-in rule uses as a command runs it.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const MANUAL = documentedIn("GNU make manual 5.7.3 Communicating Options to a Sub-make");
const RULES = documentedIn("GNU make manual 10.3 Variables Used by Implicit Rules");

/** `-j4`, `-k`, `-s`, `--no-print-directory`, `-O`: parallelism, output and keep-going flags only. */
const HARMLESS_MAKEFLAGS =
	/^\s*(?:(?:-?[ksiqwSB]+|-j\s*\d*|--jobs(?:=\d+)?|-l\s*[\d.]*|--load-average(?:=[\d.]+)?|-O\w*|--output-sync(?:=\w+)?|--no-print-directory|--print-directory|--silent|--quiet|--keep-going|--no-keep-going|--warn-undefined-variables)\s*)*$/;

/** Compiler flags that only optimise, warn, define or pick a standard: no plugin, wrapper or search path. */
const HARMLESS_COMPILER_FLAGS =
	/^\s*(?:(?:-O[0-3sgz]?|-g\d?|-W(?![pl],)[\w=+-]*|-D[\w=.]+|-U\w+|-std=[\w+]+|-m[\w=.-]+|-pipe|-pedantic|-fPIC|-fpic|-fno-[\w-]+|-fstack-protector[\w-]*|-fvisibility=\w+)\s*)*$/;

export const MAKE_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("GNU make manual 3.4 The Variable MAKEFILES")(
		"MAKEFILES",
		"relocates",
		"make reads these makefiles (recipes, code) before the others",
	),
	MANUAL("MAKEFLAGS", "configures", "make reads options from it (`--eval` runs make code)", {
		harmless: HARMLESS_MAKEFLAGS,
	}),
	MANUAL("GNUMAKEFLAGS", "configures", "GNU make reads options from it (`--eval` runs make code)", {
		harmless: HARMLESS_MAKEFLAGS,
	}),
	RULES("CC", "runs-value", "make's C rules and most build scripts run it as the C compiler"),
	RULES("CXX", "runs-value", "make's C++ rules and most build scripts run it as the C++ compiler"),
	RULES("CPP", "runs-value", "make's rules run it as the C preprocessor"),
	RULES("FC", "runs-value", "make's Fortran rules run it"),
	RULES("AS", "runs-value", "make's assembler rules run it"),
	RULES("AR", "runs-value", "make's archive rules run it"),
	RULES("LD", "runs-value", "build scripts run it as the linker"),
	RULES("RM", "runs-value", "make's `clean` recipes run `$(RM)`"),
	RULES("CFLAGS", "configures", "compiler flags (`-fplugin=`, `-B dir`) may load code", {
		harmless: HARMLESS_COMPILER_FLAGS,
	}),
	RULES("CXXFLAGS", "configures", "compiler flags (`-fplugin=`, `-B dir`) may load code", {
		harmless: HARMLESS_COMPILER_FLAGS,
	}),
	RULES("CPPFLAGS", "configures", "preprocessor flags (`-I dir`, `-include f`) choose the code compiled", {
		harmless: HARMLESS_COMPILER_FLAGS,
	}),
	RULES("LDFLAGS", "configures", "linker flags (`-Wl,…`, `-L dir`) choose the code linked"),
	RULES("LDLIBS", "configures", "libraries (code) linked into the program"),
];
