import { describe, expect, it } from "vitest";
import type { AskEscalator } from "../../src/pipeline/ask-escalator";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, call, createEngine } from "../support/engine-fixture";

const BASH = { "*": "ask", "curl *": "allow", "ssh *": "allow", "nc *": "allow", "git clone *": "allow" };

function decide(network: unknown, command: string) {
	const permission = network === undefined ? { "*": "ask", bash: BASH } : { "*": "ask", bash: BASH, network };
	return createEngine({ config: { permission } }).pipeline.decide(bashCall(command));
}

const networkOutcome = (decision: ReturnType<typeof decide>) =>
	decision.outcomes.find((outcome) => outcome.gate === "network");

describe("networkGate", () => {
	it.each([
		["curl https://api.github.com/x", "allow"],
		["curl https://example.invalid/", "ask"],
		["curl -x http://evil.example:8080 https://api.github.com/", "deny"],
		["ssh git@github.com", "allow"],
		["nc evil.example 443", "deny"],
		["git clone https://raw.githubusercontent.com/x.git", "allow"],
		["curl http://localhost:3000/", "allow"],
		["curl http://localhost/", "ask"],
	])("%s is %s", (command, state) => {
		const network = {
			"*": "ask",
			"api.github.com": "allow",
			"github.com": "allow",
			"*.githubusercontent.com": "allow",
			"localhost:3000": "allow",
			"evil.example": "deny",
		};
		expect(decide(network, command).combined.state).toBe(state);
	});

	it("decides nothing under a policy without network rules, whatever the command", () => {
		for (const command of ["curl https://evil.example/", 'curl "$URL"', "nc x 1"]) {
			expect(networkOutcome(decide(undefined, command))).toBeUndefined();
		}
	});

	it("never lets a network allow widen a bash ask or deny", () => {
		const decision = createEngine({
			config: { permission: { "*": "ask", bash: { "*": "ask", "curl *": "deny" }, network: { "*": "allow" } } },
		}).pipeline.decide(bashCall("curl https://api.github.com/"));
		expect(decision.combined.state).toBe("deny");
	});

	it("asks about a computed destination while a network rule asks or denies, and not when they all allow", () => {
		expect(decide({ "*": "ask" }, 'curl "$URL"').combined).toMatchObject({
			state: "ask",
			matchedPattern: "<unresolved-destination>",
		});
		expect(networkOutcome(decide({ "github.com": "allow" }, 'curl "$URL"'))).toBeUndefined();
	});

	it("names the host, the unit and what is sent in the ask", () => {
		const outcome = networkOutcome(decide({ "*": "ask" }, "curl -d @notes.txt https://example.invalid"));
		expect(outcome?.value).toBe("example.invalid:443");
		expect(outcome?.payload?.evidence).toEqual(
			expect.arrayContaining([
				{ label: "from", text: "curl -d @notes.txt https://example.invalid", detail: null },
				{ label: "sends", text: "the file notes.txt", detail: null },
			]),
		);
		expect(outcome?.suggestion?.patterns).toEqual(["example.invalid"]);
	});

	it("keeps a deny's reason and rule", () => {
		const outcome = networkOutcome(
			decide({ "evil.example": { action: "deny", reason: "no exfiltration" } }, "curl https://evil.example/"),
		);
		expect(outcome).toMatchObject({ state: "deny", matchedPattern: "evil.example", reason: "no exfiltration" });
	});

	it("lets yolo approve a host a rule asks about, but not a computed host while a host is denied", async () => {
		const verdict = async (network: unknown, command: string) => {
			const engine = createEngine({ config: { permission: { "*": "ask", bash: BASH, network } }, yolo: true });
			const escalator: AskEscalator = {
				escalate: async () => ({ kind: "deny", reason: "test", decidedBy: "user" }),
			};
			let n = 0;
			const run = new GateRunner({
				pipeline: engine.pipeline,
				escalator,
				sink: { emit: () => {} },
				ids: { next: () => `req-${++n}` },
				sessionRules: engine.store,
			});
			return (await run.run(bashCall(command))).kind;
		};
		expect(await verdict({ "*": "ask" }, "curl https://example.invalid/")).toBe("allow");
		expect(await verdict({ "*": "ask" }, 'curl "$URL"')).toBe("allow");
		expect(await verdict({ "*": "ask", "evil.example": "deny" }, 'curl "$URL"')).toBe("block");
	});
});

describe("networkGate for tools that take a URL", () => {
	const engine = (network: unknown) =>
		createEngine({ config: { permission: { "*": "allow", network }, knownTools: ["web_fetch"] } }).pipeline;

	it.each([
		["web_fetch", { url: "https://api.github.com/x" }, "allow"],
		["web_fetch", { url: "https://evil.example/upload" }, "deny"],
		["web_fetch", { url: "https://example.invalid/" }, "ask"],
		["mcp", { tool: "fetch", arguments: { url: "https://evil.example/" } }, "deny"],
		["mcp__web__fetch", { url: "http://docs.example.org/" }, "ask"],
		["web_fetch", { query: "no url" }, "allow"],
	])("%s %j is %s", (tool, input, state) => {
		const decision = engine({ "*": "ask", "api.github.com": "allow", "evil.example": "deny" }).decide(
			call(tool, input),
		);
		expect(decision.combined.state).toBe(state);
	});

	it("decides a tool's URL only under network rules", () => {
		const decision = createEngine({ config: { permission: { "*": "allow" } } }).pipeline.decide(
			call("web_fetch", { url: "https://evil.example/" }),
		);
		expect(decision.combined.state).toBe("allow");
	});
});
