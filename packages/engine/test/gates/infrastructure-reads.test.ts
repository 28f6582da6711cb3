import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

/**
 * ADR 0036 (seed 000, "External directory detection"; the reference's `piInfrastructureReadPaths`: directories
 * or globs, `~` expands, `*` and `**` cross `/`): an entry with a wildcard is a glob, never a literal directory name.
 */
function engineWith(paths: readonly string[]) {
	return createEngine({
		config: { permission: { "*": "allow", external_directory: "ask" }, piInfrastructureReadPaths: paths },
		home: "/home/u",
	});
}

function gateOf(engine: ReturnType<typeof engineWith>, tool: string, path: string) {
	const decision = engine.pipeline.decide(call(tool, { path, ...(tool === "write" ? { content: "" } : {}) }));
	return decision.outcomes.find((outcome) => outcome.gate === "external-directory");
}

describe("piInfrastructureReadPaths", () => {
	it.each([
		["~/.cache/*/docs", "/home/u/.cache/pi/docs"],
		["~/.cache/*/docs", "/home/u/.cache/pi/docs/guide/skills.md"],
		["$HOME/.cache/*/docs", "/home/u/.cache/other/docs/a.md"],
		["~/.cache/**", "/home/u/.cache/a/b/c.md"],
		["/opt/pi-?/share", "/opt/pi-1/share/x.md"],
		["~/.config/pi", "/home/u/.config/pi/notes.md"],
	])("`%s` lets a read-only tool read %s without a prompt", (entry, path) => {
		expect(gateOf(engineWith([entry]), "read", path)).toMatchObject({ state: "allow", basis: "infrastructure-read" });
	});

	it.each([
		["~/.cache/*/docs", "/home/u/.cache/pi/notes/a.md"],
		["~/.cache/*/docs", "/home/u/.cachex/pi/docs/a.md"],
		["/opt/pi-?/share", "/opt/pi-10/share/x.md"],
		["~/.config/pi", "/home/u/.config/pi-other/x.md"],
	])("`%s` does not cover %s", (entry, path) => {
		expect(gateOf(engineWith([entry]), "read", path)).toMatchObject({ state: "ask", basis: "rule" });
	});

	it("judges the canonical path: a symlink named inside a glob does not read its target", () => {
		const link = "/home/u/.cache/pi/docs/link";
		const engine = createEngine({
			config: {
				permission: { "*": "allow", external_directory: "ask" },
				piInfrastructureReadPaths: ["~/.cache/*/docs"],
			},
			home: "/home/u",
			probe: {
				realpath: (path) => (path === link ? "/home/u/.ssh/id_rsa" : null),
				lstat: (path) => {
					if (path === link) return { kind: "symlink" };
					return "/home/u/.cache/pi/docs".startsWith(path) || path.startsWith("/home/u/.ssh")
						? { kind: "directory" }
						: null;
				},
				readdir: () => null,
			},
		});
		const decision = engine.pipeline.decide(call("read", { path: link }));
		expect(decision.outcomes.find((outcome) => outcome.gate === "external-directory")).toMatchObject({
			state: "ask",
		});
	});

	it("never lets a write through a glob", () => {
		expect(gateOf(engineWith(["~/.cache/*/docs"]), "write", "/home/u/.cache/pi/docs/a.md")).toMatchObject({
			state: "ask",
		});
	});

	it("drops a relative entry (it names no fixed place)", () => {
		expect(gateOf(engineWith(["*/docs"]), "read", "/home/u/x/docs/a.md")).toMatchObject({ state: "ask" });
	});
});
