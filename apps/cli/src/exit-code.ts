/**
 * Owns: the CLI's exit codes, one per decision plus one for usage and configuration errors.
 * Never: writes output; commands return a code and `main.ts` sets it on the process.
 */
import type { PermissionState } from "@pi-permissions/policy";

export const EXIT_CODES = {
	allow: 0,
	/** Bad arguments, unreadable input, an invalid config (`config validate`), or `init` refusing to overwrite. */
	usage: 1,
	ask: 2,
	deny: 3,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** The exit code of a decision: 0 allow, 2 ask, 3 deny. */
export function exitCodeFor(action: PermissionState): ExitCode {
	switch (action) {
		case "allow":
			return EXIT_CODES.allow;
		case "ask":
			return EXIT_CODES.ask;
		case "deny":
			return EXIT_CODES.deny;
		default: {
			const unhandled: never = action;
			throw new Error(`unhandled action ${String(unhandled)}`);
		}
	}
}
