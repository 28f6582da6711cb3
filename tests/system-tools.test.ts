/**
 * Owns: the proof that `npm test` meets a bare machine as the README says: in a container (bubblewrap, a user
 * namespace) whose system `bin` directories hide `bwrap`, `tmux`, `socat` and `rg`, the check installs the missing ones
 * with apt-get as root (a fake apt-get records its arguments and drops stand-ins into /usr/local/bin), and as any other
 * user stops at once with the exact command to run, before biome, turbo or any suite starts.
 * Never: installs anything on the machine or writes into the repository (the container sees `/` read-only).
 */
import { spawnSync } from "node:child_process";
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const TOOLS = ["bwrap", "tmux", "socat", "rg"] as const;
/** The system directories a bare machine's tools live in; each one holding a hidden tool is replaced by a copy without it. */
const SYSTEM_BIN_DIRS = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"];
const NODE_DIR = dirname(process.execPath);
/** Commands `npm test` runs after the check; stand-ins record a call, so a run that got past the check shows. */
const LATER_STEPS = ["biome", "turbo", "pnpm", "vitest"];

let world = "";
let bwrap = "";

function onHostPath(command: string): string {
	for (const dir of (process.env.PATH ?? "").split(delimiter)) {
		const candidate = join(dir, command);
		if (dir !== "" && existsSync(candidate)) return candidate;
	}
	throw new Error(`${command} is not on PATH: this suite needs it to build its container`);
}

function script(file: string, lines: readonly string[]): void {
	writeFileSync(file, `#!/bin/sh\n${lines.join("\n")}\n`);
	chmodSync(file, 0o755);
}

/**
 * A copy of `dir` as symlinks, without `hidden` and apt-get: an entry resolving inside `dir` points into `hostView`
 * (where the container mounts the real `dir`), any other to its resolved file, which the container sees as is.
 */
function shadowOf(dir: string, hostView: string, hidden: readonly string[], into: string): void {
	mkdirSync(into, { recursive: true });
	for (const name of readdirSync(dir)) {
		if (hidden.includes(name) || name === "apt-get") continue;
		let target: string;
		try {
			target = realpathSync(join(dir, name));
		} catch {
			continue; // a dangling link is no command
		}
		if (hidden.includes(basename(target))) continue;
		symlinkSync(dirname(target) === dir ? join(hostView, basename(target)) : target, join(into, name));
	}
}

interface Container {
	readonly uid: number;
	/** The tools this container hides. */
	readonly hidden: readonly string[];
	readonly command: readonly string[];
	/** Whether the fake apt-get's `install` drops stand-ins (default) or only records its arguments. */
	readonly aptGetInstalls?: boolean;
}

interface ContainerRun {
	readonly code: number | null;
	readonly output: string;
	/** Each apt-get call, as `uid=<id> <arguments>`. */
	readonly aptGet: string[];
	/** The later steps that ran (`biome check .`, …). */
	readonly laterSteps: string[];
	/** The arguments of every `node` started through PATH (bootstrap's own included). */
	readonly nodeRuns: string[];
	/** What the fake apt-get installed into /usr/local/bin. */
	readonly installed: string[];
}

/** Runs `command` in a fresh container as `uid`, with `hidden` gone from every system bin directory. */
function inContainer({ uid, hidden, command, aptGetInstalls = true }: Container): ContainerRun {
	const box = mkdtempSync(join(world, "box-"));
	const records = join(box, "records");
	const localBin = join(box, "local-bin");
	const steps = join(box, "steps");
	const home = join(box, "home");
	for (const dir of [records, localBin, steps, home]) mkdirSync(dir);
	const mounts: string[] = [];
	const seen = new Set<string>();
	for (const dir of SYSTEM_BIN_DIRS) {
		if (!existsSync(dir)) continue;
		const real = realpathSync(dir);
		if (seen.has(real)) continue;
		seen.add(real);
		const hostView = join("/run/host", real);
		const shadow = join(box, "shadow", real);
		shadowOf(real, hostView, hidden, shadow);
		mounts.push("--ro-bind", real, hostView, "--ro-bind", shadow, real);
		if (real === "/usr/bin") {
			// apt-get as the container's: it records its arguments and "installs" a stand-in for each package.
			script(join(shadow, "apt-get"), [
				`echo "uid=$(id -u) $*" >> ${records}/apt-get`,
				`[ "$1" = install ] && ${aptGetInstalls} || exit 0`,
				'for package in "$@"; do',
				'  case "$package" in -*|install) continue ;; bubblewrap) tool=bwrap ;; ripgrep) tool=rg ;; *) tool=$package ;; esac',
				`  printf '#!/bin/sh\\n' > /usr/local/bin/$tool && chmod +x /usr/local/bin/$tool`,
				"done",
			]);
		}
	}
	for (const step of LATER_STEPS) script(join(steps, step), [`echo "${step} $*" >> ${records}/later-steps`, "exit 1"]);
	script(join(steps, "node"), [`echo "$*" >> ${records}/node`, `exec ${process.execPath} "$@"`]);
	const path = [steps, NODE_DIR, "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
	const result = spawnSync(
		bwrap,
		[
			"--unshare-user",
			"--uid",
			String(uid),
			"--gid",
			String(uid),
			"--ro-bind",
			"/",
			"/",
			"--dev",
			"/dev",
			"--proc",
			"/proc",
			"--tmpfs",
			"/run",
			...mounts,
			"--bind",
			localBin,
			"/usr/local/bin",
			"--bind",
			records,
			records,
			"--bind",
			home,
			home,
			"--chdir",
			ROOT,
			"--clearenv",
			"--setenv",
			"PATH",
			path.join(":"),
			"--setenv",
			"HOME",
			home,
			"--",
			...command,
		],
		{ encoding: "utf8", timeout: 60_000 },
	);
	const lines = (file: string) =>
		existsSync(join(records, file)) ? readFileSync(join(records, file), "utf8").trim().split("\n") : [];
	return {
		code: result.status,
		output: `${result.stdout}${result.stderr}${result.error === undefined ? "" : String(result.error)}`,
		aptGet: lines("apt-get"),
		laterSteps: lines("later-steps"),
		nodeRuns: lines("node"),
		installed: readdirSync(localBin).sort(),
	};
}

const CHECK = [process.execPath, join(ROOT, "scripts/system-tools.mjs")];

beforeAll(() => {
	world = mkdtempSync(join(tmpdir(), "pi-permissions-bare-"));
	bwrap = onHostPath("bwrap");
});

afterAll(() => {
	if (world !== "") rmSync(world, { recursive: true, force: true });
});

describe("the system tools check on a machine without them", () => {
	it("sees none of the four inside the container (the container hides what it should)", () => {
		const run = inContainer({ uid: 1000, hidden: TOOLS, command: ["/bin/sh", "-c", "command -v bwrap tmux socat rg"] });
		expect(run.output).toBe("");
		expect(run.code).not.toBe(0);
	});

	it("as root with apt-get, installs exactly the missing packages and lets the run go on", () => {
		const run = inContainer({ uid: 0, hidden: TOOLS, command: CHECK });
		expect(run.code, run.output).toBe(0);
		expect(run.aptGet).toEqual(["uid=0 update -qq", "uid=0 install -y -qq bubblewrap tmux socat ripgrep"]);
		expect(run.installed).toEqual(["bwrap", "rg", "socat", "tmux"]);
		expect(run.output).toContain("installing bubblewrap tmux socat ripgrep");
	});

	it("as root, installs only what is missing", () => {
		const run = inContainer({ uid: 0, hidden: ["socat", "rg"], command: CHECK });
		expect(run.code, run.output).toBe(0);
		expect(run.aptGet).toEqual(["uid=0 update -qq", "uid=0 install -y -qq socat ripgrep"]);
	});

	it("as root, stops with the command when apt-get ran and the tools are still missing", () => {
		const run = inContainer({ uid: 0, hidden: TOOLS, command: CHECK, aptGetInstalls: false });
		expect(run.code).toBe(1);
		expect(run.aptGet).toEqual(["uid=0 update -qq", "uid=0 install -y -qq bubblewrap tmux socat ripgrep"]);
		expect(run.output).toContain("apt-get ran, but some tools are still missing.");
		expect(run.output).toContain("  apt-get install -y bubblewrap tmux socat ripgrep\n");
	});

	it("as a user, stops at once with the exact command to run and installs nothing", () => {
		const run = inContainer({ uid: 1000, hidden: TOOLS, command: CHECK });
		expect(run.code).toBe(1);
		expect(run.output).toContain("  sudo apt-get install -y bubblewrap tmux socat ripgrep\n");
		expect(run.output).toContain("npm test needs system tools that are not installed: bwrap, tmux, socat, rg.");
		expect(run.aptGet).toEqual([]);
	});

	it("as a user, names only the missing packages", () => {
		const run = inContainer({ uid: 1000, hidden: ["tmux"], command: CHECK });
		expect(run.code).toBe(1);
		expect(run.output).toContain("  sudo apt-get install -y tmux\n");
	});

	it("as a user with every tool present, passes without a word", () => {
		const run = inContainer({ uid: 1000, hidden: [], command: CHECK });
		expect(run.code, run.output).toBe(0);
		expect(run.output).toBe("");
	});
});

describe("npm test on a machine without them", () => {
	it("`npm test` stops with the message before bootstrap, biome, turbo or any suite starts", () => {
		const run = inContainer({
			uid: 1000,
			hidden: TOOLS,
			command: [realpathSync(onHostPath("npm")), "test", "--silent"],
		});
		expect(run.code).not.toBe(0);
		expect(run.output).toContain("  sudo apt-get install -y bubblewrap tmux socat ripgrep\n");
		// npm itself, then the check; bootstrap (which runs node to read versions and hash manifests) never started.
		expect(run.nodeRuns).toEqual([expect.stringMatching(/npm-cli\.js test --silent$/), "scripts/system-tools.mjs"]);
		expect(run.laterSteps).toEqual([]);
	});

	it("the runner itself checks first when started directly, before biome, turbo or any suite", () => {
		const run = inContainer({
			uid: 1000,
			hidden: TOOLS,
			command: [process.execPath, join(ROOT, "scripts/run-tests.mjs")],
		});
		expect(run.code).toBe(1);
		expect(run.output).toContain("  sudo apt-get install -y bubblewrap tmux socat ripgrep\n");
		expect(run.laterSteps).toEqual([]);
	});
});
