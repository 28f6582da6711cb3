/**
 * Issue 34: the README's uninstall route, run line by line from the repository root against a Pi that has
 * pi-permissions and the judge installed from it: `pi remove` takes both out of Pi's settings, tool calls are then no
 * longer gated, and the policy file is left behind, as the README says.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runBounded, tail } from "../packaging/bounded-command";
import { REPO_ROOT } from "../packaging/packed-workspace";
import { CleanupStack } from "../support/cleanup-stack";
import { startInstalledRpc } from "../support/installed-pi";
import { PiSandbox } from "../support/pi-sandbox";
import { bashTurn } from "../support/scripted-turns";
import { uninstallRouteCommands, writeUserPi } from "./readme-route";

const SHELL_BOUND_MS = 60_000;
const RPC_RUN_MS = 30_000;
const POLICY = { permission: { "*": "allow", bash: { "*": "allow", "touch *": "deny" } } };
const INSTALLED = [join(REPO_ROOT, "packages/pi-extension"), join(REPO_ROOT, "packages/model-judge")];

let userBin = "";
const cleanup = new CleanupStack();
afterEach(() => cleanup.run());
beforeAll(() => {
	userBin = mkdtempSync(join(tmpdir(), "real-pi-user-bin-"));
	writeUserPi(userBin);
});
afterAll(() => rmSync(userBin, { recursive: true, force: true }));

/** Runs `lines` in one bash, `set -eux`, as the user of `sandbox`, from the repository's root. */
function userShell(sandbox: PiSandbox, lines: readonly string[]) {
	return runBounded({
		command: "bash",
		args: ["-c", ["set -euxo pipefail", ...lines].join("\n")],
		cwd: REPO_ROOT,
		env: {
			PATH: [userBin, "/usr/local/bin", "/usr/bin", "/bin", dirname(process.execPath)].join(":"),
			HOME: sandbox.home,
			LANG: "C.UTF-8",
			PI_CODING_AGENT_DIR: sandbox.agentDir,
			PI_OFFLINE: "1",
			PI_SKIP_VERSION_CHECK: "1",
			PI_TELEMETRY: "0",
		},
		timeoutMs: SHELL_BOUND_MS,
	});
}

/** The packages of Pi's settings, as absolute paths (Pi keeps a local path relative to the agent dir). */
function installedPackages(sandbox: PiSandbox): string[] {
	const settings = join(sandbox.agentDir, "settings.json");
	if (!existsSync(settings)) return [];
	const parsed = JSON.parse(readFileSync(settings, "utf8")) as { packages?: unknown[] };
	return (parsed.packages ?? []).map((entry) => resolve(sandbox.agentDir, String(entry)));
}

/** Runs `touch <file>` through the model in an installed Pi and says whether the file was made. */
async function touched(sandbox: PiSandbox, file: string): Promise<boolean> {
	const rpc = startInstalledRpc(cleanup, {
		sandbox,
		tools: ["bash"],
		script: [bashTurn(`touch ${file}`), { kind: "report" }],
	});
	const from = await rpc.prompt("go");
	await rpc.waitForSettled(from, RPC_RUN_MS);
	return existsSync(sandbox.file(file));
}

describe("the README's uninstall route (issue 34)", () => {
	it(
		"removes pi-permissions and the judge from Pi's settings, ungates tool calls, and leaves the policy file",
		async () => {
			const sandbox = PiSandbox.create("real-pi-uninstall-");
			cleanup.defer(() => sandbox.remove());
			sandbox.writeConfig(POLICY);
			const installed = await userShell(sandbox, [
				`pi install "$PWD/packages/pi-extension"`,
				`pi install "$PWD/packages/model-judge"`,
			]);
			expect(installed.code, tail(installed.stdout + installed.stderr)).toBe(0);
			expect(installedPackages(sandbox)).toEqual(expect.arrayContaining(INSTALLED));
			// Gated: denied by the policy (or blocked as not active, where the clone is not built).
			expect(await touched(sandbox, "GATED")).toBe(false);

			const lines = uninstallRouteCommands(join(REPO_ROOT, "README.md"));
			expect(lines.filter((line) => line.startsWith("pi remove "))).toHaveLength(2);
			const removed = await userShell(sandbox, lines);
			expect(removed.code, tail(removed.stdout + removed.stderr)).toBe(0);
			expect(installedPackages(sandbox)).toEqual([]);
			expect(await touched(sandbox, "UNGATED")).toBe(true);
			expect(JSON.parse(readFileSync(sandbox.configFile, "utf8"))).toEqual(POLICY);
		},
		SHELL_BOUND_MS * 2 + RPC_RUN_MS * 2,
	);
});
