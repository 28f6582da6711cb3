/**
 * Owns: when a key last reached Pi's terminal, wherever it went (the editor, a dialog), watched through
 * `ctx.ui.onTerminalInput` from the session's start; a new permission dialog starts in its typing window when the
 * person was typing as it appeared (ADR 0049).
 * Never: consumes or changes input (the listener only notes the time), or holds anything but one timestamp; Pi drops
 * the listener itself at `/reload` and at a session switch.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";

export class InputActivity {
	private lastAt: number | null = null;

	/**
	 * Starts watching `ui`'s terminal input; a UI without `onTerminalInput` (RPC, tests) is watched by nobody and
	 * reports `null`. `now` must not throw. Never throws.
	 */
	static watch(ui: ExtensionUIContext, now: () => number): InputActivity {
		const activity = new InputActivity();
		try {
			if (typeof ui.onTerminalInput === "function") {
				ui.onTerminalInput(() => {
					activity.lastAt = now();
					return undefined;
				});
			}
		} catch {
			// Nothing is watched: every dialog is still armed only after it is drawn.
		}
		return activity;
	}

	/** When the last key reached the terminal, `null` when none has since the watch began. */
	get lastKeyAt(): number | null {
		return this.lastAt;
	}
}
