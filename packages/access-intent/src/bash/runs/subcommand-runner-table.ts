/**
 * Owns: the data of programs that run a command named by a sub-command, an address or an operand of their own
 * (ADR 0052): perf's workload sub-commands (`perf stat cmd`), socat's `EXEC:`/`SYSTEM:` addresses, `cmake -E
 * env|time|chdir`, hyperfine's benchmarked commands and `ip netns exec`, with the options each reads first.
 * Never: holds logic; `subcommand-runner-analysis.ts` reads these rows and `wrapper-table.ts` names the programs.
 *
 * Adding a row: name the sub-command (or address) and the options it reads before the command, then add a row to
 * `test/bash/runs/subcommand-runner-table.test.ts` with a command it runs and the verdict expected.
 */
import { type OptionGrammar, option, strictGrammar } from "../options/option-grammar";

const words = (text: string): string[] => text.split(" ");

/**
 * perf's option reader (tools/lib/subcmd parse-options): short options bundle, unique abbreviations of long names,
 * options up to the workload command; anything not listed leaves the command unknown.
 */
const perf = (
	shortValue: string,
	shortOptional: string,
	longValue: string,
	longOptional = "",
	commands = "",
): OptionGrammar =>
	strictGrammar(
		{
			shortValue,
			shortOptional,
			longValue: words(longValue),
			longOptional: longOptional === "" ? [] : words(longOptional),
			options: commands === "" ? [] : words(commands).map((name) => option([`--${name}`], "value")),
			// The other letters are flags: a letter of neither list is read as one too.
			shortFlag: [..."aAbBdgGijJkKlLnNqRsSTvVwWxXyYz"]
				.filter((letter) => !shortValue.includes(letter) && !shortOptional.includes(letter))
				.join(""),
		},
		{ abbreviations: "prefix", unknown: "flag" },
	);

/** `perf <sub> [options] command`: the workload sub-commands and their options (`perf <sub> -h`, perf 6.1). */
export const PERF_WORKLOADS: ReadonlyMap<string, OptionGrammar> = new Map([
	[
		"stat",
		perf(
			"CDGIMeoprtx",
			"",
			"cgroup control cpu cputype delay event field-separator filter for-each-cgroup interval-count interval-print log-fd metrics output pid repeat td-level tid timeout",
			"iostat",
			"pre post",
		),
	],
	[
		"record",
		perf(
			"CDFGcejkmoprtu",
			"ISz",
			"affinity branch-filter call-graph cgroup clang-opt clockid control count cpu delay event filter freq max-size mmap-flush mmap-pages num-thread-synthesize output pid proc-map-timeout realtime switch-max-files switch-output-event synth tid uid vmlinux",
			"aio aux-sample compression-level debuginfod intr-regs snapshot switch-output threads user-regs",
			"clang-path",
		),
	],
	[
		"trace",
		perf(
			"CDFGeimoptu",
			"",
			"call-graph cgroup cpu delay duration event expr filter filter-pids input map-dump max-events max-stack min-stack mmap-pages output pf pid proc-map-timeout switch-off switch-on tid uid",
		),
	],
	[
		"ftrace",
		perf(
			"DFGNTgmt",
			"",
			"buffer-size delay func-opts funcs graph-funcs graph-opts nograph-funcs notrace-funcs trace-funcs tracer",
		),
	],
]);

/** perf options whose value is a shell command (`perf stat --pre 'cmd'`) or a program (`perf record --clang-path`). */
export const PERF_COMMAND_OPTIONS: ReadonlyMap<string, "shell" | "program"> = new Map([
	["--pre", "shell"],
	["--post", "shell"],
	["--clang-path", "program"],
]);

/** perf sub-commands that only read or print; any other (`script`, `daemon`, `sched record`, …) runs what it cannot show. */
export const PERF_READERS: ReadonlySet<string> = new Set([
	...["list", "version", "help", "evlist", "buildid-list", "kallsyms", "--version", "--help", "-h", "-v"],
]);

/** socat's address keywords (case-insensitive) that run their parameter: a program (`EXEC:`) or a shell command. */
export const SOCAT_COMMAND_ADDRESSES: ReadonlySet<string> = new Set(["EXEC", "SYSTEM", "SHELL"]);

/** socat's options (socat(1) OPTIONS): values attached (`-lf<logfile>`, `-t<timeout>`) except `-r`/`-R <file>`. */
export const SOCAT_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-r", "-R"]);

/** `cmake -E <verb>` verbs that run a command (cmake(1) Run a Command-Line Tool): the operands before it. */
export const CMAKE_RUNNING_VERBS: ReadonlyMap<string, "env" | number> = new Map<string, "env" | number>([
	["env", "env"],
	["time", 0],
	["chdir", 1],
]);

/** `cmake -E env [--unset=NAME]… [--modify …]… [NAME=VALUE]… [--] command`. */
export const CMAKE_ENV_GRAMMAR: OptionGrammar = strictGrammar(
	{ options: [option(["--unset"], "optional"), option(["--modify"], "value")] },
	{ loneDash: "option" },
);

/**
 * hyperfine (hyperfine --help, 1.18): every operand is a shell command; these options take a command too, and the
 * parameter options substitute values into them (`{x}`), which leaves what runs unknown.
 */
export const HYPERFINE_GRAMMAR: OptionGrammar = strictGrammar({
	shortValue: "wrmMnSspcu",
	shortFlag: "iNh",
	longValue: words(
		"warmup runs min-runs max-runs command-name shell setup prepare conclude cleanup style sort time-unit export-asciidoc export-csv export-json export-markdown export-orgmode output input",
	),
	longFlag: words("ignore-failure show-output help version"),
	shortUncertain: "LPD",
	longUncertain: words("parameter-scan parameter-step-size parameter-list"),
});

/** hyperfine options whose value is a shell command, and the ones whose value is the shell that runs them. */
export const HYPERFINE_COMMAND_OPTIONS: ReadonlySet<string> = new Set([
	...["-s", "--setup", "-p", "--prepare", "--conclude", "-c", "--cleanup"],
]);
export const HYPERFINE_SHELL_OPTIONS: ReadonlySet<string> = new Set(["-S", "--shell"]);

/**
 * `ip [options] netns exec NAME command` (ip-netns(8)): the only `ip` form that runs a command. ip matches objects
 * and verbs by prefix, in its own order (`ip net` is `netns`, `ip netns e` is `exec`); `-b`/`-batch` reads ip
 * commands from a file.
 */
export const IP_NETNS_OBJECT = "netns";
export const IP_NETNS_OBJECT_MIN = 3;
export const IP_EXEC_VERB = "exec";
