/**
 * Owns: parsing the argument text of `/permissions` into one `PermissionsCommand`.
 * Never: acts on the command; an argument it does not know is a `usage` command, never a guess.
 */
import { isPermissionMode, PERMISSION_MODES, type PermissionMode } from "@pi-permissions/policy";

export type PermissionsCommand =
	| { readonly kind: "show" }
	| { readonly kind: "grants" }
	| { readonly kind: "revoke"; readonly id: string }
	| { readonly kind: "forget"; readonly id: string }
	| { readonly kind: "yolo"; readonly on: boolean }
	| { readonly kind: "yolo-persist"; readonly on: boolean }
	| { readonly kind: "logs" }
	/** `mode`: list the modes; `mode <name>`: switch to it (ADR 0054). */
	| { readonly kind: "mode"; readonly mode: PermissionMode | null }
	| { readonly kind: "usage"; readonly problem: string | null };

export const PERMISSIONS_USAGE =
	"usage: /permissions [show | grants | revoke <id> | forget <id> | mode [<name>] | yolo on|off | yolo persist on|off | logs]";

export function parsePermissionsCommand(args: string): PermissionsCommand {
	const words = args
		.trim()
		.split(/\s+/)
		.filter((word) => word.length > 0);
	const [head, ...rest] = words;
	if (head === undefined || (head === "show" && rest.length === 0)) return { kind: "show" };
	if (head === "grants" && rest.length === 0) return { kind: "grants" };
	if (head === "logs" && rest.length === 0) return { kind: "logs" };
	if (head === "revoke") {
		const [id, ...extra] = rest;
		return id !== undefined && extra.length === 0 ? { kind: "revoke", id } : usage("revoke takes one grant id");
	}
	if (head === "forget") {
		const [id, ...extra] = rest;
		return id !== undefined && extra.length === 0
			? { kind: "forget", id }
			: usage("forget takes one persisted grant id");
	}
	if (head === "yolo") {
		const persist = rest[0] === "persist";
		const [state, ...extra] = persist ? rest.slice(1) : rest;
		if (extra.length === 0 && (state === "on" || state === "off")) {
			return { kind: persist ? "yolo-persist" : "yolo", on: state === "on" };
		}
		return usage("yolo takes `on`, `off`, `persist on` or `persist off`");
	}
	if (head === "mode") {
		const [name, ...extra] = rest;
		if (name === undefined) return { kind: "mode", mode: null };
		if (extra.length === 0 && isPermissionMode(name)) return { kind: "mode", mode: name };
		return usage(`mode takes one of ${PERMISSION_MODES.join(", ")}`);
	}
	if (head === "help") return { kind: "usage", problem: null };
	return usage(`unknown argument \`${head.slice(0, 40)}\``);
}

function usage(problem: string): PermissionsCommand {
	return { kind: "usage", problem };
}
