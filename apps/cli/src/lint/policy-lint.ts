/**
 * Owns: the checks of `pi-permissions lint` over one policy: the composed rules in evaluation order (shadowed rules,
 * allows over denies, denies a higher scope lifts), each rule's pattern (likely mistakes), each scope's surfaces, and
 * the loader's own issues, each finding placed at its file and line with an example call that shows it.
 * Never: reads files or decides calls; the command hands in what the loader, the composer and the source map said.
 */
import { ruleSpelling } from "@pi-permissions/access-intent";
import type { ConfigLoadIssue, ConfigSource } from "@pi-permissions/engine";
import {
	isCatchAll,
	judgeSurfaceKey,
	overlapValue,
	PATH_SURFACES,
	type PermissionConfig,
	type PermissionState,
	patternContains,
	type Rule,
	type ScopeName,
} from "@pi-permissions/policy";
import { type ExampleCall, exampleCall } from "./example-call";
import { LINT_KINDS, type LintKind, type LintSeverity } from "./lint-kind";
import { sample } from "./pattern-sample";

/** Where a finding (or the rule it relates to) is written. */
export interface LintPlace {
	readonly scope: ScopeName | "managed";
	readonly file: string;
	readonly line: number;
	readonly column: number;
}

export interface LintFinding {
	readonly kind: LintKind;
	readonly severity: LintSeverity;
	/** `null` only when the finding has no file (a scope without one). */
	readonly place: LintPlace | null;
	readonly surface: string | null;
	readonly pattern: string | null;
	readonly message: string;
	/** A call that shows the problem; `null` when no single call does. */
	readonly example: ExampleCall | null;
	readonly fix: string;
	/** The other rule involved (the covering rule, the allow, the lifting scope's rule). */
	readonly related: (LintPlace & { readonly pattern: string; readonly action: PermissionState }) | null;
}

/** One valid scope as lint reads it. */
export interface LintScope {
	readonly scope: ScopeName;
	readonly file: string | null;
	readonly config: PermissionConfig;
	/** `null` when the file could not be re-read for positions (findings then carry no line). */
	readonly source: ConfigSource | null;
}

interface LintInput {
	/** The composed rules of the valid scopes, without yolo, in evaluation order. */
	readonly rules: readonly Rule[];
	readonly scopes: readonly LintScope[];
	readonly issues: readonly ConfigLoadIssue[];
	/** Surfaces whose values are bash command units: `bash` and every configured shell tool. */
	readonly shellSurfaces: ReadonlySet<string>;
	/** The clock (epoch milliseconds) an allow's end is compared with (ADR 0061). */
	readonly now: number;
}

type KeyPath = readonly (string | number)[];

/** Every finding, sorted by file and line. */
export function lintPolicy(input: LintInput): LintFinding[] {
	const scopes = new Map(input.scopes.map((scope) => [scope.scope, scope]));
	const placeOf = (scope: ScopeName, keyPath: KeyPath): LintPlace | null => {
		const found = scopes.get(scope);
		if (found?.file == null || found.source === null) return null;
		const position = found.source.positionOf(keyPath);
		return position === null ? null : { scope, file: found.file, line: position.line, column: position.column };
	};
	const ended = (rule: Rule) => rule.expires !== undefined && input.now >= rule.expires;
	const composed: ComposedRules = {
		// An ended rule decides nothing: it is reported as ended and judged by no other check.
		rules: input.rules.filter(isConfigRule).filter((rule) => !ended(rule)),
		placeOf: (rule) => placeOf(rule.origin, ruleKeyPath(scopes.get(rule.origin), rule)),
		shell: input.shellSurfaces,
	};
	const findings: LintFinding[] = [
		...input.rules
			.filter(isConfigRule)
			.filter(ended)
			.map((rule) =>
				finding("ended-rule", composed.placeOf(rule), {
					surface: rule.surface,
					pattern: rule.pattern,
					example: null,
					message: `${JSON.stringify(rule.pattern)} ended at ${new Date(rule.expires ?? 0).toISOString().slice(0, 16).replace("T", " ")} UTC`,
				}),
			),
		...issueFindings(input.issues),
		...orderFindings(composed),
		...liftedFindings(input.scopes, placeOf, composed),
		...patternFindings(composed),
		...surfaceFindings(composed),
		...scopeFindings(input.scopes, placeOf),
	];
	return findings.sort(byPlace);
}

/**
 * Where each rule is written: a scope's rule in its scope's file, a managed rule (origin `managed`) in the managed
 * file; `null` when its file or source is unknown.
 */
export function rulePlacer(
	scopes: readonly LintScope[],
	managed: { readonly file: string; readonly config: PermissionConfig; readonly source: ConfigSource | null } | null,
): (rule: Rule) => LintPlace | null {
	const byName = new Map<
		string,
		{ readonly file: string | null; readonly config: PermissionConfig; readonly source: ConfigSource | null }
	>(scopes.map((scope) => [scope.scope, scope]));
	if (managed !== null) byName.set("managed", managed);
	return (rule) => {
		const found = byName.get(rule.origin);
		if (found?.file == null || found.source === null) return null;
		const keyPath =
			typeof found.config.permission?.[rule.surface] === "string"
				? ["permission", rule.surface]
				: ["permission", rule.surface, rule.pattern];
		const position = found.source.positionOf(keyPath);
		const scope = rule.origin as ScopeName | "managed";
		return position === null ? null : { scope, file: found.file, line: position.line, column: position.column };
	};
}

type ConfigRule = Rule & { readonly origin: ScopeName };

/** What the checks over the composed rules read: the rules a scope wrote, where each is written, the shell surfaces. */
interface ComposedRules {
	readonly rules: readonly ConfigRule[];
	readonly placeOf: (rule: ConfigRule) => LintPlace | null;
	readonly shell: ReadonlySet<string>;
}

function isConfigRule(rule: Rule): rule is ConfigRule {
	return (
		rule.origin === "global" || rule.origin === "project" || rule.origin === "agent" || rule.origin === "project-agent"
	);
}

/** The key path a composed rule is written at: the pattern, or the surface when the file maps it to one action. */
function ruleKeyPath(scope: LintScope | undefined, rule: Rule): KeyPath {
	const value = scope?.config.permission?.[rule.surface];
	return typeof value === "string" ? ["permission", rule.surface] : ["permission", rule.surface, rule.pattern];
}

export function finding(
	kind: LintKind,
	place: LintPlace | null,
	details: {
		readonly surface?: string | null;
		readonly pattern?: string | null;
		readonly message?: string;
		readonly example?: ExampleCall | null;
		readonly related?: LintFinding["related"];
	},
): LintFinding {
	const row = LINT_KINDS[kind];
	return {
		kind,
		severity: row.severity,
		place,
		surface: details.surface ?? null,
		pattern: details.pattern ?? null,
		message: details.message ?? row.title,
		example: details.example ?? null,
		fix: row.fix,
		related: details.related ?? null,
	};
}

export function related(place: LintPlace | null, rule: Rule): LintFinding["related"] {
	return place === null ? null : { ...place, pattern: rule.pattern, action: rule.action };
}

// ── the loader's issues ──

function issueFindings(issues: readonly ConfigLoadIssue[]): LintFinding[] {
	return issues.map((issue) => {
		const place =
			issue.file !== null && issue.line !== null
				? { scope: issue.scope, file: issue.file, line: issue.line, column: issue.column ?? 1 }
				: null;
		const [top, key] = issue.keyPath;
		const surfaceKey = top === "permission" && issue.keyPath.length === 2 && typeof key === "string";
		const judged = surfaceKey ? judgeSurfaceKey(key, new Set()).kind : "known";
		const kind: LintKind =
			judged === "near-miss" && issue.severity === "error"
				? "surface-typo"
				: judged !== "known" && issue.severity === "warning"
					? "unknown-surface"
					: "config-issue";
		const base = finding(kind, place, { surface: surfaceKey ? key : null, message: issue.message });
		// The loader grades its own issues; a warning it reports stays a warning here.
		return { ...base, severity: issue.severity, fix: issue.hint };
	});
}

// ── evaluation order ──

function orderFindings({ rules, placeOf, shell }: ComposedRules): LintFinding[] {
	const findings: LintFinding[] = [];
	const bySurface = new Map<string, ConfigRule[]>();
	for (const rule of rules) bySurface.set(rule.surface, [...(bySurface.get(rule.surface) ?? []), rule]);
	for (const [surface, list] of bySurface) {
		list.forEach((earlier, i) => {
			const later = list.slice(i + 1);
			// MCP targets: a specific rule beats the catch-all whatever the order, so a later `*` shadows nothing.
			const cover = later.find(
				(rule) => patternContains(rule.pattern, earlier.pattern) && !(surface === "mcp" && isCatchAll(rule.pattern)),
			);
			const coverPlace = cover === undefined ? null : placeOf(cover);
			if (cover !== undefined) {
				const example = exampleCall(surface, sample(earlier.pattern, "x"), shell);
				const lifted = earlier.action === "deny" && cover.action !== "deny" && cover.origin !== earlier.origin;
				const overridden = earlier.action === "deny" && cover.action === "allow";
				const kind: LintKind = lifted ? "scope-lifts-deny" : overridden ? "allow-overrides-deny" : "unreachable-rule";
				const where = coverPlace === null ? "" : ` (${coverPlace.scope} line ${coverPlace.line})`;
				const message =
					kind === "unreachable-rule"
						? `${JSON.stringify(earlier.pattern)} is never reached: the later ${JSON.stringify(cover.pattern)}: ${cover.action}${where} matches every value it does`
						: `the deny ${JSON.stringify(earlier.pattern)} is overridden by the later ${JSON.stringify(cover.pattern)}: ${cover.action}${where} for every value it matches`;
				findings.push(
					finding(kind, placeOf(earlier), {
						surface,
						pattern: earlier.pattern,
						message,
						example,
						related: related(coverPlace, cover),
					}),
				);
				return;
			}
			if (earlier.action !== "deny") return;
			for (const allow of later) {
				if (allow.action !== "allow") continue;
				const value = overlapValue(earlier.pattern, allow.pattern);
				if (value === null) continue;
				const denyPlace = placeOf(earlier);
				const kind: LintKind = allow.origin !== earlier.origin ? "scope-lifts-deny" : "allow-overrides-deny";
				const where = denyPlace === null ? "" : ` (${denyPlace.scope} line ${denyPlace.line})`;
				findings.push(
					finding(kind, placeOf(allow), {
						surface,
						pattern: allow.pattern,
						message: `the allow ${JSON.stringify(allow.pattern)} comes after the deny ${JSON.stringify(earlier.pattern)}${where} and allows some of its calls, e.g. ${JSON.stringify(value)}`,
						example: exampleCall(surface, value, shell),
						related: related(denyPlace, earlier),
					}),
				);
			}
		});
	}
	return findings;
}

/** Denies of a lower scope that a higher scope replaced with a weaker action (same pattern, or the whole surface). */
function liftedFindings(
	scopes: readonly LintScope[],
	placeOf: (scope: ScopeName, keyPath: KeyPath) => LintPlace | null,
	{ rules, placeOf: rulePlace, shell }: ComposedRules,
): LintFinding[] {
	const findings: LintFinding[] = [];
	for (const scope of scopes) {
		for (const [surface, value] of Object.entries(scope.config.permission ?? {})) {
			const denies =
				typeof value === "string"
					? value === "deny"
						? ["*"]
						: []
					: Object.entries(value)
							.filter(([, action]) => action === "deny" || (typeof action === "object" && action.action === "deny"))
							.map(([pattern]) => pattern);
			for (const pattern of denies) {
				const kept = rules.some(
					(rule) => rule.surface === surface && rule.pattern === pattern && rule.origin === scope.scope,
				);
				if (kept) continue;
				const replacing =
					rules.find((rule) => rule.surface === surface && rule.pattern === pattern) ??
					rules.find((rule) => rule.surface === surface && isCatchAll(rule.pattern) && rule.origin !== scope.scope);
				if (replacing === undefined || replacing.action === "deny") continue;
				const keyPath = typeof value === "string" ? ["permission", surface] : ["permission", surface, pattern];
				const by = rulePlace(replacing);
				findings.push(
					finding("scope-lifts-deny", placeOf(scope.scope, keyPath), {
						surface,
						pattern,
						message: `the ${scope.scope} deny ${JSON.stringify(pattern)} is replaced by the ${replacing.origin} scope's ${JSON.stringify(replacing.pattern)}: ${replacing.action}`,
						example: exampleCall(surface, sample(pattern, "x"), shell),
						related: related(by, replacing),
					}),
				);
			}
		}
	}
	return findings;
}

// ── one pattern at a time ──

const COMPOUND = /&&|\|\||;|\|/;
const SQUEEZE = /\s+/g;

function isGlobInOption(pattern: string): boolean {
	const read = ruleSpelling(pattern);
	return read.kind === "as-written" && read.reason === "glob-in-option";
}

function patternFindings({ rules, placeOf, shell }: ComposedRules): LintFinding[] {
	const findings: LintFinding[] = [];
	const squeezed = new Map<string, ConfigRule>();
	for (const rule of rules) {
		const { surface, pattern } = rule;
		const place = placeOf(rule);
		const details = { surface, pattern, example: exampleCall(surface, sample(pattern, "x"), shell) };
		if (pattern !== pattern.trim()) findings.push(finding("edge-whitespace", place, details));
		const key = `${surface}\u0000${pattern.replace(SQUEEZE, "")}`;
		const twin = squeezed.get(key);
		if (twin !== undefined && twin.pattern !== pattern) {
			findings.push(
				finding("near-duplicate-pattern", place, {
					...details,
					message: `${JSON.stringify(pattern)} and ${JSON.stringify(twin.pattern)} differ only in spaces`,
					related: related(placeOf(twin), twin),
				}),
			);
		} else squeezed.set(key, rule);
		if (!PATH_SURFACES.has(surface) && pattern.includes("~"))
			findings.push(finding("tilde-outside-path", place, details));
		if (PATH_SURFACES.has(surface) && isBareName(pattern)) findings.push(finding("bare-name-path", place, details));
		if (shell.has(surface) && COMPOUND.test(pattern)) findings.push(finding("compound-bash-pattern", place, details));
		// ADR 0053: `rm -rf*` has no canonical form, so `rm -Rf x` or `rm -r -f x` passes the deny.
		if (shell.has(surface) && rule.action === "deny" && isGlobInOption(pattern))
			findings.push(finding("deny-without-canonical-form", place, details));
	}
	return findings;
}

/**
 * A path pattern that can only match a bare name (the cwd-relative spelling of a file at the top of the working
 * directory): no separator, not starting with a wildcard, `~` or `$`.
 */
function isBareName(pattern: string): boolean {
	if (isCatchAll(pattern) || pattern.includes("/") || pattern.includes("\\")) return false;
	return !/^[*?~$]/.test(pattern) && !/^[A-Za-z]:/.test(pattern);
}

// ── whole surfaces ──

/** The surfaces where a catch-all allow lets everything through: the finding, and the call that shows it. */
const WIDE_CATCH_ALLS: ReadonlyMap<string, { readonly kind: LintKind; readonly tool: string; readonly value: string }> =
	new Map([
		["external_directory", { kind: "external-directory-allow-all", tool: "read", value: "/etc/passwd" }],
		["*", { kind: "universal-allow", tool: "webfetch", value: "https://example.com" }],
	]);

function surfaceFindings({ rules, placeOf, shell }: ComposedRules): LintFinding[] {
	const findings: LintFinding[] = [];
	for (const surface of shell) {
		const own = rules.filter((rule) => rule.surface === surface);
		const catchAll = own.findLast((rule) => isCatchAll(rule.pattern));
		if (catchAll?.action !== "allow") continue;
		const denies = own.slice(own.indexOf(catchAll) + 1).filter((rule) => rule.action === "deny");
		if (denies.length === 0) continue;
		findings.push(
			finding("bash-deny-list", placeOf(catchAll), {
				surface,
				pattern: catchAll.pattern,
				message: `${surface} allows "*" and denies ${denies.length} pattern(s); any command they miss (e.g. \`python -c …\`) runs unasked`,
				example: exampleCall(surface, "python3 -c 'import shutil; shutil.rmtree(\"build\")'", shell),
			}),
		);
	}
	for (const rule of rules) {
		const wide = WIDE_CATCH_ALLS.get(rule.surface);
		if (wide === undefined || !isCatchAll(rule.pattern) || rule.action !== "allow") continue;
		findings.push(
			finding(wide.kind, placeOf(rule), {
				surface: rule.surface,
				pattern: rule.pattern,
				example: exampleCall(wide.tool, wide.value, shell),
			}),
		);
	}
	return findings;
}

function scopeFindings(
	scopes: readonly LintScope[],
	placeOf: (scope: ScopeName, keyPath: KeyPath) => LintPlace | null,
): LintFinding[] {
	const findings: LintFinding[] = [];
	for (const scope of scopes) {
		for (const [surface, value] of Object.entries(scope.config.permission ?? {})) {
			const place = placeOf(scope.scope, ["permission", surface]);
			if (typeof value === "object" && Object.keys(value).length === 0) {
				findings.push(finding("empty-surface", place, { surface }));
			}
			if (surface !== "path") continue;
			const actions =
				typeof value === "string" ? [value] : Object.values(value).map((v) => (typeof v === "string" ? v : v.action));
			if (actions.length > 0 && !actions.includes("deny")) {
				findings.push(
					finding("path-denies-nothing", place, { surface, example: exampleCall("read", "src/index.ts", new Set()) }),
				);
			}
		}
	}
	return findings;
}

export function byPlace(a: LintFinding, b: LintFinding): number {
	const fileA = a.place?.file ?? "";
	const fileB = b.place?.file ?? "";
	if (fileA !== fileB) return fileA < fileB ? -1 : 1;
	return (a.place?.line ?? 0) - (b.place?.line ?? 0) || (a.place?.column ?? 0) - (b.place?.column ?? 0);
}
