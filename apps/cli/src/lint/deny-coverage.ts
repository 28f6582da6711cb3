/**
 * Owns: what `lint` lists for each `deny` rule of a shell surface (ADR 0053): the spellings it covers by meaning
 * (every spelling of each option it names, the options and operands that mean them too, how the program lets options
 * be written), or that it matches only as written.
 * Never: finds problems (`policy-lint.ts` warns on a deny with no canonical form) or decides calls.
 */
import { ruleCoverage, ruleSpelling } from "@pi-permissions/access-intent";
import type { Rule } from "@pi-permissions/policy";

export interface DenyCoverage {
	readonly surface: string;
	readonly pattern: string;
	/** The rule's canonical spelling, or `null` when it is matched only as written. */
	readonly canonical: string | null;
	/** Why it is matched only as written (`no-grammar`, `glob-in-option`, `no-program`), or `null`. */
	readonly asWritten: string | null;
	/** Each option the rule names, with its spellings and what means it too. */
	readonly options: readonly {
		readonly option: string;
		readonly spellings: readonly string[];
		readonly meantBy: readonly string[];
	}[];
	/** How the program's options may be written besides. */
	readonly forms: readonly string[];
}

/** The coverage of every deny rule on a shell surface, in evaluation order. */
export function denyCoverage(rules: readonly Rule[], shell: ReadonlySet<string>): DenyCoverage[] {
	const out: DenyCoverage[] = [];
	for (const rule of rules) {
		if (rule.action !== "deny" || !shell.has(rule.surface)) continue;
		if (rule.origin === "builtin" || rule.origin === "baseline") continue;
		const covered = ruleCoverage(rule.pattern);
		const read = ruleSpelling(rule.pattern);
		out.push({
			surface: rule.surface,
			pattern: rule.pattern,
			canonical: covered?.canonical ?? null,
			asWritten: read.kind === "as-written" ? read.reason : null,
			options: covered?.options ?? [],
			forms: covered?.forms ?? [],
		});
	}
	return out;
}

/** The coverage as text lines for `lint`'s human output. */
export function coverageText(list: readonly DenyCoverage[]): string {
	if (list.length === 0) return "";
	let text = "\ndeny rules and the spellings they cover:\n";
	for (const each of list) {
		text += `  ${each.surface} ${JSON.stringify(each.pattern)}`;
		if (each.canonical === null) {
			text += `: matched as written only (${AS_WRITTEN[each.asWritten ?? "no-grammar"] ?? each.asWritten})\n`;
			continue;
		}
		text += `: by meaning, as ${JSON.stringify(each.canonical)}\n`;
		for (const option of each.options) {
			const also = option.meantBy.length === 0 ? "" : `; also meant by ${option.meantBy.join(", ")}`;
			text += `    ${option.option}: ${option.spellings.join(", ")}${also}\n`;
		}
		if (each.forms.length > 0) text += `    ${each.forms.join("; ")}\n`;
	}
	return text;
}

const AS_WRITTEN: Readonly<Record<string, string>> = {
	"no-grammar": "no option grammar is known for the program",
	"no-program": "the pattern does not start with a program name",
	"glob-in-option": "a wildcard inside an option has no canonical form",
};
