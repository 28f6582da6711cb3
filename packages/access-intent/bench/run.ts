/**
 * Owns: the access-intent benchmark: `BashProgram` build time divided by the raw tree-sitter parse time of the same
 * text (1 unit, a 10-unit chain, a 200-line script), and the cold parser initialisation time, from one run.
 * Never: asserts; it reports ratios for a human or CI log. Run: `tsx --conditions=@pi-permissions/source bench/run.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { BashParser } from "../src/bash/bash-parser";
import { BashProgram, parseBashUnits } from "../src/bash/bash-program";
import { createNodeFileSystemProbe, type FileSystemProbe } from "../src/path/file-system-probe";
import { PathNormalizer } from "../src/path/path-normalizer";

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

function timePerCall(iterations: number, body: () => void): number {
	const start = performance.now();
	for (let i = 0; i < iterations; i++) body();
	return (performance.now() - start) / iterations;
}

function verdict(ratio: number): string {
	return ratio <= 1.5 ? "<= 1.5" : "ABOVE 1.5";
}

function iterationsFor(text: string): number {
	return Math.max(50, Math.min(5000, Math.floor(400_000 / Math.max(1, text.length))));
}

console.log(`cold initialisation (web-tree-sitter + grammar load): ${coldInitMs.toFixed(1)} ms`);
for (const [label, normalizer] of Object.entries(normalizers)) {
	console.log(`\nnormalizer: ${label}`);
	for (const { name, text } of CASES) {
		const iterations = iterationsFor(text);
		const rawParse = () => parser.parse(text)?.delete();
		const build = () => BashProgram.parse(text, { parser, normalizer });
		// Warm both paths, then interleave batches so drift hits both sides alike.
		timePerCall(iterations, rawParse);
		timePerCall(iterations, build);
		let raw = 0;
		let program = 0;
		for (let round = 0; round < 5; round++) {
			raw += timePerCall(iterations, rawParse);
			program += timePerCall(iterations, build);
		}
		const unitsOnly = () => parseBashUnits(text, parser);
		timePerCall(iterations, unitsOnly);
		let unitTime = 0;
		for (let round = 0; round < 5; round++) unitTime += timePerCall(iterations, unitsOnly);
		const units = BashProgram.parse(text, { parser, normalizer }).units.length;
		const ratio = program / raw;
		console.log(
			`  ${name.padEnd(16)} units=${String(units).padStart(4)}  raw parse ${(raw / 5).toFixed(4)} ms  BashProgram ${(program / 5).toFixed(4)} ms  ratio ${ratio.toFixed(2)} ${verdict(ratio)}  (units only: ratio ${(unitTime / raw).toFixed(2)} ${verdict(unitTime / raw)})`,
		);
	}
}
rmSync(tempDir, { recursive: true, force: true });
