/**
 * Owns: `SandboxCoverage`, what the OS sandbox that runs a bash call holds of the `path` rules and the protected
 * regions (ADR 0059), read from the plan it runs (`@pi-permissions/sandbox`'s `SandboxPlan`, seen structurally: the
 * engine cannot import the package that imports it) against the rules the call is decided under.
 * Never: builds a plan, reads the file system or decides an ask (`sandbox-answer.ts` does).
 */
import { expandHome, PATH_SURFACE, type PathFlavor, type Ruleset } from "@pi-permissions/policy";
import { isWithinDirectory } from "../gates/gate-context";

/** Why a plan entry exists, as the engine reads it (a rule's surface and pattern; a kind for the rest). */
interface PlanBecauseView {
	readonly kind: string;
	readonly surface?: string;
	readonly pattern?: string;
}

/** One place of the plan: an absolute path or a sandbox glob, and why. */
interface PlanEntryView {
	readonly path: string;
	readonly because: PlanBecauseView;
}

/** What the engine reads of the plan the sandbox runs; `SandboxPlan` is one. */
export interface SandboxPlanView {
	readonly readDenies: readonly PlanEntryView[];
	readonly writeAllows: readonly PlanEntryView[];
	readonly writeDenies: readonly PlanEntryView[];
	readonly skipped: readonly { readonly because: PlanBecauseView }[];
}

/**
 * Where the sandbox holds every `path` deny: `everywhere` (each deny's globs cover every place the rule names),
 * `under` (a deny rooted by the plan at the project and the allowed directories, `*.env`, holds only there), or
 * `nowhere` (a deny the plan skipped, a catch-all: the gate alone applies it).
 */
type PathDenyReach =
	| { readonly kind: "everywhere" }
	| { readonly kind: "under"; readonly roots: readonly string[] }
	| { readonly kind: "nowhere" };

export interface SandboxCoverage {
	readonly pathDenies: PathDenyReach;
	/** True when some `path` rule asks: the sandbox asks nobody, so what such a rule may match is not its to answer. */
	readonly pathAsks: boolean;
	/** True when the plan holds every protected region (none skipped). */
	readonly protectedRegions: boolean;
	/** Every directory the sandbox lets a command write in (the project, the temp directory, allowed directories). */
	readonly writableRoots: readonly string[];
	/**
	 * The protected places mounted read-only (or hidden) inside: literal paths that exist. A protected name that does
	 * not exist is only removed after the call (ADR 0048), which a program outside may read first: it is not here.
	 */
	readonly readOnlyRegions: readonly string[];
	readonly flavor: PathFlavor;
}

/** The coverage of `plan` for a call decided under `rules` (composed; session rules only ever allow). */
export function sandboxCoverage(
	plan: SandboxPlanView,
	rules: Ruleset,
	facts: { readonly home: string; readonly flavor: PathFlavor },
): SandboxCoverage {
	const denies = rules.filter((rule) => rule.surface === PATH_SURFACE && rule.action === "deny");
	// SECURITY: the plan may be another policy's (the session's, for a subagent's call): a deny counts only when the
	// plan itself holds that pattern on `path`.
	const held = denies.every((rule) =>
		plan.readDenies.some(
			(entry) =>
				entry.because.kind === "rule" &&
				entry.because.surface === PATH_SURFACE &&
				entry.because.pattern === rule.pattern,
		),
	);
	const roots = plan.writeAllows
		.filter((entry) => entry.because.kind === "project" || entry.because.kind === "external-directory")
		.map((entry) => entry.path);
	const pathDenies: PathDenyReach = !held
		? { kind: "nowhere" }
		: denies.every((rule) => isAnchored(rule.pattern, facts.home))
			? { kind: "everywhere" }
			: { kind: "under", roots };
	return {
		pathDenies,
		pathAsks: rules.some((rule) => rule.surface === PATH_SURFACE && rule.action === "ask"),
		protectedRegions: !plan.skipped.some((entry) => entry.because.kind === "protected"),
		writableRoots: plan.writeAllows.map((entry) => entry.path),
		readOnlyRegions: [...plan.writeDenies, ...plan.readDenies]
			.filter((entry) => entry.because.kind === "protected" && !GLOB.test(entry.path))
			.map((entry) => entry.path),
		flavor: facts.flavor,
	};
}

/**
 * Whether no write to `forms` (a path's lexical and canonical forms) can land on the disk: each lies outside every
 * writable root, or at or below a protected place mounted read-only.
 */
export function writesRefused(coverage: SandboxCoverage, forms: readonly string[]): boolean {
	const within = (path: string, dirs: readonly string[]) =>
		dirs.some((dir) => isWithinDirectory(path, dir, coverage.flavor));
	return forms.every((form) => !within(form, coverage.writableRoots) || within(form, coverage.readOnlyRegions));
}

/** A sandbox glob's characters (`[` is written `[[]`): a glob write deny holds only over files that exist. */
const GLOB = /[*?[]/;

/** Whether the sandbox holds every `path` deny for a tree read from `forms` (the root's lexical and canonical forms). */
export function pathDeniesHeldUnder(coverage: SandboxCoverage, forms: readonly string[]): boolean {
	const reach = coverage.pathDenies;
	switch (reach.kind) {
		case "everywhere":
			return true;
		case "nowhere":
			return false;
		case "under":
			return forms.every((form) => reach.roots.some((root) => isWithinDirectory(form, root, coverage.flavor)));
		default: {
			const unhandled: never = reach;
			throw new Error(`unhandled path deny reach ${String(unhandled)}`);
		}
	}
}

const WILDCARD = /[*?]/;

/**
 * Whether the plan's globs for a deny cover every place the rule names (`sandbox/src/policy-glob.ts`): an absolute or
 * home pattern stays where it is; a relative one with no wildcard, or whose first name is literal (`secrets/*`), is
 * one place under the project. One that starts with a wildcard (`*.env`) matches anywhere, and the plan roots it only
 * at the project and the allowed directories; `.`/`..` first names are read the same cautious way.
 */
export function isAnchored(pattern: string, home: string): boolean {
	const expanded = expandHome(pattern, home);
	if (expanded.startsWith("/")) return true;
	if (!WILDCARD.test(expanded)) return true;
	const slash = expanded.indexOf("/");
	if (slash <= 0) return false;
	const first = expanded.slice(0, slash);
	return !WILDCARD.test(first) && first !== "." && first !== "..";
}
