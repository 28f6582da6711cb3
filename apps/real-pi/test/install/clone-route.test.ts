/**
 * Owns: ADR 0034's proof that a user can install pi-permissions from a clone as the README says, and that no install
 * runs ungated: the repository cloned into a temp dir, bootstrapped but not built and installed into Pi (every tool
 * call blocked with the not-active reason), then the README's clone route run line by line in one shell (commands
 * read from the clone's README, so drift fails), `pi-permissions` found on PATH from outside the clone, and the real
 * `pi` in a temp project denying `rm -rf` and asking about `git push`.
 * Never: patches a README command or links anything from the workspace into the clone but the Node and pnpm
 * downloads in `.tools/` (a fresh machine fetches the same files from the npm registry).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NOT_ACTIVE } from "../../../../packages/pi-extension/entry/not-active";
import { runBounded, runOk, tail } from "../packaging/bounded-command";
import { REPO_ROOT } from "../packaging/packed-workspace";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { installedCommand, startInstalledRpc, uiRecords } from "../support/installed-pi";
import { PiSandbox } from "../support/pi-sandbox";
import { resultText } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";
import { TmuxTerminal } from "../support/tmux-terminal";
import { cloneRouteCommands, userEnvironment, writeUserPi } from "./readme-route";

/**
 * Liveness margins (ADR 0047): the install is from the shared store; the build of every package the extension and the
 * CLI need, in the fresh clone, is the long part (over 2 min on a busy 2-core machine). The build is what this suite
 * proves a user's clone can do, so it is not the one `npm test` runs before the suites.
 */
const BOOTSTRAP_BOUND_MS = 600_000;
const ROUTE_BOUND_MS = 900_000;
const SHORT_BOUND_MS = 120_000;
const RPC_RUN_MS = 120_000;

const POLICY = {
	permission: {
		"*": "allow",
		bash: {
			"*": "allow",
			"rm -rf *": { action: "deny", reason: "recursive deletes are off limits" },
			"git push *": "ask",
		},
	},
};

let world = "";
let clone = "";
let userBin = "";
const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

beforeAll(async () => {
	world = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-clone-")));
	clone = join(world, "pi-permissions");
	userBin = join(world, "user-bin");
	mkdirSync(userBin);
	writeUserPi(userBin);
	// What is committed is what a user clones.
	await runOk({
		command: "git",
		args: ["clone", "--quiet", REPO_ROOT, clone],
		cwd: world,
		env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: world },
		timeoutMs: SHORT_BOUND_MS,
	});
	// Bootstrap's downloads (Node 22 and pnpm, from the npm registry) are shared with the workspace's.
	mkdirSync(join(clone, ".tools"));
	for (const tool of ["node", "pnpm"]) {
		const source = join(REPO_ROOT, ".tools", tool);
		if (existsSync(source)) symlinkSync(source, join(clone, ".tools", tool));
	}
}, SHORT_BOUND_MS);

afterAll(() => {
	if (world !== "") rmSync(world, { recursive: true, force: true });
});

/** Runs `lines` in one bash, `set -eux`, as the user in `sandbox`'s world, from the clone's root. */
function userShell(sandbox: PiSandbox, lines: readonly string[], timeoutMs: number) {
	return runBounded({
		command: "bash",
		args: ["-c", ["set -euxo pipefail", ...lines].join("\n")],
		cwd: clone,
		env: userEnvironment({ userBin, home: sandbox.home, agentDir: sandbox.agentDir, repoRoot: REPO_ROOT }),
		timeoutMs,
	});
}

describe("a clone installed into Pi before it is built", () => {
	it(
		"blocks every tool call with the not-active reason, which names the missing build and `npm run setup`",
		async () => {
			const sandbox = PiSandbox.create("real-pi-unbuilt-");
			cleanup.defer(() => sandbox.remove());
			sandbox.writeConfig(POLICY);
			const setUp = await userShell(
				sandbox,
				["scripts/bootstrap", `pi install "$PWD/packages/pi-extension"`],
				BOOTSTRAP_BOUND_MS,
			);
			expect(setUp.code, tail(setUp.stdout + setUp.stderr)).toBe(0);
			expect(existsSync(join(clone, "packages/pi-extension/dist"))).toBe(false);

			const rpc = startInstalledRpc(cleanup, {
				sandbox,
				tools: ["bash", "read", "write"],
				script: [
					bashTurn("touch PWNED"),
					{ kind: "tool", tool: "read", arguments: { path: "notes.txt" } },
					{ kind: "tool", tool: "write", arguments: { path: "written.txt", content: "x" } },
					{ kind: "report" },
				],
			});
			sandbox.writeFile("notes.txt", "secret\n");
			const from = await rpc.prompt("go");
			await rpc.waitForSettled(from, RPC_RUN_MS);
			const ends = rpc.toolEnds(from);
			expect(ends.map((end) => end.toolName)).toEqual(["bash", "read", "write"]);
			for (const end of ends) {
				expect(end.isError, end.toolName).toBe(true);
				expect(resultText(end)).toBe(
					`${NOT_ACTIVE}: the extension is not built (${join(clone, "packages/pi-extension/dist/index.js")} is missing). ` +
						`Fix: run \`npm run setup\` in ${clone}, then restart Pi.`,
				);
			}
			expect(existsSync(sandbox.file("PWNED"))).toBe(false);
			expect(existsSync(sandbox.file("written.txt"))).toBe(false);
			const reason = ends[0] === undefined ? "" : resultText(ends[0]);
			expect(uiRecords(rpc.records, "notify")).toContainEqual(
				expect.objectContaining({ notifyType: "error", message: reason }),
			);
			expect(uiRecords(rpc.records, "setStatus")).toContainEqual(
				expect.objectContaining({ statusKey: "pi-permissions", statusText: NOT_ACTIVE }),
			);
		},
		BOOTSTRAP_BOUND_MS + RPC_RUN_MS * 2,
	);
	it(
		"says so in the TUI: the error at start and the status line",
		async () => {
			const sandbox = PiSandbox.create("real-pi-unbuilt-tui-");
			cleanup.defer(() => sandbox.remove());
			sandbox.writeConfig(POLICY);
			const installed = await userShell(sandbox, [`pi install "$PWD/packages/pi-extension"`], SHORT_BOUND_MS);
			expect(installed.code, tail(installed.stdout + installed.stderr)).toBe(0);
			const command = installedCommand({ sandbox, tools: ["bash"], script: [bashTurn("touch PWNED")] }, [], "go");
			const terminal = await TmuxTerminal.start(command, { columns: 160, rows: 40 });
			cleanup.defer(() => terminal.kill());
			const screen = (await terminal.waitForText("Fix: run `npm run setup`")).join("\n");
			expect(screen).toContain(`${NOT_ACTIVE}: the extension is not built`);
			// The footer's status entry, on a line of its own below the editor.
			const rows = await terminal.waitForScreen("the not-active status line", (lines) =>
				lines.some((line) => line.trim() === NOT_ACTIVE) ? lines : undefined,
			);
			expect(rows.filter((line) => line.trim() === NOT_ACTIVE)).toHaveLength(1);
			// The model's `touch` was blocked: its run went on to the script's end, and the file is not there.
			await terminal.waitForText("(script finished)");
			expect(existsSync(sandbox.file("PWNED"))).toBe(false);
		},
		SHORT_BOUND_MS * 2,
	);
});

describe("the README's clone route", () => {
	it(
		"installs a gating pi-permissions: `rm -rf` denied, `git push` asked, the command on PATH from anywhere",
		async () => {
			const commands = cloneRouteCommands(join(clone, "README.md"));
			expect(commands.some((line) => line.startsWith("pi install "))).toBe(true);
			const sandbox = PiSandbox.create("real-pi-route-");
			cleanup.defer(() => sandbox.remove());
			sandbox.writeConfig(POLICY);
			const route = await userShell(
				sandbox,
				[...commands, `cd "${sandbox.cwd}"`, `printf 'PI_PERMISSIONS_BIN=%s\\n' "$(command -v pi-permissions)"`],
				ROUTE_BOUND_MS,
			);
			const transcript = tail(route.stdout + route.stderr, 6_000);
			expect(route.code, transcript).toBe(0);
			expect(route.stdout, transcript).toContain(`pi install ${join(clone, "packages/pi-extension")}`);
			expect(route.stdout).toContain(`PI_PERMISSIONS_BIN=${join(clone, "bin/pi-permissions")}`);

			// The command, run from outside the clone, reads the same global config Pi does.
			const check = await runBounded({
				command: join(clone, "bin/pi-permissions"),
				args: ["check", "bash", "rm -rf tree"],
				cwd: sandbox.cwd,
				env: userEnvironment({ userBin, home: sandbox.home, agentDir: sandbox.agentDir, repoRoot: REPO_ROOT }),
				timeoutMs: SHORT_BOUND_MS,
			});
			expect(check.code, check.stdout + check.stderr).toBe(3);
			expect(check.stdout).toContain("recursive deletes are off limits");

			const victim = sandbox.writeFile("tree/victim.txt", "keep me\n");
			const rpc = startInstalledRpc(cleanup, {
				sandbox,
				tools: ["bash"],
				script: [bashTurn("rm -rf tree"), bashTurn("git push origin main"), { kind: "report" }],
			});
			const from = await rpc.prompt("clean up and push");
			const dialog = await rpc.waitForDialog(from, RPC_RUN_MS);
			expect(dialog.title).toMatch(/command\s*: git push origin main/);
			rpc.answer(dialog, "No");
			await rpc.waitForSettled(from, RPC_RUN_MS);
			const [remove, push] = rpc.toolEnds(from);
			expect(existsSync(victim)).toBe(true);
			expect(remove?.isError).toBe(true);
			expect(remove === undefined ? "" : resultText(remove)).toContain("recursive deletes are off limits");
			expect(push?.isError).toBe(true);
			// The review log is written after the decision reaches the model: wait (bounded) for both lines.
			const decisions = await pollUntil(() => (sandbox.decisions().length >= 2 ? sandbox.decisions() : undefined), {
				what: "two review-log decisions",
				timeoutMs: SHORT_BOUND_MS,
				detail: () => JSON.stringify(sandbox.reviewLog()),
			});
			expect(decisions).toMatchObject([
				{ toolName: "bash", value: "rm -rf tree", result: "deny", resolution: "policy_deny" },
				{
					toolName: "bash",
					value: "git push origin main",
					result: "deny",
					resolution: "user_denied",
					decidedBy: "user",
				},
			]);
			expect(uiRecords(rpc.records, "notify").filter((record) => record.notifyType === "error")).toEqual([]);
		},
		ROUTE_BOUND_MS + RPC_RUN_MS * 3,
	);

	it(
		"runs the `pi install` line itself with `npm run setup -- --install`",
		async () => {
			const sandbox = PiSandbox.create("real-pi-setup-install-");
			cleanup.defer(() => sandbox.remove());
			// The clone is built by the test above: turbo replays the build from its cache.
			const setUp = await userShell(sandbox, ["npm run setup -- --install"], ROUTE_BOUND_MS);
			expect(setUp.code, tail(setUp.stdout + setUp.stderr)).toBe(0);
			const settings = JSON.parse(readFileSync(join(sandbox.agentDir, "settings.json"), "utf8")) as {
				packages: string[];
			};
			expect(settings.packages.map((entry) => resolve(sandbox.agentDir, entry))).toEqual([
				join(clone, "packages/pi-extension"),
			]);
		},
		ROUTE_BOUND_MS,
	);
});
