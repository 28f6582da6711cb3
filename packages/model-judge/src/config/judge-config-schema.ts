/**
 * Owns: the zod schema of the judge's own config file (`model-judge.json`): each field written once, in a layer form
 * (every key optional, no defaults, for one file) and a resolved form (defaults applied, provider and model required).
 * Never: reads files or merges layers; `judge-config-loader.ts` does both.
 */
import * as z from "zod";

/** The longest operator regex, and the most of them, the judge compiles. */
const MAX_TYPO_PATTERN_LENGTH = 1000;
const MAX_TYPO_PATTERNS = 100;
/** The model call's bound stays under the chain's link budget (20 s), so the link itself always answers. */
const MAX_TIMEOUT_MS = 15_000;
const MIN_TIMEOUT_MS = 100;
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MIN_CONFIDENCE = 0.9;
const DEFAULT_MAX_COMMANDS = 8;
export const MAX_COMMANDS = 32;

/** Compiles one operator pattern, or says why it cannot. Patterns take no flags. */
export function compileTypoPattern(pattern: string): RegExp | string {
	try {
		return new RegExp(pattern);
	} catch (error) {
		return error instanceof Error ? error.message : String(error);
	}
}

const regexText = z
	.string()
	.min(1)
	.max(MAX_TYPO_PATTERN_LENGTH)
	.superRefine((pattern, context) => {
		const compiled = compileTypoPattern(pattern);
		if (typeof compiled === "string") {
			context.addIssue({ code: "custom", message: `is not a valid regular expression (${compiled})` });
		}
	});

const fields = {
	provider: z.string().trim().min(1).describe("The provider of the judge's model, as Pi's model registry names it."),
	model: z.string().trim().min(1).describe("The judge's model id within `provider`."),
	instructions: z
		.string()
		.max(20_000)
		.describe("Extra guidance appended to the judge's built-in system prompt (house conventions, repository layout)."),
	timeoutMs: z
		.number()
		.int()
		.min(MIN_TIMEOUT_MS)
		.max(MAX_TIMEOUT_MS)
		.describe("How long one model call may take before it is aborted and the ask is deferred."),
	typoEnabled: z.boolean().describe("Whether external-directory asks are reviewed for mistaken paths."),
	typoPatterns: z
		.array(regexText)
		.max(MAX_TYPO_PATTERNS)
		.describe("Regular expressions (no flags); only a candidate path matching one of them is shown to the model."),
	opaqueEnabled: z
		.boolean()
		.describe("Whether asks floored by an opaque shell payload are adjudicated (may allow; off unless set)."),
	minConfidence: z.number().min(0.5).max(1).describe("The least confidence the model must report before an allow."),
	maxCommands: z
		.number()
		.int()
		.min(1)
		.max(MAX_COMMANDS)
		.describe("The most shell commands the model may propose for one payload."),
} as const;

const schemaField = z.string().describe("The JSON Schema this file follows (editor support); ignored.");

/** One file as written: every key optional, unknown keys rejected, nothing defaulted. */
export const judgeConfigLayerSchema = z.strictObject({
	$schema: schemaField.optional(),
	provider: fields.provider.optional(),
	model: fields.model.optional(),
	instructions: fields.instructions.optional(),
	timeoutMs: fields.timeoutMs.optional(),
	typoPaths: z
		.strictObject({ enabled: fields.typoEnabled.optional(), typoPatterns: fields.typoPatterns.optional() })
		.describe("Capability 1: deny-first review of external-directory paths.")
		.optional(),
	opaqueCommands: z
		.strictObject({
			enabled: fields.opaqueEnabled.optional(),
			minConfidence: fields.minConfidence.optional(),
			maxCommands: fields.maxCommands.optional(),
		})
		.describe("Capability 2: adjudication of asks floored by an opaque shell payload.")
		.optional(),
});

export type JudgeConfigLayer = z.infer<typeof judgeConfigLayerSchema>;

/** The merged config with defaults: what the judge runs on. */
export const judgeConfigSchema = z.strictObject({
	$schema: schemaField.optional(),
	provider: fields.provider,
	model: fields.model,
	instructions: fields.instructions.default(""),
	timeoutMs: fields.timeoutMs.default(DEFAULT_TIMEOUT_MS),
	typoPaths: z
		.strictObject({
			enabled: fields.typoEnabled.default(true),
			typoPatterns: fields.typoPatterns.default([]),
		})
		.describe("Capability 1: deny-first review of external-directory paths.")
		.default({ enabled: true, typoPatterns: [] }),
	opaqueCommands: z
		.strictObject({
			enabled: fields.opaqueEnabled.default(false),
			minConfidence: fields.minConfidence.default(DEFAULT_MIN_CONFIDENCE),
			maxCommands: fields.maxCommands.default(DEFAULT_MAX_COMMANDS),
		})
		.describe("Capability 2: adjudication of asks floored by an opaque shell payload.")
		.default({ enabled: false, minConfidence: DEFAULT_MIN_CONFIDENCE, maxCommands: DEFAULT_MAX_COMMANDS }),
});

export type JudgeConfig = z.output<typeof judgeConfigSchema>;
