/**
 * Owns: one print-mode run of the real `pi` with the adapter loaded the way a user installs it (a `packages` entry
 * in the agent dir's `settings.json`), in a temp world outside the repo (agent dir, HOME, cwd, TMPDIR), with the
 * faux model making one `bash` call.
 * Never: passes `--no-extensions` (it would turn settings packages off) or lets a host key or setting reach Pi.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BoundedResult, runBounded } from "./bounded-command";
import { COMMAND_ENV, FAUX_MODEL, FAUX_PROVIDER, RESULT_PREFIX, type SeenToolResult } from "./faux-bash-extension";

const HERE = dirname(fileURLToPath(import.meta.url));
/** The workspace's real `pi` bin (its shebang runs `node` from PATH: the running Node 22). */
export const PI_BIN = resolve(HERE, "../../node_modules/.bin/pi");
const FAUX_EXTENSION = join(HERE, "faux-bash-extension.ts");

export interface PackagedPiRun {
	/** A fresh temp directory holding the run's agent dir, HOME and project. */
	readonly root: string;
	/** The installed adapter package directory, as listed in `settings.json` `packages`. */
	readonly adapterPackage: string;
	/** The pi-permissions config written to the agent dir. */
	readonly config: Readonly<Record<string, unknown>>;
	readonly bashCommand: string;
	readonly timeoutMs: number;
}

export interface PackagedPiResult extends BoundedResult {
	readonly agentDir: string;
	readonly project: string;
	/** The tool result the model reported, or `null` when stdout has no report line. */
	readonly seen: SeenToolResult | null;
}

/** The project directory of a run rooted at `root` (create files there before the run). */
export function projectDir(root: string): string {
	return join(root, "project");
}

export async function runPackagedPi(run: PackagedPiRun): Promise<PackagedPiResult> {
	const agentDir = join(run.root, "agent");
	const home = join(run.root, "home");
	const project = projectDir(run.root);
	for (const dir of [agentDir, home, project]) mkdirSync(dir, { recursive: true });
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ packages: [run.adapterPackage] }));
	const configFile = join(agentDir, "extensions", "pi-permissions", "config.json");
	mkdirSync(dirname(configFile), { recursive: true });
	writeFileSync(configFile, JSON.stringify(run.config));
	const result = await runBounded({
		command: PI_BIN,
		args: [
			"-p",
			"--no-session",
			"--offline",
			"--no-skills",
			"--no-prompt-templates",
			"--no-themes",
			"--no-context-files",
			"-e",
			FAUX_EXTENSION,
			"--provider",
			FAUX_PROVIDER,
			"--model",
			FAUX_MODEL,
			"--tools",
			"bash",
			"clean up",
		],
		cwd: project,
		env: {
			PATH: [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
			HOME: home,
			TMPDIR: run.root,
			LANG: "C.UTF-8",
			PI_CODING_AGENT_DIR: agentDir,
			PI_OFFLINE: "1",
			PI_SKIP_VERSION_CHECK: "1",
			PI_TELEMETRY: "0",
			[COMMAND_ENV]: run.bashCommand,
		},
		timeoutMs: run.timeoutMs,
	});
	return { ...result, agentDir, project, seen: seenToolResult(result.stdout) };
}

function seenToolResult(stdout: string): SeenToolResult | null {
	const line = stdout.split("\n").find((row) => row.startsWith(RESULT_PREFIX));
	return line === undefined ? null : (JSON.parse(line.slice(RESULT_PREFIX.length)) as SeenToolResult | null);
}
