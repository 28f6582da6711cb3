/**
 * Owns: `ToolCall`, one tool call as the engine receives it from the adapter or the CLI.
 * Never: carries Pi types; the adapter translates Pi's event into this shape.
 */

export interface ToolCall {
	/** The tool name the model called. */
	readonly toolName: string;
	/** The tool input, exactly as the model sent it (untrusted: any shape). */
	readonly input: unknown;
	/** The active agent whose per-agent policy applies; `null` for the main session. */
	readonly agentName: string | null;
	/** Pi's id for the call (joins decisions back to the transcript); `null` when there is none (CLI). */
	readonly toolCallId: string | null;
}
