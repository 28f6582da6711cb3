import { PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { ProtectedTargets } from "../../src/gates/protected-targets";
import { CORPUS_CWD, CORPUS_HOME, EMPTY_PROBE } from "../support/engine-fixture";
import { PROTECTED_ROWS } from "./protected-targets.cases";

const normalizer = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});
const targets = new ProtectedTargets({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	agentDir: `${CORPUS_HOME}/.pi/agent`,
	flavor: POSIX_FLAVOR,
	extra: ["deploy/*", "~/.config/secret-tool/*"],
});

describe("ProtectedTargets.whyProtected", () => {
	it.each(PROTECTED_ROWS)("$id: $path -> $why", (row) => {
		const why = targets.whyProtected(normalizer.forPath(row.path), row.tree === true);
		if (row.why === null) expect(why).toBeNull();
		else expect(why).toContain(row.why);
	});

	it("protects what `protectedPaths` adds, relative to the project or home", () => {
		expect(targets.whyProtected(normalizer.forPath("deploy/prod.yaml"), false)).toContain("protectedPaths");
		expect(targets.whyProtected(normalizer.forPath("~/.config/secret-tool/x"), false)).toContain("protectedPaths");
		expect(targets.whyProtected(normalizer.forPath("deployx"), false)).toBeNull();
	});

	it("follows a moved agent directory", () => {
		const moved = new ProtectedTargets({
			cwd: CORPUS_CWD,
			home: CORPUS_HOME,
			agentDir: "/opt/pi-agent",
			flavor: POSIX_FLAVOR,
			extra: [],
		});
		expect(
			moved.whyProtected(normalizer.forPath("/opt/pi-agent/extensions/pi-permissions/config.json"), false),
		).toContain("permission config");
	});

	it("names no reason for a path whose place is unknown (the gate asks for it on its own)", () => {
		expect(
			targets.whyProtected(normalizer.forLiteral("$X", { external: false, reason: "unresolved-word" }), false),
		).toBeNull();
	});
});

describe("ProtectedTargets.list", () => {
	it("lists every place the gate protects, so the sandbox can deny writing it", () => {
		const listed = targets.list();
		const places = listed.map((entry) => entry.pattern);
		for (const row of PROTECTED_ROWS) {
			if (row.why === null || row.tree === true || !row.path.startsWith("/")) continue;
			// Every absolute protected path in the table is at or below one listed place (or a listed glob covers it).
			const covered = listed.some(
				(entry) => entry.kind === "glob" || row.path === entry.pattern || row.path.startsWith(`${entry.pattern}/`),
			);
			expect(covered, row.path).toBe(true);
		}
		expect(places).toContain(`${CORPUS_CWD}/.pi`);
		expect(places).toContain(`${CORPUS_CWD}/.git/config`);
		expect(places).toContain(`${CORPUS_HOME}/.bashrc`);
		expect(listed.filter((entry) => entry.kind === "glob").map((entry) => entry.pattern)).toEqual([
			`${CORPUS_CWD}/deploy/*`,
			`${CORPUS_HOME}/.config/secret-tool/*`,
		]);
	});
});
