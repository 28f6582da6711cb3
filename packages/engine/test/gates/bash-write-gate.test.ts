import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

const ALLOWED_UNITS = {
	"*": "ask",
	"ls *": "allow",
	ls: "allow",
	"cat *": "allow",
	"echo *": "allow",
	"sort *": "allow",
	"sed -n *": "allow",
	"find *": "allow",
	"git diff *": "allow",
	"git log *": "allow",
	"npm test *": "allow",
	"npm run *": "allow",
	"grep *": "allow",
	"tail *": "allow",
};
const READ_ONLY = { permission: { "*": "ask", write: "ask", edit: "ask", bash: ALLOWED_UNITS } };
const WRITE_ALLOWED = { permission: { "*": "ask", write: "allow", edit: "ask", bash: ALLOWED_UNITS } };
/** The recommended shape: no `write` entry, so the universal `*` decides a write. */
const WRITE_UNSET = { permission: { "*": "ask", bash: ALLOWED_UNITS } };

function decide(config: unknown, command: string) {
	return createEngine({ config }).pipeline.decide(bashCall(command));
}

const WRITES = [
	"echo x > src/a.ts",
	"cat > src/a.ts <<EOF\nx\nEOF",
	"ls > notes.txt",
	"sort -o notes.txt notes.txt",
	"sed -n 'w f' notes.txt",
	"sed -n -i p notes.txt",
	"git diff --output=f",
	"find src -delete",
	"tail -n 0 notes.txt > notes.txt",
	"echo x | sort > out.txt",
];

const NOT_WRITES = [
	"ls > /dev/null",
	"npm test 2>&1",
	"ls 2>/dev/null",
	"cat <<EOF\nhello\nEOF",
	"ls | sort > /dev/null",
	"grep -rn export src | sort 2>&1",
	"npm run build && npm test > /dev/null",
	"npm run build && npm test 2>&1",
	"cat notes.txt",
	"echo x >&2",
];

describe("bashWriteGate", () => {
	it.each(WRITES)("asks for `%s` when the write tool asks", (command) => {
		const decision = decide(READ_ONLY, command);
		expect(decision.combined.state).toBe("ask");
		expect(decision.outcomes.find((outcome) => outcome.gate === "bash-write")).toMatchObject({
			surface: "write",
			state: "ask",
		});
	});

	it.each(WRITES)("does not ask for `%s` more than the write tool would when the write tool is allowed", (command) => {
		const decision = decide(WRITE_ALLOWED, command);
		expect(decision.outcomes.some((outcome) => outcome.gate === "bash-write")).toBe(false);
		expect(decision.combined.state).toBe("allow");
	});

	it("asks for `ls > notes.txt` when `write` is unset and the universal default asks", () => {
		expect(decide(WRITE_UNSET, "ls > notes.txt").combined).toMatchObject({ gate: "bash-write", state: "ask" });
	});

	it.each(NOT_WRITES)("allows `%s` without a prompt even when writes ask", (command) => {
		expect(decide(READ_ONLY, command).combined.state).toBe("allow");
		expect(decide(WRITE_UNSET, command).combined.state).toBe("allow");
	});

	it("denies a bash write the write rule denies, and says so on the write surface", () => {
		const config = { permission: { "*": "allow", write: { "*": "allow", "*.lock": "deny" } } };
		expect(decide(config, "echo x > yarn.lock").combined).toMatchObject({
			gate: "bash-write",
			state: "deny",
			surface: "write",
		});
	});

	it("offers the write tool's session suggestion for a bash write", () => {
		const outcome = decide(READ_ONLY, "echo x > src/a.ts").outcomes.find((o) => o.gate === "bash-write");
		expect(outcome?.suggestion?.patterns.length).toBeGreaterThan(0);
		expect(outcome?.payload?.request.surface).toBe("write");
	});

	it("keeps a rule written for a redirect's own text", () => {
		const config = { permission: { "*": "allow", bash: { "*": "allow", "> /etc/*": "deny" } } };
		expect(decide(config, "ls | sort > /etc/x").combined.state).toBe("deny");
	});
});
