/**
 * Owns: failing on an exported name of a source module (`packages/*\/src`, `apps/*\/src`) that nothing keeps alive.
 * The rule: a name is alive when a production module imports it (any non-test module of the workspace: sources,
 * the pi entry, benchmarks, scripts; a re-export by name counts, and `export *` passes each name on to whoever
 * imports it through the barrel), or when a test imports it and its own module uses it too (a step a module runs,
 * exported so its unit test can reach it). A name only tests import, and that its module does not use, is dead
 * production code kept alive by its test. Each package's `src/index.ts` is its public API, pinned by its public-api
 * test instead, so its own exports are never reported; a default export anywhere else must be imported as one.
 * Never: reads types or builds a program (a syntax pass, `export-graph.ts`), or depends on the folders inside `src/`.
 */
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readWorkspace, type ScannedWorkspace, type UnusedExport, unusedExports } from "./export-graph";

const ROOT = resolve(import.meta.dirname, "..");
const FIXTURE = join(import.meta.dirname, "fixtures", "unused-exports");

const line = (found: UnusedExport): string =>
	`${found.file}: ${found.name} (${found.why}; ${found.usedHere ? "drop the export" : "delete it or use it"})`;

describe("the export scanner, on its fixture", () => {
	it("reports exactly the planted unused exports and accepts every way the fixture uses the others", () => {
		expect(unusedExports(readWorkspace(FIXTURE)).map((found) => `${found.file}: ${found.name} (${found.why})`)).toEqual(
			[
				"packages/alpha/src/helper.ts: testedConstant (only tests import it)",
				"packages/alpha/src/helper.ts: testOnly (only tests import it)",
				"packages/alpha/src/lazy.ts: missedLazily (nothing imports it)",
				"packages/alpha/src/ns.ts: missedByNamespace (nothing imports it)",
				"packages/alpha/src/reexporter.ts: renamedAgain (nothing imports it)",
				"packages/alpha/src/shapes.ts: Corner (nothing imports it)",
				"packages/alpha/src/shapes.ts: Unused (nothing imports it)",
				"packages/alpha/src/starred.ts: notFromStar (nothing imports it)",
				"packages/alpha/src/unused-default.ts: default (nothing imports it)",
				"packages/alpha/src/values.ts: notImported (nothing imports it)",
			],
		);
	});

	it("resolves a workspace package to its entry and lists a relative import it cannot resolve", () => {
		const { modules, unresolved } = readWorkspace(FIXTURE);
		const app = modules.get(join(FIXTURE, "apps", "gamma", "src", "main.ts"));
		expect(app?.imports.map((edge) => edge.target)).toContain(join(FIXTURE, "packages", "alpha", "src", "index.ts"));
		expect(unresolved).toEqual([{ file: "packages/alpha/src/missing-import.ts", specifier: "./missing" }]);
	});
});

describe("unused exports in the workspace", () => {
	let workspace: ScannedWorkspace;
	let found: UnusedExport[] = [];
	beforeAll(() => {
		workspace = readWorkspace(ROOT);
		found = unusedExports(workspace);
	}, 120_000);

	it("resolves every relative import it reads, so no use goes unseen", () => {
		expect(workspace.unresolved).toEqual([]);
	});

	it("has no exported name that nothing keeps alive, outside the packages' public entries", () => {
		expect(found.map(line), "un-export a name its module uses; delete one nothing uses").toEqual([]);
	});
});
