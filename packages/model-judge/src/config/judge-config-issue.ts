/**
 * Owns: `JudgeConfigIssue`, one problem in a judge config file, and turning zod's findings into issues that name the
 * file, the key path and the fix.
 * Never: decides what is valid (the schema does); message text is one line, user input in backticks, no type names.
 */
import type * as z from "zod";

export interface JudgeConfigIssue {
	/** The file the problem is in; `null` for the merged result (a key no single file has to hold). */
	readonly file: string | null;
	/** Keys and list indexes from the top of the file to the offending value; `[]` is the whole file. */
	readonly keyPath: readonly (string | number)[];
	readonly message: string;
	readonly hint: string;
}

const MAX_QUOTED = 60;

/** User text in backticks, one line, bounded. */
function quote(text: string): string {
	const cut = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
	return `\`${JSON.stringify(cut).slice(1, -1)}\``;
}

const HINTS: Readonly<Record<string, string>> = {
	provider: "set `provider` to a provider Pi knows, e.g. `anthropic`",
	model: "set `model` to a model id of that provider, e.g. `claude-haiku-4-5`",
	instructions: "write `instructions` as text of at most 20000 characters",
	timeoutMs: "set `timeoutMs` to a whole number of milliseconds between 100 and 15000",
	typoPaths: "write `typoPaths` as an object with `enabled` and `typoPatterns`",
	opaqueCommands: "write `opaqueCommands` as an object with `enabled`, `minConfidence` and `maxCommands`",
	enabled: "set `enabled` to `true` or `false`",
	typoPatterns: "write `typoPatterns` as a list of regular expressions, e.g. `packages/([^/]+)/packages/\\\\1`",
	minConfidence: "set `minConfidence` to a number between 0.5 and 1",
	maxCommands: "set `maxCommands` to a whole number between 1 and 32",
	$schema: "set `$schema` to the schema's address, or remove it",
};

function hintFor(keyPath: readonly (string | number)[]): string {
	const named = [...keyPath].reverse().find((key): key is string => typeof key === "string");
	return (named !== undefined ? HINTS[named] : undefined) ?? "see the model-judge README for the file's keys";
}

function expectedName(expected: string): string {
	switch (expected) {
		case "string":
			return "text";
		case "number":
		case "int":
			return "a number";
		case "boolean":
			return "`true` or `false`";
		case "array":
			return "a list";
		case "object":
			return "an object";
		default:
			return quote(expected);
	}
}

function describeKeyPath(keyPath: readonly (string | number)[]): string {
	return keyPath.length === 0 ? "the file" : quote(keyPath.join("."));
}

/** One issue per zod finding, in a stable wording. */
export function issuesFromZod(file: string | null, error: z.core.$ZodError): JudgeConfigIssue[] {
	return error.issues.map((finding) => {
		const keyPath = finding.path.filter((key): key is string | number => typeof key !== "symbol");
		const where = describeKeyPath(keyPath);
		switch (finding.code) {
			case "unrecognized_keys":
				return {
					file,
					keyPath,
					message: `${where} has unknown key ${finding.keys.map(quote).join(", ")}`,
					hint: "remove it; see the model-judge README for the file's keys",
				};
			case "invalid_type":
				return {
					file,
					keyPath,
					message:
						finding.input === undefined ? `${where} is required` : `${where} must be ${expectedName(finding.expected)}`,
					hint: hintFor(keyPath),
				};
			default:
				return { file, keyPath, message: `${where} ${finding.message}`, hint: hintFor(keyPath) };
		}
	});
}
