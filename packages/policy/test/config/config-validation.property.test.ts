import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ConfigIssue } from "../../src/config/config-issue";
import { MAX_CONFIG_ISSUES, validateConfig } from "../../src/config/config-validation";
import { nearMiss } from "../../src/config/surface-keys";

const RUNS = { numRuns: 300 } as const;

/** A JSON value as the loader hands it over: exactly what `JSON.parse` produces. */
function asParsedJson(value: unknown): unknown {
	return JSON.parse(JSON.stringify(value));
}

function expectWellFormed(issues: readonly ConfigIssue[]): void {
	expect(issues.length).toBeGreaterThan(0);
	expect(issues.filter((issue) => issue.severity === "error").length).toBeLessThanOrEqual(MAX_CONFIG_ISSUES + 1);
	for (const issue of issues) {
		expect(issue.message.length).toBeGreaterThan(0);
		expect(issue.hint.length).toBeGreaterThan(0);
		expect(`${issue.message}${issue.hint}`).not.toMatch(/[\r\n]/);
	}
}

const name = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => key !== "__proto__");
/** A surface key that is not a typo of a known surface (a near miss is an error by design). */
const surfaceName = name.filter((key) => nearMiss(key) === undefined);
const action = fc.constantFrom("allow", "ask", "deny");
const denyRule = fc.record(
	{ action: fc.constant("deny"), reason: fc.string({ maxLength: 500 }) },
	{ requiredKeys: ["action"], noNullPrototype: true },
);
const patternMap = fc.dictionary(name, fc.oneof(action, denyRule), { maxKeys: 8, noNullPrototype: true });
const count = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

const validConfig = fc.record(
	{
		$schema: fc.webUrl(),
		debugLog: fc.boolean(),
		permissionReviewLog: fc.boolean(),
		yoloMode: fc.boolean(),
		doublePressToConfirm: fc.boolean(),
		forwardingTimeoutMs: count,
		promptMaxRows: count,
		promptFieldMaxWidth: count,
		reviewLogFieldMaxWidth: count,
		toolInputPreviewMaxLength: count,
		toolTextSummaryMaxLength: count,
		piInfrastructureReadPaths: fc.array(fc.string({ minLength: 1 }), { maxLength: 4 }),
		authorizerChain: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 4 }),
		knownTools: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 4 }),
		permission: fc.dictionary(surfaceName, fc.oneof(action, patternMap), { maxKeys: 6, noNullPrototype: true }),
		shellTools: fc.dictionary(
			name,
			fc.record(
				{ commandArgument: fc.string(), workdirArgument: fc.string() },
				{ requiredKeys: ["commandArgument"], noNullPrototype: true },
			),
			{ maxKeys: 3, noNullPrototype: true },
		),
	},
	{ requiredKeys: [], noNullPrototype: true },
);

/** The known keys with arbitrary JSON values: mostly invalid, and close to real mistakes. */
const nearConfig = fc.dictionary(
	fc.constantFrom("permission", "shellTools", "authorizerChain", "forwardingTimeoutMs", "yoloMode", "$schema", "other"),
	fc.jsonValue({ maxDepth: 4 }),
	{ noNullPrototype: true },
);

describe("validateConfig (properties)", () => {
	it("never throws on any JSON value, and every issue is worded on one line", () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const result = validateConfig(asParsedJson(value ?? null));
				if (!result.ok) expectWellFormed(result.error);
			}),
			RUNS,
		);
	});

	it("never throws on known keys holding arbitrary JSON", () => {
		fc.assert(
			fc.property(nearConfig, (value) => {
				const result = validateConfig(asParsedJson(value));
				if (!result.ok) expectWellFormed(result.error);
			}),
			RUNS,
		);
	});

	it("returns every valid config unchanged, pattern order included", () => {
		fc.assert(
			fc.property(validConfig, (generated) => {
				const raw = asParsedJson(generated) as Readonly<Record<string, unknown>>;
				const result = validateConfig(raw);
				expect(result.ok).toBe(true);
				if (!result.ok) return;
				expect(result.value.config).toEqual(raw);
				expect(JSON.stringify(result.value.config.permission)).toBe(JSON.stringify(raw.permission));
				expect(JSON.stringify(result.value.config.shellTools)).toBe(JSON.stringify(raw.shellTools));
			}),
			RUNS,
		);
	});
});
