// Owns: the clone route's one command (`npm run setup`, after scripts/bootstrap installed the workspace): build every
// package Pi can load from the clone (the extension and the model judge) and what the `pi-permissions` command needs,
// check that the built extension is ready (its module, siblings, bash grammar and config schema load) and that the
// built judge loads, and print the exact lines that install them into Pi and put the command on PATH; with
// `--install`, run the extension's `pi install` line too (the judge stays opt-in).
// Never: writes outside the clone (Pi's settings only through `pi install`, and only when asked).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const extensionDir = join(root, "packages/pi-extension");
const judgeDir = join(root, "packages/model-judge");
const binDir = join(root, "bin");
const install = process.argv.includes("--install");
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };

function run(command, args) {
	const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
	if (result.status !== 0) {
		console.error(`\nsetup failed: ${command} ${args.join(" ")} exited ${result.status ?? result.signal}`);
		process.exit(1);
	}
}

run("turbo", [
	"run",
	"build",
	"--filter=@pi-permissions/pi-extension...",
	"--filter=@pi-permissions/model-judge...",
	"--filter=@pi-permissions/cli...",
	"--concurrency=2",
	"--output-logs=errors-only",
]);

const built = await import(pathToFileURL(join(extensionDir, "dist/index.js")).href);
const readiness = await built.checkReadiness();
if (!readiness.ready) {
	console.error(
		`\nsetup failed: the built extension is not ready: the ${readiness.part} cannot load: ${readiness.problem}`,
	);
	process.exit(1);
}

// The judge's Pi entry loads this same file; a judge that does not load here would say "not active" in Pi.
const judge = await import(pathToFileURL(join(judgeDir, "dist/index.js")).href);
if (typeof judge.default !== "function") {
	console.error("\nsetup failed: the built model judge does not export its extension (a stale or partial build)");
	process.exit(1);
}

const piInstall = `pi install ${extensionDir}`;
console.log(`
pi-permissions is built and ready in ${root}.

Install it into your Pi (then restart Pi, or /reload):
  ${piInstall}

Put the pi-permissions command on PATH (add the line to your shell profile to keep it):
  export PATH="${binDir}:$PATH"

Optional, the model judge (it reviews the asks you choose; see packages/model-judge/README.md):
  pi install ${judgeDir}
`);

if (install) {
	const result = spawnSync("pi", ["install", extensionDir], { stdio: "inherit", env });
	if (result.error !== undefined || result.status !== 0) {
		console.error(`setup: \`${piInstall}\` failed${result.error ? ` (${result.error.message})` : ""}; run it yourself`);
		process.exit(1);
	}
}
