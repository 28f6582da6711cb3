/**
 * Owns: the examples a policy carries (the `tests` key): which ones the loaded scopes hold, the tool input each one
 * stands for (short forms `command` and `path`, or the full `input`), its one-line description, and the verdict of
 * one example against the decision the engine reached for it.
 * Never: decides a call; callers run each example's call through the same pipeline as real calls and hand the
 * decision back here.
 */
import type { PermissionState, PolicyExample, ScopeName, ScopeOutcome, ShellToolConfig } from "@pi-permissions/policy";

/** One example and where it is written. */
export interface ScopedExample {
	readonly example: PolicyExample;
	readonly scope: ScopeName;
	/** The file the example is written in, when the scope has one. */
	readonly file: string | null;
	/** Its place in that file's `tests` list. */
	readonly index: number;
}

/** What decided an example's call, as the reports of the CLI and the adapter tell it. */
export interface ExampleDecision {
	readonly action: PermissionState;
	readonly surface: string | null;
	readonly value: string | null;
	readonly matchedPattern: string | null;
	readonly origin: string | null;
	readonly reason: string | null;
}

export type ExampleVerdict =
	| { readonly kind: "pass"; readonly scoped: ScopedExample; readonly decision: ExampleDecision }
	| { readonly kind: "fail"; readonly scoped: ScopedExample; readonly decision: ExampleDecision };

/** Every example of the valid scopes, in scope order (global first) and file order. Invalid scopes hold none. */
export function examplesOf(scopes: readonly ScopeOutcome[]): ScopedExample[] {
	const found: ScopedExample[] = [];
	for (const outcome of scopes) {
		if (outcome.status !== "valid") continue;
		(outcome.config.tests ?? []).forEach((example, index) => {
			found.push({ example, scope: outcome.scope, file: outcome.source ?? null, index });
		});
	}
	return found;
}

/**
 * The tool input an example stands for: `command` goes where the tool keeps its command (`command` for `bash`, the
 * configured argument of a shell tool), `path` becomes `{ path }`, and `input` is used as written.
 */
export function exampleInput(
	example: PolicyExample,
	shellTools: ReadonlyMap<string, ShellToolConfig>,
): Readonly<Record<string, unknown>> {
	if (example.input !== undefined) return example.input;
	if (example.command !== undefined) {
		const argument = shellTools.get(example.tool)?.commandArgument ?? "command";
		return { [argument]: example.command };
	}
	return { path: example.path ?? "" };
}

/** One line naming the example: its `name` if it has one, else the tool and the short input, and the expectation. */
export function describeExample(scoped: ScopedExample): string {
	const { example } = scoped;
	const subject =
		example.command !== undefined
			? `${example.tool} ${JSON.stringify(example.command)}`
			: example.path !== undefined
				? `${example.tool} ${JSON.stringify(example.path)}`
				: `${example.tool} ${JSON.stringify(example.input ?? {})}`;
	const agent = example.agent === undefined ? "" : ` as agent ${example.agent}`;
	const name = example.name === undefined ? "" : `${JSON.stringify(example.name)}: `;
	return `${name}${subject}${agent} expects ${example.expect}`;
}

/** Where the example is written: `global tests[3] (/path/config.json)`. */
export function exampleLocation(scoped: ScopedExample): string {
	const file = scoped.file === null ? "" : ` (${scoped.file})`;
	return `${scoped.scope} tests[${scoped.index}]${file}`;
}

/** Whether the decision is the one the example expects. */
export function judgeExample(scoped: ScopedExample, decision: ExampleDecision): ExampleVerdict {
	return decision.action === scoped.example.expect
		? { kind: "pass", scoped, decision }
		: { kind: "fail", scoped, decision };
}

/** The deciding rule in words: `bash "git *": allow (global)`, or what decided when no rule did. */
export function decidingRule(decision: ExampleDecision): string {
	if (decision.matchedPattern === null) {
		const by = decision.origin === null ? "no rule matched" : `the ${decision.origin} default`;
		return decision.reason === null ? by : `${by}: ${decision.reason}`;
	}
	const origin = decision.origin === null ? "" : ` (${decision.origin})`;
	const value = decision.value === null ? "" : ` for ${JSON.stringify(decision.value)}`;
	return `${decision.surface ?? "?"} ${JSON.stringify(decision.matchedPattern)}: ${decision.action}${origin}${value}`;
}

/** The line a failing example is reported with, in the CLI and as Pi's start-up warning. */
export function exampleFailureLine(verdict: ExampleVerdict): string {
	return `example ${exampleLocation(verdict.scoped)} failed: ${describeExample(verdict.scoped)}, got ${verdict.decision.action}; decided by ${decidingRule(verdict.decision)}`;
}
