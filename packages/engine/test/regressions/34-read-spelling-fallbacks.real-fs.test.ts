/**
 * Issue 34, item 6: Pi's read tool opens `it’s secret.txt` (U+2019) when asked for `it's secret.txt` (ASCII) and only
 * the U+2019 file exists (Pi 1.6 `resolveReadPath`). The gate judges every file the tool may open, so a deny written
 * for the U+2019 name denies the ASCII spelling too, on a real tree.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { call, createEngine, realProbe } from "../support/engine-fixture";
import { createTmpProject, type TmpProject } from "../support/tmp-project";

const projects: TmpProject[] = [];
afterEach(() => {
	for (const project of projects.splice(0)) project.remove();
});

function project(files: readonly string[]): TmpProject {
	const made = createTmpProject({ files });
	projects.push(made);
	return made;
}

const CURLY = "it\u2019s secret.txt";
const ASCII = "it's secret.txt";

const CONFIGS = {
	path: { permission: { "*": "allow", path: { [`*${CURLY}`]: "deny" } } },
	read: { permission: { "*": "allow", read: { "*": "allow", [`*${CURLY}`]: "deny" } } },
} as const;

describe("the read tool is judged by every file it may open (issue 34)", () => {
	it.each(Object.entries(CONFIGS))("a %s deny on the U+2019 name denies the ASCII spelling", (_surface, config) => {
		const p = project([CURLY]);
		const engine = createEngine({ config, cwd: p.cwd, home: p.home, probe: realProbe() });
		const decision = engine.pipeline.decide(call("read", { path: ASCII }));
		expect(decision.combined.state).toBe("deny");
		expect(decision.combined.value).toContain(CURLY);
		// The same for an absolute path and for the `@` spelling Pi strips.
		for (const path of [join(p.cwd, ASCII), `@${ASCII}`]) {
			expect(engine.pipeline.decide(call("read", { path })).combined.state, path).toBe("deny");
		}
	});

	it("denies even when the ASCII file exists too (which one opens depends on the disk when Pi reads)", () => {
		const p = project([CURLY]);
		writeFileSync(join(p.cwd, ASCII), "public\n");
		const engine = createEngine({ config: CONFIGS.path, cwd: p.cwd, home: p.home, probe: realProbe() });
		expect(engine.pipeline.decide(call("read", { path: ASCII })).combined.state).toBe("deny");
	});

	it("judges an NFD fallback: deny `*cafe\u0301.txt` (NFD) denies a read of the NFC spelling", () => {
		const p = project(["cafe\u0301.txt"]);
		const config = { permission: { "*": "allow", path: { "*cafe\u0301.txt": "deny" } } };
		const engine = createEngine({ config, cwd: p.cwd, home: p.home, probe: realProbe() });
		expect(engine.pipeline.decide(call("read", { path: "caf\u00e9.txt" })).combined.state).toBe("deny");
	});

	it("leaves tools without fallbacks to the path they name: write opens only the ASCII file", () => {
		const p = project([CURLY]);
		const engine = createEngine({ config: CONFIGS.path, cwd: p.cwd, home: p.home, probe: realProbe() });
		const decision = engine.pipeline.decide(call("write", { path: ASCII, content: "x" }));
		expect(decision.combined.state).toBe("allow");
	});

	it("allows a read no spelling of which is denied", () => {
		const p = project(["notes.txt"]);
		const engine = createEngine({ config: CONFIGS.read, cwd: p.cwd, home: p.home, probe: realProbe() });
		expect(engine.pipeline.decide(call("read", { path: "it's notes.txt" })).combined.state).toBe("allow");
	});
});
