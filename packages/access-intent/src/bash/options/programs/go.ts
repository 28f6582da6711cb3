/**
 * Owns: the go command's build flags (go 1.2x, `go help build`, `go help testflag`) whose value names a command, a
 * program, code, a configuration, a file or a directory, per sub-command; and `go env -w`, which writes the
 * configuration every later go command reads.
 * Never: reads `GOFLAGS` (the environment tables) or a module's files.
 */
import {
	GETOPT_LONG_READING,
	type NamedEntry,
	named,
	type ProgramOptions,
	type ProgramTable,
	programOptions,
} from "./program-options";

const BUILD = "go help build: build flags";

/** Go's flag package: `-name value`, `-name=value`, one or two dashes, no bundling, no abbreviations. */
const GO_READING = {
	...GETOPT_LONG_READING,
	order: "stop-at-operand" as const,
	abbreviations: "none" as const,
	singleDash: "word" as const,
	singleDashEquals: true,
};

/** `-name` and `--name` for each flag. */
const both = (name: string): string[] => [`-${name}`, `--${name}`];

const BUILD_NAMED: readonly NamedEntry[] = [
	named(both("toolexec"), "command", `${BUILD}: -toolexec 'cmd args'`),
	named(both("exec"), "program", "go help run, go help test: -exec xprog"),
	named(both("overlay"), "config", `${BUILD}: -overlay file (replaces source files)`),
	named(both("modfile"), "config", `${BUILD}: -modfile file`),
	named(both("ldflags"), "setting", `${BUILD}: -ldflags '[pattern=]arg list'`, { settings: "go-tool-flags" }),
	named(both("gcflags"), "setting", `${BUILD}: -gcflags '[pattern=]arg list'`, { settings: "go-tool-flags" }),
	named(both("asmflags"), "setting", `${BUILD}: -asmflags '[pattern=]arg list'`, { settings: "go-tool-flags" }),
	named(both("gccgoflags"), "setting", `${BUILD}: -gccgoflags '[pattern=]arg list'`, { settings: "go-tool-flags" }),
	named(both("vettool"), "program", "go help vet: -vettool=prog"),
	named(both("C"), "directory", `${BUILD}: -C dir`),
	named(both("o"), "writes", `${BUILD}: -o file`),
	named(both("pgo"), "reads", `${BUILD}: -pgo file`),
	named(both("coverprofile"), "writes", "go help testflag: -coverprofile cover.out"),
	named(both("cpuprofile"), "writes", "go help testflag: -cpuprofile cpu.out"),
	named(both("memprofile"), "writes", "go help testflag: -memprofile mem.out"),
	named(both("blockprofile"), "writes", "go help testflag: -blockprofile block.out"),
	named(both("mutexprofile"), "writes", "go help testflag: -mutexprofile mutex.out"),
	named(both("trace"), "writes", "go help testflag: -trace trace.out"),
	named(both("outputdir"), "directory", "go help testflag: -outputdir directory"),
];

const BUILD_VALUES: readonly string[] = [
	...["p", "covermode", "coverpkg", "buildmode", "buildvcs", "compiler", "installsuffix", "mod", "tags"],
	...["run", "bench", "count", "timeout", "cpu", "parallel", "benchtime", "shuffle", "skip", "fuzz", "list"],
];

const BUILD_FLAGS: ProgramOptions = programOptions(GO_READING, BUILD_NAMED, {
	options: BUILD_VALUES.map((name) => ({ spellings: both(name), takes: "value" as const, valueWords: 1 })),
});

export const GO_TABLE: ProgramTable = {
	global: programOptions(GO_READING, []),
	subcommands: new Map([
		...["build", "run", "test", "install", "vet", "get", "list", "generate", "clean", "doc"].map(
			(name): [string, ProgramOptions] => [name, BUILD_FLAGS],
		),
		// `go env -w GOFLAGS=-toolexec=…` persists configuration every later go command reads.
		[
			"env",
			programOptions(GO_READING, [named(both("w"), "config", "go help env: -w NAME=VALUE")], {
				options: [{ spellings: both("u"), takes: "value" as const, valueWords: 1 }],
			}),
		],
	]),
};
