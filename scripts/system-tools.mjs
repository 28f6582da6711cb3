// Owns: the system tools the test suites need, as one table (command, Debian package, who needs it), and the check
// `npm test` and `.ci/run` run before anything else: missing tools are installed with apt-get when this process may
// (root, or `--sudo`), otherwise it stops with the exact command to run.
// Never: installs a package outside the table, asks for a password unless told to (`--sudo`), or starts a suite.
// Runs on the machine's own Node (20 or later), before `scripts/bootstrap` has fetched Node 22.
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What the suites run that Node and npm do not bring; a missing one fails its suite rather than skipping it. */
const SYSTEM_TOOLS = [
	{ command: "bwrap", debianPackage: "bubblewrap", neededBy: "access-intent's differential oracle and the OS sandbox" },
	{ command: "tmux", debianPackage: "tmux", neededBy: "the real-Pi TUI suites" },
	{ command: "socat", debianPackage: "socat", neededBy: "the OS sandbox's network proxy" },
	{
		command: "rg",
		debianPackage: "ripgrep",
		neededBy: "the real-Pi suites that run `rg` under the policy and the sandbox",
	},
];

/** The executable file `command` names on `path` (a `PATH` value), or `null`. */
function findOnPath(command, path) {
	for (const dir of (path ?? "").split(delimiter)) {
		if (dir === "") continue;
		const candidate = join(dir, command);
		try {
			if (!statSync(candidate).isFile()) continue;
			accessSync(candidate, constants.X_OK);
			return candidate;
		} catch {
			// Not here: the next directory.
		}
	}
	return null;
}

/** The table's tools that `path` does not hold, in table order. */
function missingTools(path) {
	return SYSTEM_TOOLS.filter((tool) => findOnPath(tool.command, path) === null);
}

/** The one line that installs `tools` on Debian or Ubuntu, as the user types it (`sudo` unless already root). */
function installLine(tools, asRoot) {
	return `${asRoot ? "" : "sudo "}apt-get install -y ${tools.map((tool) => tool.debianPackage).join(" ")}`;
}

/** The message that stops the run: what is missing, who needs it, and the exact command to run. */
function missingMessage(tools, asRoot) {
	return [
		`npm test needs system tools that are not installed: ${tools.map((tool) => tool.command).join(", ")}.`,
		...tools.map((tool) => `  ${tool.command} (Debian package ${tool.debianPackage}): ${tool.neededBy}`),
		"Install them (Debian or Ubuntu; elsewhere the same packages from your package manager), then run npm test again:",
		`  ${installLine(tools, asRoot)}`,
	].join("\n");
}

/**
 * Checks the tools and installs the missing ones when allowed: as root with apt-get, or with `sudo apt-get` when
 * `allowSudo`. Returns `{ ok: true }` once every tool is on `PATH`, else `{ ok: false, message }` (nothing installed,
 * or the install ran and something is still missing). Output of apt-get goes to `log`'s stream through `run`.
 */
export function ensureSystemTools({ path, uid, allowSudo = false, run = runInherited, log = console.error }) {
	const missing = missingTools(path);
	if (missing.length === 0) return { ok: true };
	const asRoot = uid === 0;
	const aptGet = findOnPath("apt-get", path);
	const sudo = asRoot ? null : findOnPath("sudo", path);
	const canInstall = aptGet !== null && (asRoot || (allowSudo && sudo !== null));
	if (!canInstall) return { ok: false, message: missingMessage(missing, asRoot) };
	const prefix = asRoot ? [] : [sudo];
	const packages = missing.map((tool) => tool.debianPackage);
	log(`npm test: installing ${packages.join(" ")} (${asRoot ? "apt-get, as root" : "sudo apt-get"})`);
	const steps = [
		["update", "-qq"],
		["install", "-y", "-qq", ...packages],
	];
	for (const args of steps) {
		const [command, ...rest] = [...prefix, aptGet, ...args];
		const status = run(command, rest);
		if (status !== 0) {
			const failed = `${[command, ...rest].join(" ")} exited ${status}`;
			return { ok: false, message: `${failed}\n${missingMessage(missingTools(path), asRoot)}` };
		}
	}
	const still = missingTools(path);
	if (still.length === 0) return { ok: true };
	return { ok: false, message: `apt-get ran, but some tools are still missing.\n${missingMessage(still, asRoot)}` };
}

function runInherited(command, args) {
	const result = spawnSync(command, args, {
		stdio: ["ignore", "inherit", "inherit"],
		env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
	});
	return result.status ?? 1;
}

/** `node scripts/system-tools.mjs [--sudo]`: exit 0 when every tool is there (after installing), else 1. */
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
	const result = ensureSystemTools({
		path: process.env.PATH,
		uid: process.getuid?.() ?? -1,
		allowSudo: process.argv.includes("--sudo"),
	});
	if (!result.ok) {
		console.error(result.message);
		process.exit(1);
	}
}
