/**
 * Owns: the command line and environment that start the real `pi` bin for one sandbox: Node 22 first on PATH (the
 * running vitest's node), the scripted provider and the given extensions loaded with `-e`, a minimal environment built
 * from scratch (no API keys, offline, no version check or telemetry), isolated agent dir, HOME and cwd.
 * Never: starts anything; `PiProcess` and `TmuxTerminal` run the command it describes.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PiSandbox } from "./pi-sandbox";
import { SCRIPT_ENV, SCRIPTED_MODEL, SCRIPTED_PROVIDER, type ScriptedTurn } from "./scripted-turns";

const SUPPORT_DIR = dirname(fileURLToPath(import.meta.url));
/** The workspace's real `pi` bin (the package's shim, which runs `node` from PATH). */
export const PI_BIN = resolve(SUPPORT_DIR, "../../node_modules/.bin/pi");
/** The test-only extension that registers the scripted provider. */
export const SCRIPTED_PROVIDER_EXTENSION = join(SUPPORT_DIR, "scripted-provider-extension.ts");

export type PiMode =
	| { readonly kind: "rpc" }
	| { readonly kind: "print"; readonly prompt: string }
	| { readonly kind: "json"; readonly prompt: string }
	/** The interactive TUI; an initial prompt is submitted at start when given. */
	| { readonly kind: "tui"; readonly prompt?: string };

export interface PiLaunch {
	readonly sandbox: PiSandbox;
	readonly mode: PiMode;
	/** The model's turns, in order. */
	readonly script: readonly ScriptedTurn[];
	/** Extensions to load after the scripted provider (files or package directories). */
	readonly extensions: readonly string[];
	/** The tools offered to the model; default `bash`. */
	readonly tools?: readonly string[];
	/** Keep a session file (default: `--no-session`). */
	readonly session?: boolean;
	/** Extra environment variables (for example `PI_SUBAGENT_CHILD`). */
	readonly env?: Readonly<Record<string, string>>;
	readonly extraArgs?: readonly string[];
	/** The script file name inside the sandbox (two Pi runs in one sandbox need two). */
	readonly scriptName?: string;
}

export interface PiCommand {
	readonly file: string;
	readonly args: readonly string[];
	readonly env: Readonly<Record<string, string>>;
	readonly cwd: string;
}

export function piCommand(launch: PiLaunch): PiCommand {
	const { sandbox, mode } = launch;
	const script = sandbox.writeScript(launch.script, launch.scriptName);
	const args = [
		...modeArgs(mode),
		...(launch.session === true ? [] : ["--no-session"]),
		"--no-extensions",
		"--no-skills",
		"--no-prompt-templates",
		"--no-themes",
		"--no-context-files",
		"--offline",
		"-e",
		SCRIPTED_PROVIDER_EXTENSION,
		...launch.extensions.flatMap((extension) => ["-e", extension]),
		"--provider",
		SCRIPTED_PROVIDER,
		"--model",
		SCRIPTED_MODEL,
		"--tools",
		(launch.tools ?? ["bash"]).join(","),
		...(launch.extraArgs ?? []),
		...promptArgs(mode),
	];
	return { file: PI_BIN, args, env: piEnvironment(sandbox, script, launch.env ?? {}), cwd: sandbox.cwd };
}

function modeArgs(mode: PiMode): string[] {
	switch (mode.kind) {
		case "rpc":
			return ["--mode", "rpc"];
		case "print":
			return ["-p"];
		case "json":
			return ["--mode", "json"];
		case "tui":
			return [];
		default: {
			const unhandled: never = mode;
			throw new Error(`unhandled pi mode ${String(unhandled)}`);
		}
	}
}

function promptArgs(mode: PiMode): string[] {
	switch (mode.kind) {
		case "rpc":
			return [];
		case "print":
		case "json":
			return [mode.prompt];
		case "tui":
			return mode.prompt === undefined ? [] : [mode.prompt];
		default: {
			const unhandled: never = mode;
			throw new Error(`unhandled pi mode ${String(unhandled)}`);
		}
	}
}

/** A minimal environment, built from scratch so no key, token or user setting of the host leaks into Pi. */
function piEnvironment(
	sandbox: PiSandbox,
	script: string,
	extra: Readonly<Record<string, string>>,
): Record<string, string> {
	return {
		PATH: [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
		HOME: sandbox.home,
		// One temp dir shared by every run: Pi's jiti loader transforms extensions once and caches them under
		// TMPDIR, and Node keeps Pi's compile cache there; a fresh TMPDIR per run costs about 3 s of CPU each start.
		TMPDIR: sharedTempDir(),
		LANG: "C.UTF-8",
		TERM: "xterm-256color",
		PI_CODING_AGENT_DIR: sandbox.agentDir,
		PI_OFFLINE: "1",
		PI_SKIP_VERSION_CHECK: "1",
		PI_TELEMETRY: "0",
		[SCRIPT_ENV]: script,
		...extra,
	};
}

/** The temp dir every Pi run of the suites shares (caches only; each run's own files live in its sandbox). */
export function sharedTempDir(): string {
	const dir = join(tmpdir(), "real-pi-shared-tmp");
	mkdirSync(dir, { recursive: true });
	return dir;
}
