/**
 * Owns: a test-only Pi extension registering pi-ai's faux provider whose model runs one `bash` call (the command in
 * `PACKAGING_BASH_COMMAND`) and then replies with `PACKAGING_RESULT ` + the JSON of the tool result it received.
 * Never: ships; the packaging suite loads it with `pi -e` beside the installed adapter.
 */
import { fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall, type Message } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export const COMMAND_ENV = "PACKAGING_BASH_COMMAND";
export const RESULT_PREFIX = "PACKAGING_RESULT ";
export const FAUX_PROVIDER = "faux";
export const FAUX_MODEL = "faux-1";

/** What the model saw of its `bash` call. */
export interface SeenToolResult {
	readonly isError: boolean;
	readonly text: string;
}

export default function fauxBash(pi: ExtensionAPI): void {
	const faux = fauxProvider({ provider: FAUX_PROVIDER, models: [{ id: FAUX_MODEL }] });
	faux.setResponses([
		fauxAssistantMessage(
			[
				fauxText("cleaning up"),
				fauxToolCall("bash", { command: process.env[COMMAND_ENV] ?? "true" }, { id: "call_1" }),
			],
			{ stopReason: "toolUse" },
		),
		(context) => fauxAssistantMessage(`${RESULT_PREFIX}${JSON.stringify(lastToolResult(context.messages))}`),
	]);
	pi.registerProvider(faux.provider);
}

function lastToolResult(messages: readonly Message[]): SeenToolResult | null {
	const last = messages.at(-1);
	if (last === undefined || last.role !== "toolResult") return null;
	return {
		isError: last.isError,
		text: last.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
	};
}
