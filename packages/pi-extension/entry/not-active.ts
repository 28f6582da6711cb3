/**
 * Owns: the extension Pi gets when pi-permissions cannot run: every tool call blocked with one reason that says what
 * is missing and how to fix it, an error at session start, the status line saying so, and `/permissions` repeating it.
 * Never: allows a tool call, or imports anything but Pi's types (it must work when nothing else of the package loads).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** The status-line text (and the first words of every block reason) while pi-permissions is not active. */
export const NOT_ACTIVE = "pi-permissions: not active — all tool calls blocked";
/** The status key the working extension also uses, so its indicator and this one never show side by side. */
const STATUS_KEY = "pi-permissions";

/** Why the extension is not active (`detail`) and what the user does about it (`fix`). */
export interface NotActiveCause {
	readonly detail: string;
	readonly fix: string;
}

/** The one reason shown everywhere: the status words, what is missing, how to fix it. */
export function notActiveReason(cause: NotActiveCause): string {
	return `${NOT_ACTIVE}: ${cause.detail}. Fix: ${cause.fix}.`;
}

export function installNotActive(pi: ExtensionAPI, cause: NotActiveCause): void {
	const reason = notActiveReason(cause);
	pi.on("session_start", (_event, ctx) => {
		if (ctx.hasUI) {
			ctx.ui.notify(reason, "error");
			ctx.ui.setStatus(STATUS_KEY, NOT_ACTIVE);
		} else {
			// Print and JSON modes have no UI: stderr is where the user running them looks.
			process.stderr.write(`${reason}\n`);
		}
	});
	// SECURITY: nothing is decided while the permission system is not running, so nothing runs.
	pi.on("tool_call", () => ({ block: true, reason }));
	pi.registerCommand("permissions", {
		description: "pi-permissions is not active: what is missing and how to fix it",
		handler: async (_args, ctx) => {
			if (ctx.hasUI) ctx.ui.notify(reason, "error");
			else process.stderr.write(`${reason}\n`);
		},
	});
}
