/**
 * `!` commands typed by the user (`user_bash`) in a real in-process Pi session, driven the way Pi's RPC `bash`
 * command drives them (emit `user_bash`, then run with the operations a handler returned): unsandboxed by default,
 * sandboxed with `sandbox.userBash`.
 */
import { createEventBus } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "../support/pi-sdk-fixture";
import { workspace } from "../support/pi-session-harness";

const SECRET = "hunter2-user";

async function userBash(userBashSandboxed: boolean): Promise<string> {
	const space = workspace(
		{ ".env": `SECRET=${SECRET}\n` },
		{
			permission: { "*": "ask", bash: { "*": "allow" }, path: { "*.env": "deny" } },
			sandbox: { mode: "required", userBash: userBashSandboxed },
		},
	);
	const { faux, modelRuntime } = await fauxRuntime();
	const settingsManager = quietSettings();
	const eventBus = createEventBus();
	const host = testHost(space);
	const resourceLoader = await loadResources({ space, settingsManager, eventBus, host });
	const session = await createTestSession({
		space,
		faux,
		modelRuntime,
		resourceLoader,
		settingsManager,
		tools: ["bash"],
	});
	await session.bindExtensions({ mode: "print" });
	try {
		const command = "cat .env";
		const handled = await session.extensionRunner.emitUserBash({
			type: "user_bash",
			command,
			excludeFromContext: false,
			cwd: space.cwd,
		});
		if (handled?.result !== undefined) return handled.result.output;
		const result = await session.executeBash(command, undefined, {
			...(handled?.operations === undefined ? {} : { operations: handled.operations }),
		});
		return result.output;
	} finally {
		await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		session.dispose();
	}
}

describe("`!` commands and the sandbox", () => {
	it("are not sandboxed unless configured: the user's own command reads what the agent may not", async () => {
		expect(await userBash(false)).toContain(SECRET);
	}, 60_000);

	it("run in the sandbox with `sandbox.userBash`", async () => {
		const output = await userBash(true);
		expect(output).not.toContain(SECRET);
		expect(output).toContain("blocked by the sandbox: read of `.env` is denied by rule `*.env`");
	}, 60_000);
});
