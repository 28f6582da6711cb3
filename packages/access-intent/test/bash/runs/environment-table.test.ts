import { describe, expect, it } from "vitest";
import { environmentRow } from "../../../src/bash/runs/environment-table";

/** The kind and effect (or `inert`) of the row found, or `none`. */
function found(name: string): string {
	const row = environmentRow(name);
	if (row === null) return "none";
	return row.kind === "inert" ? `inert ${row.row.name}` : `${row.row.effect} ${row.row.name}`;
}

describe("environmentRow", () => {
	it.each([
		// An exact name wins over a pattern.
		["GIT_TRACE_REDACT", "inert GIT_TRACE_REDACT"],
		["GIT_TRACE", "writes-value GIT_TRACE*"],
		["TAR_OPTIONS", "options TAR_OPTIONS"],
		["TAR_FILENAME", "inert TAR_FILENAME"],
		["LD_PRELOAD", "relocates LD_PRELOAD"],
		["LD_DEBUG", "relocates LD_*"],
		// The pattern with the most literal text wins.
		["CARGO_TERM_COLOR", "inert CARGO_TERM_*"],
		["CARGO_TARGET_DIR", "relocates CARGO_TARGET_DIR"],
		["CARGO_TARGET_AARCH64_LINKER", "runs-value CARGO_TARGET_*_LINKER"],
		["CARGO_HTTP_PROXY", "configures CARGO_*"],
		["RIPGREP_CONFIG_PATH", "relocates RIPGREP_CONFIG_PATH"],
		["ESLINT_CONFIG_PATH", "relocates *_CONFIG_PATH"],
		// A name several tables document reads the shared row.
		["HOME", "relocates HOME"],
		["EDITOR", "runs-value EDITOR"],
		// Names are case-sensitive (npm's are spelled by `environment-names.ts` first).
		["home", "none"],
		["DATABASE_URL", "none"],
	])("%s -> %s", (name, expected) => {
		expect(found(name)).toBe(expected);
	});
});
