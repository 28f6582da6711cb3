/**
 * Owns: the `test` command: runs the examples of every loaded scope and prints each failure with the rule that
 * decided it; exit 0 when all pass (or there are none), 1 when any fails.
 * Never: prompts or changes the config.
 */
import { CliEngine } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { type PolicyOptions, resolvePolicySetup } from "./config-options";
import { exampleRecord, exampleRunText, failuresOf, runExamples } from "./example-run";
import { EXIT_CODES, type ExitCode } from "./exit-code";

export interface TestOptions extends PolicyOptions {
	readonly json?: boolean;
}

export async function runTest(host: CliHost, options: TestOptions): Promise<ExitCode> {
	const engine = await CliEngine.create(host, resolvePolicySetup(host, options));
	const loaded = await engine.policyOf(engine.setup.defaultAgent);
	const verdicts = await runExamples(engine, loaded);
	const failed = failuresOf(verdicts).length;
	if (options.json === true) {
		const document = { passed: verdicts.length - failed, failed, examples: verdicts.map(exampleRecord) };
		host.stdout.write(`${JSON.stringify(document)}\n`);
	} else host.stdout.write(exampleRunText(verdicts));
	return failed > 0 ? EXIT_CODES.usage : EXIT_CODES.allow;
}
