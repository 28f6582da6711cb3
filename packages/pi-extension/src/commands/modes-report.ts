/**
 * Owns: the text of `/permissions mode` (ADR 0054): the mode in force, every mode the config allows in the order the
 * mode key cycles them with what each does, why a mode is not offered, and the reply to a switch (the mode in force,
 * or the refusal and its reason); and the mode the key moves to next.
 * Never: switches anything; the command and the key call the session's `useSessionMode`.
 */
import { type ComposedPolicy, MODE_TABLE, PERMISSION_MODES, type PermissionMode } from "@pi-permissions/policy";

/** The list `/permissions mode` shows. */
export function modesReport(policy: ComposedPolicy, key: string | null): string[] {
	const { mode, modes } = policy;
	const lines = [`pi-permissions: mode ${mode}: ${MODE_TABLE[mode].summary}`, "allowed modes:"];
	for (const allowed of modes.allowed) {
		const marker = allowed === mode ? "*" : " ";
		lines.push(`${marker} ${allowed}: ${MODE_TABLE[allowed].summary}`);
	}
	const off = PERMISSION_MODES.filter((candidate) => !modes.allowed.includes(candidate));
	if (off.length > 0) lines.push(`not allowed here: ${off.join(", ")}`);
	if (modes.yoloDisabledBy !== null) lines.push(`yolo is disabled by the ${modes.yoloDisabledBy} scope`);
	lines.push(
		key === null
			? "switch with /permissions mode <name>"
			: `switch with /permissions mode <name>, or ${key} to cycle the allowed modes`,
	);
	return lines;
}

/** The reply to a switch: the mode in force, or why the switch was refused (the session kept its mode). */
export function modeSwitchReply(policy: ComposedPolicy, refusal: string | null): string {
	const { mode } = policy;
	// A refused mode is said out loud, with the mode the session stays in.
	if (refusal !== null) return `pi-permissions: ${refusal}; the session stays in ${mode}`;
	return `pi-permissions: mode ${mode} for this session: ${MODE_TABLE[mode].summary}`;
}

/** The allowed mode after `current` in cycling order (the first one when `current` is not allowed). */
export function nextMode(policy: ComposedPolicy): PermissionMode {
	const { allowed } = policy.modes;
	const at = allowed.indexOf(policy.mode);
	return allowed[(at + 1) % allowed.length] ?? "default";
}
