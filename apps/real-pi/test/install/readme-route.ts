/**
 * Owns: reading the README's routes (the first `sh` block after a `<!-- clone-route` or `<!-- uninstall-route` marker)
 * as the lines a user types, and the environment a fresh machine gives them: the host's system tools, the user's own
 * `pi` on PATH, the shared npm cache and pnpm store (so a test clone downloads nothing the workspace already has).
 * Never: rewrites a README line; a drifted README is a failing test, not a patched one.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { PI_BIN } from "../support/pi-command";

const MARKER = "<!-- clone-route";
const UNINSTALL_MARKER = "<!-- uninstall-route";

/** The README's clone-route commands, one per line, comments kept (bash ignores them). */
export function cloneRouteCommands(readme: string): string[] {
	return routeCommands(readme, MARKER);
}

/** The README's uninstall commands, one per line, comments kept. */
export function uninstallRouteCommands(readme: string): string[] {
	return routeCommands(readme, UNINSTALL_MARKER);
}

function routeCommands(readme: string, markerText: string): string[] {
	const text = readFileSync(readme, "utf8");
	const marker = text.indexOf(markerText);
	if (marker < 0) throw new Error(`${readme} has no ${markerText} marker`);
	const block = /```sh\n([\s\S]*?)```/.exec(text.slice(marker));
	if (block?.[1] === undefined) throw new Error(`${readme} has no sh block after ${markerText}`);
	return block[1].split("\n").filter((line) => line.trim() !== "");
}

/** Writes `<dir>/pi`, the user's `pi`: the workspace's real bin run by Node 22, from any PATH. */
export function writeUserPi(dir: string): void {
	const script = `#!/bin/sh\nPATH="${dirname(process.execPath)}:$PATH" exec "${PI_BIN}" "$@"\n`;
	writeFileSync(join(dir, "pi"), script, { mode: 0o755 });
}

/**
 * The shell environment of a user on this machine: `userBin` (their `pi`) first, then the system's tools (its own
 * Node, however old: bootstrap copes), Node 22 last as a fallback for hosts without a system node; HOME and Pi's
 * agent dir in the test's world; the workspace's npm cache and pnpm store; proxy and CA settings passed on.
 */
export function userEnvironment(options: {
	readonly userBin: string;
	readonly home: string;
	readonly agentDir: string;
	readonly repoRoot: string;
}): Record<string, string> {
	const env: Record<string, string> = {
		PATH: [options.userBin, "/usr/local/bin", "/usr/bin", "/bin", dirname(process.execPath)].join(":"),
		HOME: options.home,
		LANG: "C.UTF-8",
		PI_CODING_AGENT_DIR: options.agentDir,
		PI_OFFLINE: "1",
		PI_SKIP_VERSION_CHECK: "1",
		PI_TELEMETRY: "0",
		TURBO_TELEMETRY_DISABLED: "1",
		DO_NOT_TRACK: "1",
		npm_config_cache: process.env.npm_config_cache ?? join(homedir(), ".npm"),
		npm_config_store_dir: pnpmStore(options.repoRoot),
	};
	for (const key of ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"]) {
		for (const name of [key, key.toLowerCase()]) {
			const value = process.env[name];
			if (value !== undefined) env[name] = value;
		}
	}
	return env;
}

/** The pnpm store the workspace installed from. */
function pnpmStore(repoRoot: string): string {
	const result = spawnSync(join(repoRoot, "scripts/bootstrap"), ["pnpm", "store", "path"], {
		cwd: repoRoot,
		encoding: "utf8",
		env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? "/usr/bin:/bin"}` },
	});
	const path = result.stdout.trim();
	if (result.status !== 0 || path === "") throw new Error(`pnpm store path failed: ${result.stderr}`);
	// `store path` names the versioned folder inside the store dir (`…/store/v10`); the setting is the dir itself.
	return path.replace(/\/v\d+$/, "");
}
