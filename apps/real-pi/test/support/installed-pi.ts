/**
 * Owns: starting the real `pi` in RPC mode with pi-permissions loaded the way a user's install leaves it: a `packages`
 * entry in the sandbox agent dir's `settings.json` (written by `pi install`, or here for an installed tarball), the
 * scripted provider beside it with `-e`; and reading what such a run showed: notifications, status entries, and the
 * tool results of a prompt.
 * Never: passes `--no-extensions` (it turns settings packages off) or lets a host key or setting reach Pi.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CleanupStack } from "./cleanup-stack";
import { PI_BIN, type PiCommand, SCRIPTED_PROVIDER_EXTENSION, sharedTempDir } from "./pi-command";
import { PiProcess } from "./pi-process";
import type { PiSandbox } from "./pi-sandbox";
import { type RpcRecord, RpcSession } from "./rpc-session";
import { SCRIPT_ENV, SCRIPTED_MODEL, SCRIPTED_PROVIDER, type ScriptedTurn } from "./scripted-turns";

export interface InstalledLaunch {
	readonly sandbox: PiSandbox;
	readonly script: readonly ScriptedTurn[];
	/** The tools offered to the model. */
	readonly tools: readonly string[];
	/** Writes `settings.json` with this package directory; omitted when `pi install` already wrote it. */
	readonly packageDir?: string;
	/** The directory Pi starts in (default: the sandbox's project). */
	readonly cwd?: string;
	/** The `pi` bin (default: the workspace's). */
	readonly piBin?: string;
}

export function startInstalledRpc(cleanup: CleanupStack, launch: InstalledLaunch): RpcSession {
	const process = PiProcess.spawn(installedCommand(launch, ["--mode", "rpc"]));
	cleanup.defer(() => process.kill());
	return new RpcSession(process);
}

/** The command line of an installed run: `modeArgs` first (none for the TUI), the initial prompt last when given. */
export function installedCommand(launch: InstalledLaunch, modeArgs: readonly string[], prompt?: string): PiCommand {
	const { sandbox } = launch;
	if (launch.packageDir !== undefined) {
		writeFileSync(join(sandbox.agentDir, "settings.json"), JSON.stringify({ packages: [launch.packageDir] }));
	}
	const script = sandbox.writeScript(launch.script);
	return {
		file: launch.piBin ?? PI_BIN,
		args: [
			...modeArgs,
			"--no-session",
			"--offline",
			"--no-skills",
			"--no-prompt-templates",
			"--no-themes",
			"--no-context-files",
			"-e",
			SCRIPTED_PROVIDER_EXTENSION,
			"--provider",
			SCRIPTED_PROVIDER,
			"--model",
			SCRIPTED_MODEL,
			"--tools",
			launch.tools.join(","),
			...(prompt === undefined ? [] : [prompt]),
		],
		env: installedEnvironment(sandbox, { [SCRIPT_ENV]: script, TERM: "xterm-256color" }),
		cwd: launch.cwd ?? sandbox.cwd,
	};
}

/** A minimal environment built from scratch for `sandbox` (Node 22 first on PATH), plus `extra`. */
export function installedEnvironment(
	sandbox: PiSandbox,
	extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
	return {
		PATH: [dirname(globalThis.process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
		HOME: sandbox.home,
		// Pi's jiti cache and compile cache: shared by every run, as `pi-command.ts` explains.
		TMPDIR: sharedTempDir(),
		LANG: "C.UTF-8",
		PI_CODING_AGENT_DIR: sandbox.agentDir,
		PI_OFFLINE: "1",
		PI_SKIP_VERSION_CHECK: "1",
		PI_TELEMETRY: "0",
		...extra,
	};
}

/** The fire-and-forget UI records (`notify`, `setStatus`) of a run, in order. */
export function uiRecords(records: readonly RpcRecord[], method: "notify" | "setStatus"): RpcRecord[] {
	return records.filter((record) => record.type === "extension_ui_request" && record.method === method);
}
