/**
 * Owns: what `lint` says about the managed scope (ADR 0060): a rule of a lower scope that the managed tier decides
 * for every value it matches (a user allow under a managed deny or ask), every lower allow when the managed file
 * allows only its own rules, and a managed file that is refused or invalid.
 * Never: reads files or decides; the command hands in the lower rules, the managed rules and where each is written.
 */
import type { ManagedFacts, PermissionState, Rule } from "@pi-permissions/policy";
import { isCatchAll, overlapValue, patternContains, UNIVERSAL_SURFACE } from "@pi-permissions/policy";
import { exampleCall } from "./example-call";
import { sample } from "./pattern-sample";
import { finding, type LintFinding, type LintPlace, related } from "./policy-lint";

interface ManagedLintInput {
	/** The rules of the scopes below, composed without the managed tier, in evaluation order. */
	readonly lower: readonly Rule[];
	/** The managed tier's rules (origin `managed`), in its evaluation order. */
	readonly managed: readonly Rule[];
	readonly facts: ManagedFacts | null;
	/** The managed file's `allowManagedRulesOnly`. */
	readonly managedOnly: boolean;
	readonly placeOf: (rule: Rule) => LintPlace | null;
	readonly shell: ReadonlySet<string>;
}

const STRICTNESS: Readonly<Record<PermissionState, number>> = { allow: 0, ask: 1, deny: 2 };

export function managedFindings(input: ManagedLintInput): LintFinding[] {
	const { facts } = input;
	if (facts !== null && facts.status !== "trusted") {
		const base = finding("config-issue", null, {
			message: `the managed policy ${facts.file} is ${facts.status}: ${facts.problem ?? "not in force"}; every call is asked`,
		});
		return [{ ...base, fix: "fix the managed file as the message says (docs/teams.md)" }];
	}
	const findings: LintFinding[] = [];
	for (const rule of input.lower) {
		if (rule.origin === "builtin" || rule.surface === UNIVERSAL_SURFACE) continue;
		const details = {
			surface: rule.surface,
			pattern: rule.pattern,
			example: exampleCall(rule.surface, sample(rule.pattern, "x"), input.shell),
		};
		if (input.managedOnly && rule.action === "allow") {
			findings.push(
				finding("managed-overrides", input.placeOf(rule), {
					...details,
					message: `the ${rule.origin} allow ${JSON.stringify(rule.pattern)} is ignored: the managed file allows only its own rules (allowManagedRulesOnly)`,
				}),
			);
			continue;
		}
		const cover = managedCover(input.managed, rule);
		if (cover === null) continue;
		const where = input.placeOf(cover);
		findings.push(
			finding("managed-overrides", input.placeOf(rule), {
				...details,
				message: `the ${rule.origin} ${rule.action} ${JSON.stringify(rule.pattern)} is never in force: the managed ${cover.action} ${JSON.stringify(cover.pattern)}${where === null ? "" : ` (${where.file} line ${where.line})`} decides every value it matches`,
				related: related(where, cover),
			}),
		);
	}
	return findings;
}

/**
 * The managed rule that decides every value `rule` matches, stricter than it: the tier's last rule covering the
 * pattern, with no later managed rule on the surface that could answer some of those values otherwise (the last match
 * wins within the tier). `null` when there is none, so lint never claims more than the tier does.
 */
function managedCover(managed: readonly Rule[], rule: Rule): Rule | null {
	const onSurface = managed.filter((candidate) => candidate.surface === rule.surface);
	const index = onSurface.findLastIndex(
		(candidate) => isCatchAll(candidate.pattern) || patternContains(candidate.pattern, rule.pattern),
	);
	const cover = onSurface[index];
	if (cover === undefined || STRICTNESS[cover.action] <= STRICTNESS[rule.action]) return null;
	const later = onSurface.slice(index + 1);
	const answeredOtherwise = later.some(
		(candidate) =>
			STRICTNESS[candidate.action] <= STRICTNESS[rule.action] && overlapValue(candidate.pattern, rule.pattern) !== null,
	);
	return answeredOtherwise ? null : cover;
}
