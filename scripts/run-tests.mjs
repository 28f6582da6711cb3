// Owns: running every package's tests through turbo and printing one totals line for the whole repo: first the
// system tools the suites need (installed, or the run stops with the command to run), then the static checks, then
// the build the packaging suite packs (once, before any suite), then every suite.
// Never: decides pass/fail on its own beyond the runner's exit code, the vitest JSON reports and which reports are
// missing (a runner stopped by a signal can exit 0 with packages untested).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureSystemTools } from "./system-tools.mjs";

// Before anything else: a suite that starts without its tools fails after minutes; this stops in a second.
const tools = ensureSystemTools({ path: process.env.PATH, uid: process.getuid?.() ?? -1 });
if (!tools.ok) {
	console.error(tools.message);
	process.exit(1);
}

const root = new URL("..", import.meta.url).pathname;
const reportDirs = [join(root, "tests")];
for (const group of ["packages", "apps"]) {
	const dir = join(root, group);
	if (!existsSync(dir)) continue;
	for (const name of readdirSync(dir)) reportDirs.push(join(dir, name));
}
/** The folders whose tests must leave a report: the repo suite and every package with a `test` script. */
const expectedReports = reportDirs.filter((dir) => {
	if (dir === join(root, "tests")) return true;
	const manifest = join(dir, "package.json");
	return existsSync(manifest) && typeof JSON.parse(readFileSync(manifest, "utf8")).scripts?.test === "string";
});
for (const dir of reportDirs) rmSync(join(dir, ".test-results"), { recursive: true, force: true });

const extra = process.argv.slice(2);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
// Static checks count as one failure each, so a type or lint error can never land behind green tests. The build
// comes last, once, before any suite: the packaging suite packs what it built (its own `turbo run build` is then a
// cache hit), so no suite's clock pays for a build.
const checks = [
	["biome", ["check", "."]],
	["turbo", ["run", "typecheck", "--concurrency=2", "--output-logs=errors-only", ...extra]],
	["turbo", ["run", "build", "--concurrency=2", "--output-logs=errors-only", ...extra]],
];
let checkFailures = 0;
for (const [command, args] of checks) {
	const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
	if (result.status !== 0) {
		checkFailures++;
		console.error(`\ncheck failed: ${command} ${args.join(" ")}`);
	}
}
// Two lanes side by side: the real-Pi suite (about 9 of the run's minutes, mostly waiting on Pi, tmux and typing at a
// person's speed, one file at a time) beside every other suite one package at a time, so the machine's second core
// works while Pi is waited on. Never more than two suites at once: the real-Pi suite's bounds are liveness bounds
// with a margin for a loaded machine (ADR 0047).
const REAL_PI = "@pi-permissions/real-pi-tests";
// A filter given on the command line (turbo unions filters) picks the packages itself: then one lane.
const filtered = extra.some((arg) => arg === "-F" || arg.startsWith("--filter"));
const lanes = filtered
	? [await lane(["run", "test", "test:repo", "--concurrency=1", "--continue", ...extra])]
	: await Promise.all([
			lane(["run", "test", `--filter=${REAL_PI}`, "--continue", ...extra]),
			lane(["run", "test", "test:repo", `--filter=!${REAL_PI}`, "--concurrency=1", "--continue", ...extra]),
		]);
const run = { status: lanes.every((status) => status === 0) ? 0 : (lanes.find((status) => status !== 0) ?? 1) };

/** One turbo run, its output streamed; resolves to its exit status (`null` when a signal stopped it). */
function lane(args) {
	return new Promise((resolveLane) => {
		const child = spawn("turbo", args, { cwd: root, stdio: "inherit", env });
		child.on("error", () => resolveLane(1));
		child.on("exit", (code) => resolveLane(code));
	});
}

let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;
for (const dir of reportDirs) {
	const file = join(dir, ".test-results", "vitest.json");
	if (!existsSync(file)) continue;
	reports++;
	const report = JSON.parse(readFileSync(file, "utf8"));
	passed += report.numPassedTests ?? 0;
	failed += report.numFailedTests ?? 0;
	// A file that failed without a failed test (a crash at import, a failing hook) counts once.
	for (const file of report.testResults ?? []) {
		const assertions = file.assertionResults ?? [];
		if (file.status === "failed" && !assertions.some((assertion) => assertion.status === "failed")) failed++;
	}
	skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
// SECURITY of the result: a package whose tests never reported (the runner was stopped, a task was skipped) fails,
// unless a filter was given on the command line, which runs only some packages on purpose (`--force`, which only
// skips turbo's cache, is no filter).
if (extra.every((arg) => arg === "--force")) {
	for (const dir of expectedReports) {
		if (existsSync(join(dir, ".test-results", "vitest.json"))) continue;
		failed++;
		console.error(`no test report from ${dir.slice(root.length)}: its tests did not run to the end`);
	}
}
const status = run.status ?? 1;
if (status !== 0 && failed === 0) failed = 1; // a crashed runner is a failure even with no report
failed += checkFailures;
console.log(`\n${reports} test reports read`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
