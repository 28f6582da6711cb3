/**
 * Owns: running a policy's examples (the `tests` key of every loaded scope) through `CliEngine`, the same decisions as
 * `check`, and the text and JSON of their results for `test` and `config validate`.
 * Never: prompts or writes files; an ask is the `ask` the example may expect.
 */
import {
	type ExampleVerdict,
	exampleFailureLine,
	exampleInput,
	examplesOf,
	judgeExample,
} from "@pi-permissions/engine";
import type { CliEngine, LoadedPolicy } from "./cli-engine";

/** Runs every example of `loaded` (the default agent's scopes), each as its own `agent` or the default agent. */
export async function runExamples(engine: CliEngine, loaded: LoadedPolicy): Promise<ExampleVerdict[]> {
	const verdicts: ExampleVerdict[] = [];
	for (const scoped of examplesOf(loaded.load.scopes)) {
		const { example } = scoped;
		const agent = example.agent ?? engine.setup.defaultAgent;
		const policy = (await engine.policyOf(agent)).policy;
		const decided = await engine.decide(example.tool, exampleInput(example, policy.shellTools), agent);
		verdicts.push(judgeExample(scoped, decided.report));
	}
	return verdicts;
}

export function failuresOf(verdicts: readonly ExampleVerdict[]): ExampleVerdict[] {
	return verdicts.filter((verdict) => verdict.kind === "fail");
}

/** The lines of a run: one per failure, then the count. */
export function exampleRunText(verdicts: readonly ExampleVerdict[]): string {
	const failures = failuresOf(verdicts);
	let text = "";
	for (const failure of failures) text += `${exampleFailureLine(failure)}\n`;
	text +=
		verdicts.length === 0
			? "no examples: add a `tests` list to the config\n"
			: `${verdicts.length - failures.length} of ${verdicts.length} example(s) pass\n`;
	return text;
}

/** The `--json` record of one example's result. */
export function exampleRecord(verdict: ExampleVerdict): Record<string, unknown> {
	const { scoped, decision } = verdict;
	return {
		result: verdict.kind,
		scope: scoped.scope,
		file: scoped.file,
		index: scoped.index,
		example: scoped.example,
		action: decision.action,
		surface: decision.surface,
		value: decision.value,
		matchedPattern: decision.matchedPattern,
		origin: decision.origin,
		reason: decision.reason,
	};
}
