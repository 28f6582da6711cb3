import { describe, expect, it } from "vitest";
import { bashCall, call, createEngine } from "../support/engine-fixture";

/** ADR 0054: accept-edits allows the project's edits and the bash writes it sees whole; dont-ask denies every ask. */
const ASKING = {
	permission: { "*": "ask", read: "allow", bash: { "*": "ask", "echo *": "allow", "rm -rf *": "deny" } },
};

describe("overlayMode: accept-edits", () => {
	const edits = () => createEngine({ config: ASKING, mode: "accept-edits" });

	it.each([
		["write", { path: "src/a.ts", content: "x" }],
		["edit", { path: "notes.txt", edits: [{ oldText: "a", newText: "b" }] }],
	])("allows the %s tool inside the project", (tool, input) => {
		expect(edits().pipeline.decide(call(tool, input)).combined).toMatchObject({
			state: "allow",
			origin: "mode:accept-edits",
		});
	});

	it.each(["mkdir -p src/x", "touch src/a.ts", "cp a.txt b.txt", "mv a.txt b.txt", "echo x > notes.txt"])(
		"allows the bash write `%s` inside the project, asked without the mode",
		(command) => {
			expect(createEngine({ config: ASKING }).pipeline.decide(bashCall(command)).combined.state).toBe("ask");
			expect(edits().pipeline.decide(bashCall(command)).combined.state).toBe("allow");
		},
	);

	it.each([
		["a protected target", call("write", { path: ".git/config", content: "x" })],
		["a file outside the project", call("write", { path: "/etc/hosts", content: "x" })],
		["a write the table does not name", bashCall("sed -i s/a/b/ notes.txt")],
		["a writer beside an asked unit", bashCall("mkdir x && curl https://example.com")],
		["a redirect of an asked program", bashCall("curl https://example.com > out.txt")],
		["a redirect outside the project", bashCall("echo x > /tmp/elsewhere/out.txt")],
	])("leaves %s as the policy says (asked)", (_title, toolCall) => {
		expect(edits().pipeline.decide(toolCall).combined.state).toBe("ask");
	});

	it("keeps a deny a deny", () => {
		expect(edits().pipeline.decide(bashCall("rm -rf build")).combined.state).toBe("deny");
	});
});

describe("overlayMode: dont-ask", () => {
	it("denies what would be asked, with the reason naming the mode", () => {
		const e = createEngine({ config: ASKING, mode: "dont-ask" });
		const decision = e.pipeline.decide(call("write", { path: "src/a.ts", content: "x" }));
		expect(decision.combined).toMatchObject({ state: "deny", origin: "mode:dont-ask" });
		expect(decision.combined.reason).toContain("dont-ask mode");
	});

	it("leaves allows and denies as they are", () => {
		const e = createEngine({ config: ASKING, mode: "dont-ask" });
		expect(e.pipeline.decide(call("read", { path: "notes.txt" })).combined.state).toBe("allow");
		expect(e.pipeline.decide(bashCall("rm -rf build")).combined.state).toBe("deny");
	});
});

describe("overlayMode: default, auto and yolo", () => {
	it("leaves an ask an ask in default and auto, and yolo allows it", () => {
		const write = call("write", { path: "src/a.ts", content: "x" });
		const config = { ...ASKING, authorizerChain: ["judge"] };
		expect(createEngine({ config, mode: "default" }).pipeline.decide(write).combined.state).toBe("ask");
		expect(createEngine({ config, mode: "auto" }).pipeline.decide(write).combined.state).toBe("ask");
		expect(createEngine({ config, mode: "yolo" }).pipeline.decide(write).combined.state).toBe("allow");
	});
});
