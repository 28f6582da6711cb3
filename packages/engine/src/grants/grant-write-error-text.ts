/**
 * Owns: the one-line text a person reads when a persisted grant was not written or not forgotten, naming the file
 * and, for a conflict, the rule that forbids it.
 * Never: decides anything; the writer and `placeGrant` produce the errors.
 */
import type { GrantConflict, Rule } from "@pi-permissions/policy";
import { formatConfigLoadIssue } from "../config/config-load-issue";
import type { GrantWriteError } from "./persisted-grant-writer";

export function grantWriteErrorText(error: GrantWriteError): string {
	switch (error.kind) {
		case "conflict":
			return `not written to ${error.file}: ${conflictText(error.conflict)}`;
		case "symlink":
			return `not written: ${error.file} is a symbolic link to ${error.target}; edit the file it points to by hand`;
		case "not-a-file":
			return `not written: ${error.file} is not a regular file`;
		case "invalid-file": {
			const first = error.issues[0];
			return `not written: ${error.file} does not load cleanly${first === undefined ? "" : ` (${formatConfigLoadIssue(first)})`}; fix it first`;
		}
		case "locked":
			return `not written: ${error.file} stayed locked by another session for ${error.waitedMs} ms (${error.file}.lock); try again`;
		case "unknown-grant":
			return `no persisted grant \`${error.id}\` in ${error.file}; list them with \`/permissions grants\``;
		case "io":
			return `could not write ${error.file}: ${error.message}`;
		default: {
			const unhandled: never = error;
			throw new Error(`unhandled grant write error ${String(unhandled)}`);
		}
	}
}

function conflictText(conflict: GrantConflict): string {
	switch (conflict.kind) {
		case "lifts-deny":
			return `the grant would lift the deny ${ruleText(conflict.rule)}${exampleText(conflict.example)}`;
		case "shadowed":
			if (conflict.rule === null)
				return conflict.value === null
					? "the grant would decide no value: later rules take every one"
					: `the grant would not allow \`${conflict.value}\``;
			return conflict.value === null
				? `the later rule ${ruleText(conflict.rule)} would still decide every value the grant covers`
				: `the later rule ${ruleText(conflict.rule)} would still decide \`${conflict.value}\``;
		case "changes":
			return `the grant would also change what ${ruleText(conflict.over)} decides: ${ruleText(conflict.rule)} would decide it${exampleText(conflict.example)}; add the rule by hand`;
		case "not-one-rule":
			return "the grant would change rules of other surfaces; add the rule by hand";
		case "pattern-taken":
			return `the file already sets ${ruleText(conflict.rule)}; change it by hand`;
		case "scope-invalid":
			return `the ${conflict.scopes.join(", ")} scope does not load, so every allow is clamped to ask`;
		case "uneven-candidates":
			return `the rule ${ruleText(conflict.rule)} judges spellings of one MCP tool differently; add the rule by hand`;
		case "unsupported-surface":
			return "a grant needs a concrete surface";
		default: {
			const unhandled: never = conflict;
			throw new Error(`unhandled grant conflict ${String(unhandled)}`);
		}
	}
}

/** `(e.g. \`rm -rf x\`)`; for a path surface the two spellings of one path that show it. */
function exampleText(example: readonly string[]): string {
	const [first, second] = example;
	if (first === undefined) return "";
	if (second === undefined) return ` (e.g. ${JSON.stringify(first)})`;
	return ` (e.g. one path spelled ${JSON.stringify(first)} and ${JSON.stringify(second)})`;
}

function ruleText(rule: Rule): string {
	return `\`${rule.surface}: ${JSON.stringify(rule.pattern)} → ${rule.action}\` (${rule.origin})`;
}
