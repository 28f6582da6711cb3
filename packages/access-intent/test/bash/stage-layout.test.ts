/**
 * Owns: pinning the stage layout of `src/bash` (ADR 0045): each stage folder imports only the stages before it,
 * `src/path` (the generic path model) imports no bash stage, and the bash folder's top level stays small.
 * Never: judges what a module does; it reads import specifiers only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/**
 * The stages in order. A module may import its own stage and any stage of a lower rank; `runs` and `effects` share a
 * rank and must not import each other (what a unit starts and what it touches are read independently).
 */
const RANK: Readonly<Record<string, number>> = {
	path: 0,
	"bash/reading": 1,
	"bash/options": 2,
	"bash/state": 3,
	"bash/runs": 4,
	"bash/effects": 4,
	bash: 5,
};

function sourceFiles(dir: string): string[] {
	const out: string[] = [];
	for (const name of readdirSync(dir)) {
		const full = join(dir, name);
		if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
		else if (name.endsWith(".ts")) out.push(full);
	}
	return out;
}

/** The stage a source file belongs to: the longest `RANK` key its folder starts with, or `null` outside them. */
function stageOf(file: string): string | null {
	const folder = relative(SRC, dirname(file)).split(sep).join("/");
	let best: string | null = null;
	for (const stage of Object.keys(RANK))
		if ((folder === stage || folder.startsWith(`${stage}/`)) && (best === null || stage.length > best.length))
			best = stage;
	return best;
}

function relativeImports(file: string): string[] {
	const text = readFileSync(file, "utf8");
	const specs: string[] = [];
	for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) specs.push(match[1] as string);
	return specs;
}

/** Every import of a module that goes to a later stage, or across between the two stages of the same rank. */
function stageViolations(modules: ReadonlyMap<string, readonly string[]>): string[] {
	const wrong: string[] = [];
	for (const [file, specs] of modules) {
		const from = stageOf(file);
		if (from === null) continue;
		for (const spec of specs) {
			const to = stageOf(join(dirname(file), `${spec}.ts`));
			if (to === null || to === from) continue;
			const fromRank = RANK[from] as number;
			const toRank = RANK[to] as number;
			if (toRank > fromRank || (toRank === fromRank && to !== from))
				wrong.push(`${relative(SRC, file)} (${from}) imports ${spec} (${to})`);
		}
	}
	return wrong;
}

describe("the stage layout of src/bash", () => {
	const files = sourceFiles(SRC);
	const modules = new Map(files.map((file) => [file, relativeImports(file)] as const));

	it("imports only from the same stage or an earlier one", () => {
		expect(stageViolations(modules)).toEqual([]);
	});

	it("keeps the generic path model free of every bash stage", () => {
		const intoBash = files
			.filter((file) => stageOf(file) === "path")
			.flatMap((file) =>
				relativeImports(file)
					.filter((spec) => (stageOf(join(dirname(file), `${spec}.ts`)) ?? "").startsWith("bash"))
					.map((spec) => `${relative(SRC, file)} imports ${spec}`),
			);
		expect(intoBash).toEqual([]);
	});

	it("keeps at most 12 modules at the top of src/bash", () => {
		const top = readdirSync(join(SRC, "bash")).filter((name) => name.endsWith(".ts"));
		expect(top.length).toBeLessThanOrEqual(12);
	});

	it.each(["reading", "options", "state", "runs", "effects"])("gives the %s stage a README", (stage) => {
		expect(existsSync(join(SRC, "bash", stage, "README.md"))).toBe(true);
	});

	it("finds planted upward, sideways and path-into-bash imports", () => {
		const planted = new Map<string, readonly string[]>([
			[join(SRC, "bash/reading/a.ts"), ["../runs/b", "./c", "../../path/d"]],
			[join(SRC, "bash/runs/e.ts"), ["../effects/f", "../state/g"]],
			[join(SRC, "bash/effects/programs/h.ts"), ["../../runs/i", "../unit-walk"]],
			[join(SRC, "path/j.ts"), ["../bash/state/k"]],
		]);
		expect(stageViolations(planted)).toEqual([
			"bash/reading/a.ts (bash/reading) imports ../runs/b (bash/runs)",
			"bash/runs/e.ts (bash/runs) imports ../effects/f (bash/effects)",
			"bash/effects/programs/h.ts (bash/effects) imports ../../runs/i (bash/runs)",
			"path/j.ts (path) imports ../bash/state/k (bash/state)",
		]);
	});
});
