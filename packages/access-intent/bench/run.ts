/**
 * Owns: the access-intent benchmark: `BashProgram` build time divided by the raw tree-sitter parse time of the same
 * text (1 unit, a 10-unit chain, a 200-line script; median of interleaved rounds), the cold initialisation time, and
 * the floor of any walk through web-tree-sitter's public cursor (parse plus a bare visit of every node; ADR 0017).
 * Never: asserts; it reports ratios for a human or CI log. Run: `tsx --conditions=@pi-permissions/source bench/run.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { BashProgram, parseBashUnits } from "../src/bash/bash-program";
import { BashParser } from "../src/bash/reading/bash-parser";
import { createNodeFileSystemProbe, type FileSystemProbe } from "../src/path/file-system-probe";
import { PathNormalizer } from "../src/path/path-normalizer";
import { bareCursorWalk } from "./bare-cursor-walk";

const coldStart = performance.now();
const parser = await BashParser.load();
const coldInitMs = performance.now() - coldStart;

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

const CASES: readonly { name: string; text: string }[] = [
	{ name: "1 unit", text: "git status --short" },
	{
		name: "10-unit chain",
		text: Array.from({ length: 10 }, (_, i) => `cmd${i} --flag value${i} src/file${i}.ts`).join(" && "),
	},
	{ name: "200-line script", text: SCRIPT_LINES.join("\n") },
];

const EMPTY_PROBE: FileSystemProbe = { realpath: () => null, lstat: () => null, readdir: () => null };
const tempDir = mkdtempSync(join(tmpdir(), "access-intent-bench-"));
const normalizers = {
	"fake fs (nothing exists)": PathNormalizer.create({
		cwd: "/projects/app",
		home: "/home/u",
		flavor: POSIX_FLAVOR,
		probe: EMPTY_PROBE,
	}),
	"real fs (temp dir)": PathNormalizer.create({
		cwd: tempDir,
		home: tempDir,
		flavor: POSIX_FLAVOR,
		probe: createNodeFileSystemProbe(),
	}),
};

/** Wall-clock milliseconds per call over one batch. */
function timePerCall(iterations: number, body: () => void): number {
	const start = performance.now();
	for (let i = 0; i < iterations; i++) body();
	return (performance.now() - start) / iterations;
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[sorted.length >> 1] as number;
}

/**
 * Rounds of interleaved batches; each round yields one ratio against the raw parse of that same round, and the median
 * round is reported: on a shared machine a neighbour's burst spoils a round, not the whole measurement.
 */
const ROUNDS = 9;

function verdict(ratio: number): string {
	return ratio <= 1.5 ? "<= 1.5" : "ABOVE 1.5";
}

function iterationsFor(text: string): number {
	return Math.max(50, Math.min(5000, Math.floor(400_000 / Math.max(1, text.length))));
}

const firstStart = performance.now();
BashProgram.parse(CASES[CASES.length - 1]?.text ?? "", { parser, normalizer: normalizers["fake fs (nothing exists)"] });
const firstParseMs = performance.now() - firstStart;

console.log(`cold initialisation (web-tree-sitter + grammar load): ${coldInitMs.toFixed(1)} ms`);
console.log(`first BashProgram.parse of the 200-line script (cold code): ${firstParseMs.toFixed(1)} ms`);
for (const [label, normalizer] of Object.entries(normalizers)) {
	console.log(`\nnormalizer: ${label}`);
	for (const { name, text } of CASES) {
		const iterations = iterationsFor(text);
		const rawParse = () => parser.parse(text)?.delete();
		const build = () => BashProgram.parse(text, { parser, normalizer });
		const unitsOnly = () => parseBashUnits(text, parser);
		const bareWalk = () => bareCursorWalk(parser, text);
		// Warm every path, then interleave batches so drift and neighbours' load hit all sides alike.
		for (const body of [rawParse, build, unitsOnly, bareWalk]) timePerCall(iterations, body);
		const ratios: number[] = [];
		const unitRatios: number[] = [];
		const walkRatios: number[] = [];
		const raws: number[] = [];
		const programs: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			const raw = timePerCall(iterations, rawParse);
			const program = timePerCall(iterations, build);
			const units = timePerCall(iterations, unitsOnly);
			const walk = timePerCall(iterations, bareWalk);
			raws.push(raw);
			programs.push(program);
			ratios.push(program / raw);
			unitRatios.push(units / raw);
			walkRatios.push(walk / raw);
		}
		const units = BashProgram.parse(text, { parser, normalizer }).units.length;
		const ratio = median(ratios);
		const spread = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
		console.log(
			`  ${name.padEnd(16)} units=${String(units).padStart(4)}  raw parse ${median(raws).toFixed(4)} ms  BashProgram ${median(programs).toFixed(4)} ms  ratio ${ratio.toFixed(2)} ${verdict(ratio)} (rounds ${spread})  (units only: ${median(unitRatios).toFixed(2)}; floor, parse + bare cursor walk: ${median(walkRatios).toFixed(2)})`,
		);
	}
}
console.log(
	"\nunits only: parseBashUnits (no paths). floor: the parse plus a visit of every node through web-tree-sitter's public\n" +
		"TreeCursor reading its type and offsets, nothing else; 1 unit and the chain are read without tree-sitter (plain\n" +
		"commands), so their floor is the parse the build never makes (ADR 0017).",
);
rmSync(tempDir, { recursive: true, force: true });
