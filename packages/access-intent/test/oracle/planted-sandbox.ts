/**
 * Owns: the planted layout of the differential oracle (ADR 0062): the host's own root bound read-only, so the REAL
 * programs run (git, npm, node, rg, python3, bash, …), a fresh copy of the planted fixture as the home before every
 * command, and a log only the planted hooks write to.
 * Never: lets a command reach the network, the host's home or the repository (`--unshare-all`, tmpfs over `/home`,
 * `/root`, `/tmp`); judges what ran (that is `planted-judge.ts`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BashSandbox, type SandboxLayout } from "./bash-sandbox";
import { buildPlantedFixture, PLANTED_HOME, PLANTED_ORACLE_DIR, PLANTED_PROJECT } from "./planted-fixture";

const O = PLANTED_ORACLE_DIR;

/**
 * Builtins, `rm` and `cp` only: before each command the home is replaced by the fixture, so a command that writes
 * (a `git commit` with a planted editor) cannot change what the next one reads.
 */
const DRIVER = `i=$1
while IFS= read -r -d '' cmd; do
	printf 'M\\0%s\\0' "$i" >>${O}/log
	cd / && rm -rf ${PLANTED_HOME} && cp -a ${O}/fixture ${PLANTED_HOME} && cd ${PLANTED_PROJECT} || exit 3
	printf '%s' "$i" >${O}/progress
	__ORACLE_ID=$i /bin/bash --norc --noprofile -c "$cmd" </dev/null >/dev/null 2>&1
	i=$((i + 1))
done <${O}/cmds
read -r -t 0.3 <>${O}/fifo
printf 'E\\0' >>${O}/log
`;

/** What each command's `bash -c` starts with: a plain user's environment, nothing planted. */
export function plantedEnvironment(): Record<string, string> {
	return {
		PATH: "/usr/local/bin:/usr/bin:/bin",
		HOME: PLANTED_HOME,
		LANG: "C.UTF-8",
		// npm's version check would wait on a network that is not there.
		npm_config_update_notifier: "false",
	};
}

class PlantedLayout implements SandboxLayout {
	constructor(readonly root: string) {}

	args(batchDir: string, start: number): string[] {
		const args = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", "--ro-bind", "/", "/"];
		args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/home");
		for (const hidden of ["/root", "/work", "/var/tmp"]) if (existsSync(hidden)) args.push("--tmpfs", hidden);
		args.push("--ro-bind", join(this.root, "hooks"), `${O}/hooks`);
		args.push("--ro-bind", join(this.root, "fixture"), `${O}/fixture`);
		args.push("--ro-bind", join(this.root, "driver"), `${O}/driver`);
		args.push("--bind", join(this.root, "fifo"), `${O}/fifo`);
		args.push("--ro-bind", join(batchDir, "cmds"), `${O}/cmds`);
		args.push("--bind", join(batchDir, "log"), `${O}/log`);
		args.push("--bind", join(batchDir, "progress"), `${O}/progress`);
		for (const [name, value] of Object.entries(plantedEnvironment())) args.push("--setenv", name, value);
		args.push("--chdir", "/", "/bin/bash", "--norc", "--noprofile", `${O}/driver`, String(start));
		return args;
	}
}

/** A sandbox running the real programs over the planted fixture; `SandboxUnavailable` when bwrap cannot start. */
export function createPlantedSandbox(): BashSandbox {
	const root = mkdtempSync(join(tmpdir(), "pi-permissions-planted-"));
	buildPlantedFixture(root);
	writeFileSync(join(root, "driver"), DRIVER);
	execFileSync("mkfifo", [join(root, "fifo")]);
	// A real program (npm, gdb) may take a second to start on a loaded machine.
	return BashSandbox.withLayout(new PlantedLayout(root), "git status", 10_000);
}
