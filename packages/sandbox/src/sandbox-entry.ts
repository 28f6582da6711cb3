/**
 * Owns: `SandboxEntry` and `SandboxBecause`, one place the sandbox enforces something and the rule or fact it came
 * from, shared by the plan and its parts.
 * Never: holds logic.
 */

/** Why one sandbox entry exists; every entry can name the rule or fact it came from. */
export type SandboxBecause =
	| { readonly kind: "rule"; readonly surface: string; readonly pattern: string; readonly reason?: string }
	| { readonly kind: "protected"; readonly why: string; readonly pattern: string }
	| { readonly kind: "project" }
	| { readonly kind: "temp" }
	| { readonly kind: "external-directory"; readonly pattern: string };

export interface SandboxEntry {
	/** An absolute path, or a sandbox-runtime glob (`**` crosses `/`). */
	readonly path: string;
	readonly because: SandboxBecause;
}
