import { describe, expect, it } from "vitest";
import { pathFlavorFor } from "../../src/path-flavor";
import { pathApprovalPattern } from "../../src/session/path-approval-pattern";
import { OWN_PATH_ROWS, SESSION_PATTERN_ROWS } from "./path-approval-pattern.cases";

describe("pathApprovalPattern", () => {
	it.each(SESSION_PATTERN_ROWS)("$id $pathValue ($flavor) -> $expected", ({ pathValue, flavor, expected }) => {
		expect(pathApprovalPattern(pathValue, pathFlavorFor(flavor))).toBe(expected);
	});

	it.each(OWN_PATH_ROWS)("$id $pathValue ($flavor) -> $expected", ({ pathValue, flavor, expected }) => {
		expect(pathApprovalPattern(pathValue, pathFlavorFor(flavor))).toBe(expected);
	});
});
