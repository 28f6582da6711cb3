// Owns: one measuring process of `scripts/bench-compare.mjs`: it loads the per-call bench cases of two checkouts into
// one process (their sources through tsx, or their production-like bundles) and times them in interleaved rounds,
// printing one JSON line of per-round samples.
// Never: judges the numbers (the driver does) or loads a checkout's bench files (their cases are repeated here).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** `mode` `source`: each checkout's `src` through tsx, as `npm run bench` runs; `bundle`: the bundle the driver built. */
const [, , roundsArg, batchMsArg, MODE, FILTER, ...checkouts] = process.argv;
const ROUNDS = Number(roundsArg);
const BATCH_MS = Number(batchMsArg);

const tempDir = mkdtempSync(join(tmpdir(), "bench-compare-"));

// The texts of packages/access-intent/bench/run.ts and packages/engine/bench/run.ts, copied so both sides run the same.
const SCRIPT_LINES = Array.from({ length: 200 }, (_, i) => {
	switch (i % 5) {
		case 0:
			return `if [ -f "src/file${i}.ts" ]; then echo "found ${i}"; fi`;
		case 1:
			return `grep -n "pattern${i}" src/module${i}.ts | head -n 5 > out/result${i}.txt`;
		case 2:
			return `for f in a${i} b${i}; do cp "$f" build/; done`;
		case 3:
			return `VERSION=$(cat package.json | jq -r .version) && echo "v$VERSION"`;
		default:
			return `git log --oneline -n ${i} -- src/ && npm test -- --run file${i}`;
	}
});
const PROGRAM_TEXTS = [
	["1 unit", "git status --short"],
	["10-unit chain", Array.from({ length: 10 }, (_, i) => `cmd${i} --flag value${i} src/file${i}.ts`).join(" && ")],
	["200-line script", SCRIPT_LINES.join("\n")],
];
const ENGINE_TEXTS = [
	["1 unit", "git status"],
	["10-unit chain", Array.from({ length: 10 }, (_, i) => `echo step${i} src/file${i}.ts`).join(" && ")],
	[
		"200-line script",
		Array.from({ length: 200 }, (_, i) =>
			i % 4 === 0 ? `if [ -f src/f${i}.ts ]; then cat src/f${i}.ts | grep x; fi` : `echo "line ${i}" >> out.log`,
		).join("\n"),
	],
];
const ENGINE_CONFIG = {
	permission: {
		"*": "ask",
		bash: {
			"*": "ask",
			"git *": "ask",
			"git status": "allow",
			"ls *": "allow",
			"echo *": "allow",
			"cat *": "allow",
			"rm *": "deny",
		},
		path: { "*.env": "deny", "~/.ssh/*": "deny" },
		external_directory: { "*": "ask", "/tmp/*": "allow" },
		read: "allow",
		write: { "*": "ask", "src/*": "allow" },
		mcp: { "*": "ask", "exa:*": "allow" },
	},
};

/** Where the driver writes a checkout's bundle: inside access-intent, so `web-tree-sitter` and the grammar resolve. */
function bundlePath(checkout) {
	return join(checkout, "packages", "access-intent", "node_modules", ".bench-compare", "bundle.mjs");
}

async function modules(checkout) {
	if (MODE === "bundle") return import(pathToFileURL(bundlePath(checkout)).href);
	const from = (pkg) => import(pathToFileURL(join(checkout, "packages", pkg, "src", "index.ts")).href);
	return { ai: await from("access-intent"), policy: await from("policy"), engine: await from("engine") };
}

async function load(checkout, label) {
	const { ai, policy, engine } = await modules(checkout);
	const parser = await ai.BashParser.load();
	const emptyProbe = { realpath: () => null, lstat: () => null, readdir: () => null };
	const normalizers = {
		fake: ai.PathNormalizer.create({
			cwd: "/projects/app",
			home: "/home/u",
			flavor: policy.POSIX_FLAVOR,
			probe: emptyProbe,
		}),
		real: ai.PathNormalizer.create({
			cwd: tempDir,
			home: tempDir,
			flavor: policy.POSIX_FLAVOR,
			probe: ai.createNodeFileSystemProbe(),
		}),
	};
	const cases = new Map();
	for (const [fs, normalizer] of Object.entries(normalizers)) {
		for (const [name, text] of PROGRAM_TEXTS) {
			cases.set(`BashProgram ${fs} fs: ${name}`, () => ai.BashProgram.parse(text, { parser, normalizer }));
		}
	}
	for (const [name, text] of PROGRAM_TEXTS) {
		cases.set(`units only: ${name}`, () => ai.parseBashUnits(text, parser));
	}
	const validated = policy.validateConfig(ENGINE_CONFIG);
	if (!validated.ok) throw new Error(`${label}: invalid bench config`);
	const cwd = process.cwd();
	const home = process.env.HOME ?? "/home/u";
	const composed = policy.composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
		env: { home, flavor: policy.POSIX_FLAVOR },
	});
	const normalizer = ai.PathNormalizer.create({
		cwd,
		home,
		flavor: policy.POSIX_FLAVOR,
		probe: ai.createNodeFileSystemProbe(),
	});
	const pipeline = new engine.ToolCallPipeline({
		policies: { policyFor: () => composed },
		sessionRules: new policy.SessionRuleStore(),
		parser,
		normalizer,
		extractors: new Map(),
		infrastructureDirs: [],
		availableTools: null,
		mcpServers: ["exa"],
		activeSkills: [],
		requester: { sessionId: null, subagent: false },
	});
	for (const [name, command] of ENGINE_TEXTS) {
		const call = { toolName: "bash", input: { command }, agentName: null, toolCallId: null };
		cases.set(`engine decide: ${name}`, () => pipeline.decide(call));
	}
	// The read tool on a file of the working directory: the path gates alone, no bash reading.
	const read = { toolName: "read", input: { path: "package.json" }, agentName: null, toolCallId: null };
	cases.set("engine decide: read", () => pipeline.decide(read));
	const selected = new Map([...cases].filter(([name]) => name.includes(FILTER)));
	return { label, cases: selected };
}

/**
 * This thread's CPU time in milliseconds: a neighbour that takes the core away does not count, as wall time would.
 * It advances in scheduler ticks (a few ms; libuv reads getrusage), so a batch must be long against a tick.
 */
function cpuMs() {
	const usage = process.threadCpuUsage();
	return (usage.user + usage.system) / 1000;
}

function timeBatch(body, iterations) {
	const start = cpuMs();
	for (let i = 0; i < iterations; i++) body();
	return (cpuMs() - start) / iterations;
}

const sides = await Promise.all(checkouts.map((checkout, i) => load(checkout, `side${i}`)));
const names = [...sides[0].cases.keys()];
const samples = {};
for (const name of names) {
	const bodies = sides.map((side) => side.cases.get(name));
	// Warm up and size one batch to about BATCH_MS of CPU time on the slowest side.
	let perCall = 0;
	for (const body of bodies) {
		for (let i = 0; i < 20; i++) body();
		const start = cpuMs();
		let n = 0;
		while (cpuMs() - start < Math.max(30, BATCH_MS / 2)) {
			body();
			n++;
		}
		perCall = Math.max(perCall, (cpuMs() - start) / n);
	}
	const iterations = Math.max(3, Math.round(BATCH_MS / perCall));
	const rows = sides.map(() => []);
	for (let round = 0; round < ROUNDS; round++) {
		// ABBA order: a drift within the round hits both sides alike.
		const order = round % 2 === 0 ? bodies.map((_, i) => i) : bodies.map((_, i) => bodies.length - 1 - i);
		for (const i of order) rows[i].push(timeBatch(bodies[i], iterations));
	}
	samples[name] = rows;
}
rmSync(tempDir, { recursive: true, force: true });
console.log(JSON.stringify(samples));
