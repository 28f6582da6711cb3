/**
 * Owns: the bash recursive-read gate (issue 34, ADR 0050): a program that reads a whole tree by itself (`grep -r`,
 * `rg`, `tar c`, `cp -r`, `find -exec`) over a tree holding a file a `path` rule denies is asked (a floor; yolo denies
 * it, ADR 0023), as is one whose tree is too large to check or cannot be named; found by a bounded walk of the real
 * tree through the call's probe. Under the OS sandbox too: the sandbox answers the ask when it hides every denied
 * file under the tree (ADR 0059), and the decision then records what it answered.
 * Never: parses (it reads the parse's recursive-read slice) or judges a file by anything but the `path` rules.
 */
import { displayPath, type RecursiveRead, readsFileNamed, walkTree } from "@pi-permissions/access-intent";
import { type CompiledPolicy, PATH_SURFACE, type Ruleset } from "@pi-permissions/policy";
import { BASH_SENTINELS, buildPathAskPayload } from "@pi-permissions/presentation";
import { flooredFacts } from "./access-facts";
import { type GateContext, isExplicitOn } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

/** The most entries one command's walks look at before the command is asked about unchecked. */
export const MAX_RECURSIVE_READ_ENTRIES = 20_000;

/** What a walk found that keeps the command from passing silently. */
type Finding =
	| { readonly kind: "denied"; readonly read: RecursiveRead; readonly file: string; readonly rule: string }
	| { readonly kind: "over-budget"; readonly read: RecursiveRead; readonly root: string }
	| { readonly kind: "unnamed"; readonly read: RecursiveRead };

export function bashRecursiveReadGate(context: GateContext): GateOutcome | null {
	const bash = context.bash;
	if (bash === null || bash.program.recursiveReads.length === 0) return null;
	if (!pathRulesDeny(context.policy)) return null;
	const finding = find(context, bash.program.recursiveReads);
	return finding === null ? null : floorOf(context, bash.command, finding);
}

function find(context: GateContext, reads: readonly RecursiveRead[]): Finding | null {
	const { normalizer, policy } = context;
	const walked = new Set<string>();
	let budget = MAX_RECURSIVE_READ_ENTRIES;
	for (const read of reads) {
		if (read.root === null) return { kind: "unnamed", read };
		if (read.root.kind !== "resolved") return { kind: "unnamed", read };
		const root = read.root.canonical;
		const key = `${read.hidden ? "h" : "-"}${JSON.stringify(read.names)}${root}`;
		if (walked.has(key)) continue;
		walked.add(key);
		let rule = "";
		const separator = context.flavor.separator;
		const result = walkTree(normalizer, root, { maxEntries: budget, hidden: read.hidden }, (path, name) => {
			// `find . -name '*.ts' -exec cat {} +` reads only what its name tests pass.
			if (!readsFileNamed(read.names, name)) return false;
			const denied = deniedBy(policy, path, [normalizer.cwd, normalizer.canonicalCwd], separator);
			if (denied !== null) rule = denied;
			return denied !== null;
		});
		switch (result.kind) {
			case "matched":
				return { kind: "denied", read, file: result.path, rule };
			case "over-budget":
				return { kind: "over-budget", read, root };
			case "complete":
				budget -= result.entries;
				break;
			default: {
				const unhandled: never = result;
				throw new Error(`unhandled tree walk ${String(unhandled)}`);
			}
		}
	}
	return null;
}

/** The pattern of the `path` rule that denies `path`, or `null`: matched by its absolute and cwd-relative spellings. */
function deniedBy(policy: CompiledPolicy, path: string, cwds: readonly string[], separator: string): string | null {
	const values = [path];
	for (const dir of new Set(cwds)) {
		if (path.startsWith(`${dir}${separator}`)) values.push(path.slice(dir.length + 1));
	}
	const match = policy.evaluateAliases(PATH_SURFACE, values);
	return match.state === "deny" && isExplicitOn(match, PATH_SURFACE) ? (match.matchedPattern ?? "") : null;
}

/** Per composed ruleset: whether any rule written for `path` denies (session rules only ever allow). */
const denyingRulesets = new WeakMap<Ruleset, boolean>();

function pathRulesDeny(policy: CompiledPolicy): boolean {
	const rules = policy.composedRules;
	let denies = denyingRulesets.get(rules);
	if (denies === undefined) {
		denies = rules.some((rule) => rule.surface === PATH_SURFACE && rule.action === "deny");
		denyingRulesets.set(rules, denies);
	}
	return denies;
}

function reasonOf(finding: Finding): string {
	const via = `\`${finding.read.via}\``;
	switch (finding.kind) {
		case "denied":
			return `${via} reads every file under \`${finding.read.spelling}\`, which holds \`${finding.file}\`, denied by the \`path\` rule \`${finding.rule}\`; the OS sandbox (\`sandbox.mode\`) would hide it`;
		case "over-budget":
			return `${via} reads every file under \`${finding.read.spelling}\`, more than ${MAX_RECURSIVE_READ_ENTRIES.toLocaleString("en-US")} entries to check against the \`path\` rules that deny`;
		case "unnamed":
			return `${via} reads every file under \`${finding.read.spelling}\`, a directory only known when it runs, while \`path\` rules deny`;
		default: {
			const unhandled: never = finding;
			throw new Error(`unhandled recursive-read finding ${String(unhandled)}`);
		}
	}
}

/** An ask no rule settled: "allow once" only (the tree may hold other files next time), yolo denies it. */
function floorOf(context: GateContext, command: string, finding: Finding): GateOutcome {
	const value =
		finding.kind === "denied"
			? finding.file
			: finding.read.root === null
				? finding.read.spelling
				: displayPath(finding.read.root);
	const matchedPattern = BASH_SENTINELS.recursiveRead;
	const reason = reasonOf(finding);
	return {
		gate: "bash-recursive-read",
		surface: PATH_SURFACE,
		value,
		state: "ask",
		matchedPattern,
		origin: null,
		basis: "floor",
		reason,
		payload: buildPathAskPayload({
			requester: context.requester,
			matchedPattern,
			ruleOrigin: null,
			sessionSuggestion: null,
			toolName: "bash",
			invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
			path: value,
			canonical: null,
			command,
		}),
		suggestion: null,
		// SECURITY: a serving session must not settle by rule what only a walk of the tree found.
		access: flooredFacts(PATH_SURFACE, value),
	};
}
