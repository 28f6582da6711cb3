import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { isWithinDirectory } from "../../src/gates/gate-context";

describe("isWithinDirectory", () => {
	it.each([
		{ child: "/a/skills/x/SKILL.md", parent: "/a/skills/x", inside: true },
		{ child: "/a/skills/x", parent: "/a/skills/x", inside: true },
		{ child: "/a/skills/x", parent: "/a/skills/x/", inside: true },
		{ child: "/a/skills/x-evil/SKILL.md", parent: "/a/skills/x", inside: false },
		{ child: "/a/skills", parent: "/a/skills/x", inside: false },
		{ child: "/etc/passwd", parent: "/", inside: true },
	])("says $child inside $parent is $inside (posix)", ({ child, parent, inside }) => {
		expect(isWithinDirectory(child, parent, POSIX_FLAVOR)).toBe(inside);
	});

	it("folds case and separators on win32", () => {
		expect(isWithinDirectory("C:\\Users\\U\\.pi\\agent\\x.md", "c:/users/u/.pi/agent", WIN32_FLAVOR)).toBe(true);
		expect(isWithinDirectory("C:\\Users\\U\\.pi\\agent2\\x.md", "c:/users/u/.pi/agent", WIN32_FLAVOR)).toBe(false);
	});
});
