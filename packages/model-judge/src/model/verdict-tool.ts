/**
 * Owns: the single forced tool a judge call offers (its JSON Schema generated from the zod schema that later reads
 * the arguments), and the per-API spelling of "the model must call a tool" (`toolChoice`).
 * Never: calls the model or interprets a verdict; the capability that owns the tool reads its arguments.
 */
import type { Api, Tool } from "@earendil-works/pi-ai";
import * as z from "zod";

/** A tool the judge forces, and the schema its arguments must satisfy. */
export interface VerdictTool<T> {
	readonly tool: Tool;
	readonly schema: z.ZodType<T>;
}

/**
 * `advertised` is what the model is shown (strict enums); `read` is what its reply is parsed with, looser on purpose so
 * that a verdict outside the range is told apart from malformed arguments.
 */
export function verdictTool<T>(
	name: string,
	description: string,
	advertised: z.ZodType,
	read: z.ZodType<T>,
): VerdictTool<T> {
	const { $schema: _ignored, ...parameters } = z.toJSONSchema(advertised, { target: "draft-7", io: "input" });
	return { tool: { name, description, parameters }, schema: read };
}

/** How an API spells "a tool call is required". */
type ForcedToolChoice = "any" | "required";

/**
 * Anthropic, Bedrock, Google and Mistral say `any`; the OpenAI family and `pi-messages` say `required` (an
 * OpenAI-compatible endpoint silently ignores `any`, and the model may then answer in prose). Unknown APIs get
 * `required`, the spelling most compatible servers accept.
 */
export function forcedToolChoice(api: Api): ForcedToolChoice {
	switch (api) {
		case "anthropic-messages":
		case "bedrock-converse-stream":
		case "google-generative-ai":
		case "google-vertex":
		case "mistral-conversations":
			return "any";
		default:
			return "required";
	}
}
