/**
 * Owns: how each indirection's own text is judged (ADR 0028): `transparent` wrappers are judged as the command they
 * run, `judged` ones twice (own text and command), `input-fed` ones keep the ask floor; unlisted indirections floor.
 * Never: parses options (`wrapper-table.ts`) or decides an action; add a row with its reason and a row test.
 */
import { PACKAGE_RUNNERS } from "./command-runner-table";
import { SETARCH_ALIASES } from "./wrapper-table";

/**
 * - `transparent`: same user, same program, only scheduling, timing, buffering or session change (`time git status`
 *   is `git status`); only a rule naming the wrapper (not the catch-all) judges its own text.
 * - `judged`: the wrapper changes identity, environment, root or repetition, or reads its command's words from input
 *   (`sudo`, `env`, `xargs`): its own text and the command it runs are both judged, the most restrictive wins.
 * - `input-fed`: the command text is completed from input in a way the gate does not model (`parallel cmd ::: …`
 *   appends to a shell payload): the ask floor stays even when the command is known.
 */
type WrapperSemantics = "transparent" | "judged" | "input-fed";

export interface WrapperSemanticsRow {
	readonly semantics: WrapperSemantics;
	/** Leading option words with which the wrapper only looks the command up and runs nothing (`command -v`). */
	readonly lookupOnly?: readonly string[];
	/**
	 * Option words with which the wrapper, given no command, only prints (`env -i`, bare `xargs -0` runs `echo`):
	 * a unit whose every argument is one of these (or, for `env`, an assignment) runs no other program.
	 */
	readonly bareOptions?: RegExp;
	readonly why: string;
}

const transparent = (why: string, lookupOnly?: readonly string[]): WrapperSemanticsRow =>
	lookupOnly === undefined ? { semantics: "transparent", why } : { semantics: "transparent", why, lookupOnly };
const judged = (why: string): WrapperSemanticsRow => ({ semantics: "judged", why });

const IDENTITY = "runs the command as another user or with other privileges";
const SANDBOX = "runs the command in another root, namespace, sandbox or emulated environment";
const TRACER = "runs the command under a tracer or loader that can alter what it does";
const PROJECT_RUNNER = "runs the command from the project's binaries or PATH, in the project's environment";

/** One row per indirection in `wrapper-table.ts`; a name missing here keeps the ask floor (fail closed). */
export const WRAPPER_SEMANTICS: ReadonlyMap<string, WrapperSemanticsRow> = new Map<string, WrapperSemanticsRow>([
	["time", transparent("times the command (bash keyword and /usr/bin/time)")],
	["nice", transparent("changes only the scheduling priority")],
	["ionice", transparent("changes only the I/O scheduling class")],
	["chrt", transparent("changes only the real-time scheduling policy")],
	["taskset", transparent("changes only the CPU affinity")],
	["nohup", transparent("only ignores SIGHUP and redirects output")],
	["timeout", transparent("only bounds the run time")],
	["stdbuf", transparent("only changes stdio buffering")],
	["setsid", transparent("only starts a new session, same user and environment")],
	["command", transparent("runs the command bypassing functions; -v/-V only print", ["-v", "-V", "-pv", "-pV"])],
	["builtin", transparent("runs a shell builtin by name")],
	["exec", transparent("replaces the shell with the command; -a/-c change only argv[0] and the environment")],
	["coproc", transparent("runs the command in the background with a pipe")],
	["sudo", judged(IDENTITY)],
	["doas", judged(IDENTITY)],
	["pkexec", judged(IDENTITY)],
	["setpriv", judged(IDENTITY)],
	["chpst", judged(IDENTITY)],
	["fakeroot", judged("fakes root identity for the command")],
	[
		"env",
		{
			...judged("changes the environment, which can change what the command does (`env LD_PRELOAD=…`)"),
			bareOptions: /^(?:-[i0]+|-|--null|--ignore-environment|[A-Za-z_][A-Za-z0-9_]*=.*)$/s,
		},
	],
	["chroot", judged(SANDBOX)],
	["unshare", judged(SANDBOX)],
	["nsenter", judged(SANDBOX)],
	["firejail", judged(SANDBOX)],
	["proot", judged(SANDBOX)],
	["cgexec", judged(SANDBOX)],
	["systemd-run", judged(SANDBOX)],
	["xvfb-run", judged(SANDBOX)],
	["dbus-run-session", judged(SANDBOX)],
	["setarch", judged(SANDBOX)],
	["linux32", judged(SANDBOX)],
	["linux64", judged(SANDBOX)],
	...SETARCH_ALIASES.map((name): [string, WrapperSemanticsRow] => [name, judged(SANDBOX)]),
	["faketime", judged(SANDBOX)],
	["prlimit", judged("changes resource limits")],
	["numactl", judged("changes memory placement")],
	["strace", judged(TRACER)],
	["ltrace", judged(TRACER)],
	["valgrind", judged(TRACER)],
	["catchsegv", judged(TRACER)],
	["unbuffer", judged("runs the command under an expect pty")],
	["busybox", judged("runs one of its applets by name")],
	["toybox", judged("runs one of its applets by name")],
	["watch", judged("re-runs the command through `sh -c` every interval")],
	["flock", judged("runs the command holding a lock")],
	[
		"xargs",
		{
			...judged("runs the command with words read from input; with none it runs `echo`"),
			bareOptions: /^(?:-[0rt]+|-[nL][1-9][0-9]*|--null|--no-run-if-empty|--verbose)$/,
		},
	],
	["find", judged("runs the command once per file found")],
	["fd", judged("runs the command once per file found")],
	["fdfind", judged("runs the command once per file found")],
	[
		"rsync",
		judged("runs its remote shell (`-e`) with the host and `rsync --server …` appended, both from its own words"),
	],
	// ADR 0031: only a `-c` payload every login shell reads alike is an indirection (`wrapper-analysis.ts`).
	["su", judged("runs the `-c` payload in another user's login shell")],
	["sg", judged("runs the `-c` payload with another group")],
	["runuser", judged("runs the `-c` payload in another user's login shell")],
	// ADR 0038: the input is quoted into the replacement strings or appended, so the composed words are what runs.
	["parallel", judged("runs its command words once per input, the input quoted into them or appended")],
	["rust-parallel", { semantics: "input-fed", why: "appends input to the command" }],
	// ADR 0052: runners found by looking for siblings of the red team's.
	["perf", judged(TRACER)],
	["heaptrack", judged(TRACER)],
	["uftrace", judged(TRACER)],
	["rr", judged(TRACER)],
	["bwrap", judged(SANDBOX)],
	["flatpak-spawn", judged(SANDBOX)],
	["schroot", judged(SANDBOX)],
	["fakechroot", judged(SANDBOX)],
	["systemd-nspawn", judged(SANDBOX)],
	["ip", judged("runs the command in another network namespace")],
	["run0", judged(IDENTITY)],
	["runcon", judged(IDENTITY)],
	["socat", judged("connects the command's input and output to another address")],
	["cmake", judged("changes the command's environment or directory (`cmake -E env|chdir`)")],
	["hyperfine", judged("runs each command many times through a shell")],
	["rlwrap", judged("runs the command with a line editor on its input")],
	["ccache", judged("runs the compiler command, or answers from its cache")],
	["sccache", judged("runs the compiler command, or answers from its cache")],
	["distcc", judged("runs the compiler command, maybe on another machine")],
	["eatmydata", judged("preloads a library that turns off fsync for the command")],
	["nocache", judged("preloads a library that changes the command's file caching")],
	["torsocks", judged("preloads a library that sends the command's connections through Tor")],
	["proxychains", judged("preloads a library that sends the command's connections through proxies")],
	["proxychains4", judged("preloads a library that sends the command's connections through proxies")],
	["tsocks", judged("preloads a library that sends the command's connections through a proxy")],
	["trickle", judged("preloads a library that limits the command's bandwidth")],
	["cpulimit", judged("limits the command's CPU use")],
	["rush", { semantics: "input-fed", why: "appends input to a shell payload" }],
	// Package runners run their command from the project's binaries or PATH (`npx rm x` runs /bin/rm): both judged.
	...[...PACKAGE_RUNNERS.keys()].map((name): [string, WrapperSemanticsRow] => [name, judged(PROJECT_RUNNER)]),
]);

/** The row for an indirection's command name, or `null` when it is unlisted (the floor stays). */
export function wrapperSemantics(commandName: string): WrapperSemanticsRow | null {
	return WRAPPER_SEMANTICS.get(commandName) ?? null;
}
