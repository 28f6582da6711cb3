import { shellEnvironmentOf, UNKNOWN_SHELL_ENVIRONMENT } from "@pi-permissions/access-intent";
import { afterAll, describe, expect, it } from "vitest";
import { bashCall, call, createEngine, realProbe } from "../support/engine-fixture";
import { createTmpProject } from "../support/tmp-project";

const project = createTmpProject({ files: [".env", "notes.txt"] });
afterAll(() => project.remove());

const CONFIG = {
	permission: {
		"*": "allow",
		bash: { "*": "allow" },
		path: { "*": "allow", "*.env": "deny" },
		external_directory: "allow",
	},
};

let reads = 0;
const known = createEngine({
	config: CONFIG,
	cwd: project.cwd,
	home: project.home,
	probe: realProbe(),
	bashEnvironment: () => {
		reads++;
		return shellEnvironmentOf({ HOME: project.home, SECRET: ".env", NOTES: "notes.txt" });
	},
});
const unknown = createEngine({ config: CONFIG, cwd: project.cwd, home: project.home, probe: realProbe() });

function decided(engine: typeof known, command: string, toolName = "bash"): string {
	const { combined } = engine.pipeline.decide(call(toolName, { command }));
	return `${combined.state} ${combined.matchedPattern ?? ""}`.trim();
}

describe("the bash tool's environment reaches the bash gates (ADR 0039)", () => {
	it.each([
		["cat $SECRET", "deny *.env"],
		["cat .e${UNSET_VAR}nv", "deny *.env"],
		["cat $NOTES", "allow *"],
		["cat $UNSET_VAR", "allow *"],
		["tee $LOG_FILE < notes.txt", "allow *"],
	])("under a known environment %s is %s", (command, expected) => {
		expect(decided(known, command)).toBe(expected);
	});

	it.each(["cat $SECRET", "cat .e${UNSET_VAR}nv", "cat $NOTES", "cat $UNSET_VAR"])(
		"SECURITY: under the unknown environment %s asks",
		(command) => {
			expect(decided(unknown, command)).toBe("ask <unresolved-path>");
		},
	);

	it("is read at each bash decision, and for Pi's `bash` tool only", () => {
		const before = reads;
		known.pipeline.decide(bashCall("cat $NOTES"));
		known.pipeline.decide(bashCall("cat $NOTES"));
		expect(reads - before).toBe(2);
		known.pipeline.decide(call("read", { path: "notes.txt" }));
		expect(reads - before).toBe(2);
	});

	it("an explicitly unknown environment reads as an absent one", () => {
		const explicit = createEngine({
			config: CONFIG,
			cwd: project.cwd,
			home: project.home,
			probe: realProbe(),
			bashEnvironment: () => UNKNOWN_SHELL_ENVIRONMENT,
		});
		for (const command of ["cat $SECRET", "cat .e${x}nv", "ls"])
			expect(decided(explicit, command)).toBe(decided(unknown, command));
	});
});
