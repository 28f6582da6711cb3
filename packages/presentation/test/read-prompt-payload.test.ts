import { describe, expect, it } from "vitest";
import { buildForwardedAskPayload } from "../src/build/forwarded-ask-payload";
import {
	ANSWERABLE_BY,
	type LocalPromptPayload,
	PROMPT_PAYLOAD_KINDS,
	type PromptPayload,
} from "../src/prompt-payload";
import { MAX_FORWARDING_DEPTH, MAX_PAYLOAD_STRING_LENGTH, readPromptPayload } from "../src/read-prompt-payload";
import { PAYLOAD_BY_KIND } from "./support/payload-fixtures";

const wire = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload));

describe("readPromptPayload", () => {
	it.each(PROMPT_PAYLOAD_KINDS)("accepts a %s payload read back from JSON", (kind) => {
		const payload = PAYLOAD_BY_KIND[kind]();
		expect(readPromptPayload(wire(payload))).toEqual({ ok: true, value: payload });
	});

	it("ignores unknown keys at every level and returns a payload without them", () => {
		const raw = wire(PAYLOAD_BY_KIND.forwarded()) as Record<string, Record<string, unknown>>;
		raw.extra = { any: 1 } as Record<string, unknown>;
		(raw.request as Record<string, unknown>).cwd = "/home/child";
		((raw.child as Record<string, unknown>).request as Record<string, unknown>).principal = "x";
		const result = readPromptPayload(raw);
		expect(result).toEqual({ ok: true, value: PAYLOAD_BY_KIND.forwarded() });
	});

	it.each([
		{ id: "not an object", raw: "bash", keyPath: "", kind: "not-an-object" },
		{ id: "an array", raw: [], keyPath: "", kind: "not-an-object" },
		{
			id: "an unknown kind",
			raw: { ...(wire(PAYLOAD_BY_KIND.bash()) as object), kind: "shell" },
			keyPath: "kind",
			kind: "wrong-type",
		},
	])("rejects $id", ({ raw, keyPath, kind }) => {
		const result = readPromptPayload(raw);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatchObject({ kind, keyPath });
	});

	it("rejects a missing request fact and names its key path", () => {
		const raw = wire(PAYLOAD_BY_KIND.bash()) as { request: Record<string, unknown> };
		delete raw.request.matchedPattern;
		expect(readPromptPayload(raw)).toEqual({
			ok: false,
			error: { kind: "missing", keyPath: "request.matchedPattern", message: "`request.matchedPattern` is required" },
		});
	});

	it.each(ANSWERABLE_BY)("reads back who may answer a payload: %s", (answerableBy) => {
		const payload = { ...(PAYLOAD_BY_KIND.path() as LocalPromptPayload), answerableBy };
		expect(readPromptPayload(wire(payload))).toEqual({ ok: true, value: payload });
	});

	it("rejects a local payload that does not say who may answer it, or says it in other words", () => {
		const missing = wire(PAYLOAD_BY_KIND.bash()) as Record<string, unknown>;
		delete missing.answerableBy;
		expect(readPromptPayload(missing)).toMatchObject({
			ok: false,
			error: { kind: "missing", keyPath: "answerableBy" },
		});
		const forwarded = wire(PAYLOAD_BY_KIND.forwarded()) as { child: Record<string, unknown> };
		forwarded.child.answerableBy = "anyone";
		expect(readPromptPayload(forwarded)).toMatchObject({
			ok: false,
			error: { kind: "wrong-type", keyPath: "child.answerableBy" },
		});
	});

	it("rejects an unknown rule origin or command context", () => {
		const raw = wire(PAYLOAD_BY_KIND.bash()) as { request: Record<string, unknown> };
		raw.request.commandContext = "heredoc";
		const result = readPromptPayload(raw);
		expect(result.ok || result.error.keyPath).toBe("request.commandContext");
	});

	it("rejects a string longer than the cap rather than cutting it", () => {
		const raw = wire(PAYLOAD_BY_KIND.bash()) as { request: Record<string, unknown> };
		raw.request.value = "x".repeat(MAX_PAYLOAD_STRING_LENGTH + 1);
		const result = readPromptPayload(raw);
		expect(result.ok || result.error).toMatchObject({ kind: "too-long", keyPath: "request.value" });
	});

	it("rejects a highlight outside its evidence entry", () => {
		const raw = wire(PAYLOAD_BY_KIND.bash()) as { annotations: Record<string, unknown>[] };
		raw.annotations[0] = { kind: "highlight", evidenceIndex: 0, start: 5, end: 500 };
		const result = readPromptPayload(raw);
		expect(result.ok || result.error.keyPath).toBe("annotations[0]");
	});

	it("accepts forwarding nested to the depth bound and rejects one hop more", () => {
		const nest = (hops: number): PromptPayload => {
			let payload: PromptPayload = PAYLOAD_BY_KIND.tool();
			for (let hop = 0; hop < hops; hop += 1) {
				payload = buildForwardedAskPayload({
					child: payload,
					forwarding: { requesterAgentName: `a${hop}`, requesterSessionId: null },
				});
			}
			return payload;
		};
		expect(readPromptPayload(wire(nest(MAX_FORWARDING_DEPTH))).ok).toBe(true);
		const result = readPromptPayload(wire(nest(MAX_FORWARDING_DEPTH + 1)));
		expect(result.ok || result.error.kind).toBe("too-deep");
	});

	it("rejects an object whose getter throws instead of throwing itself", () => {
		const hostile = {
			kind: "bash",
			get request(): unknown {
				throw new Error("boom");
			},
		};
		expect(readPromptPayload(hostile).ok).toBe(false);
	});
});
