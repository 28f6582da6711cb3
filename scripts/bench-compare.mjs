#!/usr/bin/env node
// Owns: the before/after comparison of the per-call benchmarks of two checkouts, as ratios measured in one run.
// Never: asserts a timing or ships in a package; it prints a table for a human (see docs/benchmarks.md).
//
// Usage: scripts/bootstrap node scripts/bench-compare.mjs <base-checkout> <head-checkout> [--mode source|bundle]
//        [--processes N] [--rounds N] [--batch-ms N] [--filter TEXT] [--solo yes]
// `--mode source` (the default) runs each checkout's `src` through tsx, as `npm run bench` does; tsx compiles with
// esbuild's keepNames, which makes every named closure created per call cost a `defineProperty`. `--mode bundle`
// first bundles each checkout's `src` with esbuild as tsup builds the packages (no keepNames), for production cost.
// Each measuring process loads both checkouts' sources (one web-tree-sitter each) and times every case in interleaved
// rounds (A B B A …) by this thread's CPU time; processes alternate which checkout loads first. The ratio per case is
// the head's total CPU time over the base's across all rounds (the CPU clock advances in scheduler ticks, so totals
// beat per-round medians), with the spread of per-round ratios beside it; interleaving cancels other programs' load.
// `--solo yes` loads one checkout per measuring process instead (each process pair runs base and head one after the
// other, in alternating order), as a user's process holds one copy: noisier, it checks that sharing a process does
// not bias the ratio.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
const args = process.argv.slice(2);
const positional = [];
const options = { processes: 4, rounds: 8, "batch-ms": 100, filter: "", mode: "source", solo: "no" };
for (let i = 0; i < args.length; i++) {
	const arg = args[i];
	if (arg.startsWith("--")) {
		const key = arg.slice(2);
		if (!(key in options)) throw new Error(`unknown option ${arg}`);
		options[key] = args[++i];
	} else positional.push(resolve(arg));
}
if (positional.length !== 2) {
	console.error("usage: bench-compare.mjs <base-checkout> <head-checkout> [--processes N] [--rounds N] [--batch-ms N]");
	process.exit(2);
}
for (const checkout of positional) {
	if (!existsSync(join(checkout, "packages", "access-intent", "src", "index.ts")))
		throw new Error(`${checkout} is not a pi-permissions checkout`);
}
const tsx = join(repo, "packages", "access-intent", "node_modules", ".bin", "tsx");
const harness = join(here, "bench-compare", "harness.mjs");

const sum = (values) => values.reduce((a, b) => a + b, 0);
if (options.mode !== "source" && options.mode !== "bundle") throw new Error(`unknown mode ${options.mode}`);
/** Leaves every package but the workspace's own out of the bundle, as an import of its resolved absolute file. */
const externalPackages = {
	name: "external-packages",
	setup(build) {
		build.onResolve({ filter: /^[^./]/ }, async (args) => {
			if (args.path.startsWith("@pi-permissions/") || args.path.startsWith("node:") || args.pluginData === "inner")
				return undefined;
			const resolved = await build.resolve(args.path, {
				kind: args.kind,
				resolveDir: args.resolveDir,
				importer: args.importer,
				pluginData: "inner",
			});
			return resolved.errors.length > 0 ? undefined : { path: resolved.path, external: true };
		});
	},
};

if (options.mode === "bundle") {
	// tsx depends on esbuild: take the copy beside it.
	const esbuild = createRequire(
		join(realpathSync(join(repo, "packages", "access-intent", "node_modules", "tsx")), "package.json"),
	)("esbuild");
	for (const checkout of positional) {
		const outfile = join(checkout, "packages", "access-intent", "node_modules", ".bench-compare", "bundle.mjs");
		mkdirSync(dirname(outfile), { recursive: true });
		const entry = ["access-intent", "policy", "engine"]
			.map(
				(pkg) =>
					`export * as ${pkg === "access-intent" ? "ai" : pkg} from ${JSON.stringify(join(checkout, "packages", pkg, "src", "index.ts"))};`,
			)
			.join("\n");
		await esbuild.build({
			stdin: { contents: entry, resolveDir: checkout, loader: "ts" },
			bundle: true,
			platform: "node",
			format: "esm",
			target: "node22",
			conditions: ["@pi-permissions/source"],
			// Third-party packages stay outside, imported by the file esbuild resolves them to (web-tree-sitter finds its
			// wasm beside its own module); the grammar is copied beside the bundle below.
			plugins: [externalPackages],
			outfile,
			logLevel: "error",
		});
		// A bundle looks for the grammar beside itself only, as the published `dist/` does (ADR 0034): copy it there,
		// as the package's tsup `onSuccess` does.
		const grammar = createRequire(join(checkout, "packages", "access-intent", "package.json")).resolve(
			"tree-sitter-bash/tree-sitter-bash.wasm",
		);
		copyFileSync(grammar, join(dirname(outfile), "tree-sitter-bash.wasm"));
	}
}

const base = {};
const head = {};
const ratios = {};
for (let p = 0; p < Number(options.processes); p++) {
	// Alternate which checkout is loaded (and so warmed and laid out in memory) first.
	const order = p % 2 === 0 ? positional : [...positional].reverse();
	const command = options.mode === "bundle" ? [process.execPath, []] : [tsx, ["--conditions=@pi-permissions/source"]];
	const measure = (checkouts) => {
		const run = spawnSync(
			command[0],
			[...command[1], harness, options.rounds, options["batch-ms"], options.mode, options.filter, ...checkouts],
			{ encoding: "utf8", maxBuffer: 1 << 26 },
		);
		if (run.status !== 0) {
			console.error(run.stderr);
			throw new Error(`measuring process ${p} failed`);
		}
		return JSON.parse(run.stdout.trim().split("\n").at(-1));
	};
	/** Per case, the base's and the head's per-round samples. */
	const samples = {};
	if (options.solo === "yes") {
		const sides = order.map((checkout) => measure([checkout]));
		const [b, h] = p % 2 === 0 ? sides : [sides[1], sides[0]];
		for (const name of Object.keys(b)) samples[name] = [b[name][0], h[name][0]];
	} else {
		for (const [name, rows] of Object.entries(measure(order))) samples[name] = p % 2 === 0 ? rows : [rows[1], rows[0]];
	}
	for (const [name, [b, h]] of Object.entries(samples)) {
		base[name] = [...(base[name] ?? []), ...b];
		head[name] = [...(head[name] ?? []), ...h];
		ratios[name] = [...(ratios[name] ?? []), ...h.map((value, i) => value / b[i])];
	}
	process.stderr.write(`process ${p + 1}/${options.processes} done\n`);
}

console.log(
	`base ${positional[0]}\nhead ${positional[1]}\nmode ${options.mode}${options.solo === "yes" ? " (solo)" : ""}`,
);
console.log(
	`${Number(options.processes)} processes x ${Number(options.rounds)} rounds, ~${options["batch-ms"]} ms CPU per batch; ratio = total head / total base CPU time`,
);
console.log(
	`${"case".padEnd(40)} ${"base ms".padStart(10)} ${"head ms".padStart(10)} ${"ratio".padStart(7)}  (per-round p25-p75)`,
);
for (const name of Object.keys(ratios)) {
	const r = [...ratios[name]].sort((a, b) => a - b);
	const q = (f) => r[Math.min(r.length - 1, Math.floor(f * r.length))];
	console.log(
		`${name.padEnd(40)} ${(sum(base[name]) / base[name].length).toFixed(4).padStart(10)} ${(sum(head[name]) / head[name].length).toFixed(4).padStart(10)} ${(sum(head[name]) / sum(base[name])).toFixed(3).padStart(7)}  (${q(0.25).toFixed(2)}-${q(0.75).toFixed(2)})`,
	);
}
