/**
 * Owns: the `test` command: runs the examples of every loaded scope and prints each failure with the rule that
 * decided it; exit 0 when all pass (or there are none), 1 when any fails or when a config does not load (reported as
 * `config validate` reports it: Pi runs such a config fail-closed, so its examples prove nothing).
 * Never: prompts or changes the config.
 */
import { formatKeyPath } from "@pi-permissions/engine";
import { CliEngine } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { configErrorCount, configErrorSummary, configIssueLines } from "./config-error-report";
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
	const errors = configErrorCount(loaded.load);
	if (options.json === true) {
		const document = {
			passed: verdicts.length - failed,
			failed,
			// SECURITY: a CI step must not go green on a config Pi runs fail-closed.
			valid: errors === 0,
			issues: loaded.load.issues.map((issue) => ({ ...issue, keyPath: formatKeyPath(issue.keyPath) })),
			examples: verdicts.map(exampleRecord),
		};
		host.stdout.write(`${JSON.stringify(document)}\n`);
	} else {
		host.stdout.write(exampleRunText(verdicts));
		if (errors > 0) host.stdout.write(`${configIssueLines(loaded.load)}${configErrorSummary(loaded.load)}\n`);
	}
	return failed > 0 || errors > 0 ? EXIT_CODES.usage : EXIT_CODES.allow;
}
