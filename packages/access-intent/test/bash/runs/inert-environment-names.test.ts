import { describe, expect, it } from "vitest";
import { environmentRow } from "../../../src/bash/runs/code-running-environment-table";
import { isInertEnvironmentName } from "../../../src/bash/runs/inert-environment-names";

const INERT = ["CI", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES", "TZ", "LANG"];
const MORE = ["LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "NODE_ENV", "PYTHONUNBUFFERED"];

describe("isInertEnvironmentName", () => {
	it.each([...INERT, ...MORE, "PYTHONDONTWRITEBYTECODE"])("%s changes nothing a permission can see", (name) => {
		expect(isInertEnvironmentName(name)).toBe(true);
		expect(environmentRow(name)).toBeNull();
	});

	it.each([
		"PATH",
		"HOME",
		"EDITOR",
		"PAGER",
		"GIT_DIR",
		"NODE_OPTIONS",
		"LD_PRELOAD",
		"BASH_ENV",
		"GIT_CONFIG_GLOBAL",
		"lc_all",
	])("%s is not known to be inert", (name) => {
		expect(isInertEnvironmentName(name)).toBe(false);
	});
});
