import { describe, expect, it } from "vitest";
import { buildForwardedAskPayload } from "../src/build/forwarded-ask-payload";
import { forwardingHops, originPayload, PROMPT_PAYLOAD_KINDS } from "../src/prompt-payload";
import { PAYLOAD_BY_KIND } from "./support/payload-fixtures";

describe("PromptPayload", () => {
	it.each(PROMPT_PAYLOAD_KINDS)("a %s payload survives a JSON round trip unchanged", (kind) => {
		const payload = PAYLOAD_BY_KIND[kind]();
		expect(payload.kind).toBe(kind);
		expect(JSON.parse(JSON.stringify(payload))).toStrictEqual(payload);
	});

	it.each(PROMPT_PAYLOAD_KINDS)("a %s payload holds no undefined, function or class instance", (kind) => {
		const visit = (value: unknown): void => {
			expect(value).not.toBeUndefined();
			expect(typeof value).not.toBe("function");
			if (typeof value === "object" && value !== null) {
				expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(value));
				for (const child of Object.values(value)) visit(child);
			}
		};
		visit(PAYLOAD_BY_KIND[kind]());
	});
});

describe("originPayload and forwardingHops", () => {
	it("find the payload raised at the tool call and every hop, outermost first", () => {
		const inner = PAYLOAD_BY_KIND.forwarded();
		const outer = buildForwardedAskPayload({
			child: inner,
			forwarding: { requesterAgentName: "lead", requesterSessionId: "c-1" },
		});
		expect(originPayload(outer).kind).toBe("bash");
		expect(forwardingHops(outer)).toEqual([
			{ requesterAgentName: "lead", requesterSessionId: "c-1" },
			{ requesterAgentName: "scout", requesterSessionId: "child-7" },
		]);
		expect(forwardingHops(PAYLOAD_BY_KIND.bash())).toEqual([]);
	});
});
