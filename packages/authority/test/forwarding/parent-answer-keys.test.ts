import { describe, expect, it } from "vitest";
import { PARENT_KEY_ENV, processAnswerKey } from "../../src/forwarding/answer-key";
import { inheritedParentKey, ParentAnswerKeys } from "../../src/forwarding/parent-answer-keys";
import { ServingRegistry } from "../../src/liveness/serving-registry";

const parentProcessKey = processAnswerKey({});

describe("inheritedParentKey", () => {
	it.each([
		["absent", {}, "absent"],
		["blank", { [PARENT_KEY_ENV]: "  " }, "absent"],
		["malformed", { [PARENT_KEY_ENV]: "not-a-key" }, "malformed"],
		["a parent's published key", { [PARENT_KEY_ENV]: parentProcessKey.publicKeyText }, "present"],
	])("reads a variable that is %s", (_label, env, kind) => {
		expect(inheritedParentKey(env).kind).toBe(kind);
	});
});

describe("ParentAnswerKeys", () => {
	const envTarget = { sessionId: "parent-1", source: "env" } as const;

	it("trusts the inherited key for a parent in another process", () => {
		const keys = new ParentAnswerKeys({
			inherited: inheritedParentKey({ [PARENT_KEY_ENV]: parentProcessKey.publicKeyText }),
			globalHost: {},
			servingRegistry: new ServingRegistry({}),
		});
		expect(keys.problem(envTarget)).toBeNull();
		expect(keys.trusted("parent-1").map((key) => key.equals(parentProcessKey.publicKey))).toEqual([true]);
	});

	it("trusts this process's own key only for a target this process serves", () => {
		const host = {};
		const own = processAnswerKey(host);
		const registry = new ServingRegistry(host);
		const keys = new ParentAnswerKeys({ inherited: { kind: "absent" }, globalHost: host, servingRegistry: registry });
		expect(keys.trusted("parent-1")).toEqual([]);
		const withdraw = registry.announce("parent-1");
		expect(keys.trusted("parent-1")).toEqual([own.publicKey]);
		expect(keys.trusted("parent-2")).toEqual([]);
		expect(keys.problem(envTarget)).toBeNull();
		withdraw();
		expect(keys.trusted("parent-1")).toEqual([]);
	});

	it("names why a parent in another process cannot be verified, and lets an announced in-process child wait", () => {
		const keys = (inherited: Parameters<typeof inheritedParentKey>[0]) =>
			new ParentAnswerKeys({
				inherited: inheritedParentKey(inherited),
				globalHost: {},
				servingRegistry: new ServingRegistry({}),
			});
		expect(keys({}).problem(envTarget)).toBe(
			"the parent session's answers cannot be verified: PI_PERMISSIONS_PARENT_KEY is not set (the spawner must start the subagent with its parent's environment)",
		);
		expect(keys({ [PARENT_KEY_ENV]: "x" }).problem(envTarget)).toMatch(/PI_PERMISSIONS_PARENT_KEY is malformed/);
		expect(keys({}).problem({ sessionId: "parent-1", source: "registry" })).toBeNull();
	});
});
