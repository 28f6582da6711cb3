/**
 * Owns: pressing keys into pi-permissions' dialog the way a person who means it does (ADR 0049): each key after a
 * pause longer than the dialog's typing window, then the quiet an approval waits out before it is carried out.
 * Never: asserts anything; the timings are ADR 0049's, copied here because this suite imports no package internals.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { TmuxTerminal } from "./tmux-terminal";

/** ADR 0049: after a key that looks like typing, the dialog ignores keys until 1500 ms of quiet (plus a margin). */
export const DELIBERATE_PAUSE_MS = 1_900;
/** ADR 0049: an approval is carried out 400 ms after its key when no other key follows (plus a margin). */
const SETTLE_MS = 900;

/** Presses each tmux key name after a deliberate pause, then lets an approval's quiet period pass. */
export async function pressDeliberately(terminal: TmuxTerminal, ...keys: readonly string[]): Promise<void> {
	for (const key of keys) {
		await sleep(DELIBERATE_PAUSE_MS);
		await terminal.press(key);
	}
	await sleep(SETTLE_MS);
}
