import { describe, expect, it } from "vitest";
import { bashCall, call, createEngine } from "../support/engine-fixture";

/** ADR 0054: plan mode's gate denies writes and code it cannot see into, asks before unknown tools, reads as written. */
const CONFIG = { permission: { "*": "allow", bash: { "*": "allow", "rm -rf *": "deny" } } };
const plan = () => createEngine({ config: CONFIG, mode: "plan", mcpServers: ["srv"] });

describe("modeGate (plan mode)", () => {
	it.each([
		["a redirect", "echo x > notes.txt", "the command writes a file"],
		["a writer", "touch notes.txt", "the command writes a file"],
		["an unknown program", "npm install", "it may change files or run code the gate cannot see into"],
		["code in another language", "python -c 'print(1)'", "plan mode is read-only"],
		["a dynamic command name", "$CMD x", "plan mode is read-only"],
		["git's writing subcommand", "git commit -m x", "only git's reading subcommands run in plan mode"],
		["git running a program", "git -c core.pager=sh log", "plan mode is read-only"],
		["find writing a file", "find . -fprint out.txt", "plan mode is read-only"],
		["hostname setting the name", "hostname evil", "an operand would change the system"],
	])("denies %s, naming the mode", (_title, command, reason) => {
		const decision = plan().pipeline.decide(bashCall(command));
		expect(decision.combined.state).toBe("deny");
		expect(decision.combined.reason).toContain(reason);
		expect(decision.combined.reason).toContain("plan mode");
	});

	it.each(["cat notes.txt", "ls -la", "git status", "grep -r x src", "echo hi", "git log --oneline | head -5"])(
		"lets `%s` run as the policy says",
		(command) => {
			expect(plan().pipeline.decide(bashCall(command)).combined.state).toBe("allow");
		},
	);

	it("denies the write and edit tools and names the mode as the origin", () => {
		for (const toolCall of [
			call("write", { path: "a.txt", content: "x" }),
			call("edit", { path: "a.txt", edits: [{ oldText: "a", newText: "b" }] }),
		]) {
			const decision = plan().pipeline.decide(toolCall);
			expect(decision.combined).toMatchObject({ state: "deny", origin: "mode:plan", gate: "mode" });
		}
	});

	it("reads as the policy says: allowed where it allows, denied where it denies", () => {
		const e = createEngine({ config: { permission: { read: { "*": "allow", "*.env": "deny" } } }, mode: "plan" });
		expect(e.pipeline.decide(call("read", { path: "notes.txt" })).combined.state).toBe("allow");
		expect(e.pipeline.decide(call("read", { path: ".env" })).combined.state).toBe("deny");
	});

	it("asks before an MCP tool, whose effects no table knows, and offers no grant", () => {
		const decision = plan().pipeline.decide(call("mcp__srv__do", {}));
		expect(decision.combined).toMatchObject({ state: "ask", origin: "mode:plan", suggestion: null });
	});

	it("keeps a policy deny a deny", () => {
		expect(plan().pipeline.decide(bashCall("rm -rf build")).combined.state).toBe("deny");
	});

	it("does nothing outside plan mode", () => {
		const e = createEngine({ config: CONFIG, mode: "default" });
		expect(e.pipeline.decide(bashCall("echo x > notes.txt")).combined.state).toBe("allow");
	});
});
