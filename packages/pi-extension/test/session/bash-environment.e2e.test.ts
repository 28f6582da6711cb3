import { fauxAssistantMessage, fauxText, fauxToolCall, type ToolCall } from "@earendil-works/pi-ai";
import { createEventBus, type SettingsManager } from "@earendil-works/pi-coding-agent";
import type { DecisionFact } from "@pi-permissions/engine";
import { afterEach, describe, expect, it } from "vitest";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "../support/pi-sdk-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

const POLICY = {
	permission: {
		"*": "allow",
		bash: { "*": "allow" },
		path: { "*": "allow", "*.env": "deny" },
		external_directory: "allow",
	},
};

/** Set in this test process: Pi's bash tool would pass it to the command's shell. */
const VARIABLE = "PI_PERMISSIONS_TEST_SECRET_FILE";
afterEach(() => {
	delete process.env[VARIABLE];
});

/** A real Pi session (print mode, no UI) whose model makes one bash call; the decisions it produced. */
async function decide(space: Workspace, command: string, settings: SettingsManager = quietSettings()) {
	const decisions: DecisionFact[] = [];
	const { faux, modelRuntime } = await fauxRuntime();
	const call: ToolCall = fauxToolCall("bash", { command }, { id: "c1" });
	faux.setResponses([
		() => fauxAssistantMessage([call], { stopReason: "toolUse" }),
		() => fauxAssistantMessage(fauxText("done")),
	]);
	const eventBus = createEventBus();
	eventBus.on("permissions:decision", (fact) => decisions.push(fact as DecisionFact));
	// The host as `readHostEnvironment` builds it: the live process environment at each decision.
	const host = { ...testHost(space), currentEnv: () => process.env };
	const resourceLoader = await loadResources({ space, settingsManager: settings, eventBus, host });
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager: settings });
	await session.bindExtensions({ mode: "print" });
	try {
		await session.prompt("go");
	} finally {
		await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		session.dispose();
	}
	const fact = decisions.find((candidate) => candidate.toolName === "bash");
	if (fact === undefined) throw new Error("no bash decision");
	return fact;
}

describe("Pi's process environment reaches the bash gate (ADR 0039)", () => {
	it("a variable set in Pi's process that names .env is denied as .env", async () => {
		const space = workspace({ ".env": "SECRET=x\n", "notes.txt": "n\n" }, POLICY);
		process.env[VARIABLE] = ".env";
		const fact = await decide(space, `cat "$${VARIABLE}"`);
		expect(fact.result).toBe("deny");
		expect(fact.matchedPattern).toBe("*.env");
	});

	it("SECURITY: `cat .e${UNSET}nv` is denied as .env when the variable is unset", async () => {
		const space = workspace({ ".env": "SECRET=x\n" }, POLICY);
		const fact = await decide(space, `cat .e\${${VARIABLE}}nv`);
		expect(fact.result).toBe("deny");
		expect(fact.matchedPattern).toBe("*.env");
	});

	it("a variable naming another file is allowed", async () => {
		const space = workspace({ ".env": "SECRET=x\n", "notes.txt": "n\n" }, POLICY);
		process.env[VARIABLE] = "notes.txt";
		const fact = await decide(space, `cat "$${VARIABLE}"`);
		expect(fact.result).toBe("allow");
	});

	it("with a shellCommandPrefix the environment is unknown: the computed name is asked about, never allowed", async () => {
		const space = workspace({ ".env": "SECRET=x\n", "notes.txt": "n\n" }, POLICY);
		process.env[VARIABLE] = "notes.txt";
		const settings = quietSettings();
		settings.setShellCommandPrefix(`${VARIABLE}=.env`);
		const fact = await decide(space, `cat "$${VARIABLE}"`, settings);
		expect(fact.result).toBe("deny");
		expect(fact.matchedPattern).toBe("<unresolved-path>");
	});
});
