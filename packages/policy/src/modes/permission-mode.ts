/**
 * Owns: `PermissionMode`, the modes a person switches between in a session, and the table of what each one does
 * (its order is the order the mode key cycles them in, its words are the status line's and `/permissions`').
 * Never: decides a call; the engine applies a mode to the gates' outcomes and composition turns yolo on.
 */

/** The modes in the order the mode key cycles them (wire names: never respell them). */
export const PERMISSION_MODES = ["default", "accept-edits", "plan", "auto", "dont-ask", "yolo"] as const;

/** The modes, each an overlay on the same policy; none lifts a deny or a protected region. */
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** One mode's row: what the status line and `/permissions` say about it. */
interface ModeRow {
	/** The status line's short label. */
	readonly label: string;
	/** One sentence for `/permissions mode` and the docs. */
	readonly summary: string;
}

/** What each mode does, in words. A new mode in `PERMISSION_MODES` fails the build here until it has a row. */
export const MODE_TABLE: Readonly<Record<PermissionMode, ModeRow>> = {
	default: { label: "default", summary: "the policy as written: asks go to the person" },
	"accept-edits": {
		label: "accept edits",
		summary:
			"writes and edits inside the project, and the bash writes the gate can see (mkdir, touch, cp, mv, redirects), are allowed; protected files and outside directories as the policy says",
	},
	plan: {
		label: "plan (read-only)",
		summary:
			"read-only: writes, edits, bash that writes and bash that runs code the gate cannot see into are denied; reads as the policy says",
	},
	auto: {
		label: "auto (authorizer first)",
		summary: "asks go to the authorizer links of `authorizerChain` (the model judge) first, then to the person",
	},
	"dont-ask": { label: "don't ask (asks denied)", summary: "every ask is denied with its reason, for unattended runs" },
	yolo: {
		label: "YOLO (asks auto-approved)",
		summary: "every ask is allowed; denies and protected files still hold, and unchecked commands are refused",
	},
};

export function isPermissionMode(value: unknown): value is PermissionMode {
	return typeof value === "string" && Object.hasOwn(MODE_TABLE, value);
}

/** The rule origin a mode writes on the outcomes it changes (`mode:plan`); yolo keeps its own origin, `yolo`. */
export type ModeOrigin = "mode:plan" | "mode:accept-edits" | "mode:dont-ask";
