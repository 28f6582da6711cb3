import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPromptPayload } from "../src/read-prompt-payload";
import { payloadArbitrary } from "./support/payload-arbitrary";

const RUNS = { numRuns: 150 };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object key path in a JSON tree (array indices are walked through, never themselves removed). */
function keyPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
	if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, [...path, index]));
	if (value === null || typeof value !== "object") return [];
	return Object.entries(value).flatMap(([key, child]) => [[...path, key], ...keyPaths(child, [...path, key])]);
}

function edit(
	root: Json,
	path: readonly (string | number)[],
	change: (parent: Record<string, Json>, key: string) => void,
): Json {
	const copy = structuredClone(root);
	let parent: Json = copy;
	for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[step] as Json;
	change(parent as Record<string, Json>, String(path[path.length - 1]));
	return copy;
}

describe("readPromptPayload (laws)", () => {
	it("accepts every built payload and returns it unchanged", () => {
		fc.assert(
			fc.property(payloadArbitrary, (payload) => {
				expect(readPromptPayload(JSON.parse(JSON.stringify(payload)))).toEqual({ ok: true, value: payload });
			}),
			RUNS,
		);
	});

	it("rejects every payload with one required fact removed", () => {
		fc.assert(
			fc.property(payloadArbitrary, (payload) => {
				const json = JSON.parse(JSON.stringify(payload)) as Json;
				for (const path of keyPaths(json)) {
					const broken = edit(json, path, (parent, key) => {
						delete parent[key];
					});
					expect(readPromptPayload(broken).ok, path.join(".")).toBe(false);
				}
			}),
			{ numRuns: 60 },
		);
	});

	it("rejects every payload with one fact mistyped", () => {
		fc.assert(
			fc.property(payloadArbitrary, (payload) => {
				const json = JSON.parse(JSON.stringify(payload)) as Json;
				for (const path of keyPaths(json)) {
					const broken = edit(json, path, (parent, key) => {
						parent[key] = typeof parent[key] === "number" ? "7" : 42;
					});
					expect(readPromptPayload(broken).ok, path.join(".")).toBe(false);
				}
			}),
			{ numRuns: 60 },
		);
	});

	it("never throws on arbitrary JSON", () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
				expect(() => readPromptPayload(value)).not.toThrow();
			}),
			RUNS,
		);
	});
});
