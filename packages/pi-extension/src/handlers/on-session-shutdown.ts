/**
 * Owns: the `session_shutdown` handler: stop what the session started; closing it writes its decision summary (and a
 * counter-mismatch warning) to the review log. Idempotent (Pi may shut down an instance that never started, or twice).
 * Never: rejects.
 */
import type { ExtensionState } from "../extension-state";

export function onSessionShutdown(state: ExtensionState) {
	return (): Promise<void> => state.close();
}
