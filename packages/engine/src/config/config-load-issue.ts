/**
 * Owns: `ConfigLoadIssue` (a policy `ConfigIssue` that also names its scope, file and place in the file), the
 * loader's notices, and the one-line form the CLI and the adapter print. Never: decides validity or reads files.
 */
import type { ConfigIssue, ScopeName } from "@pi-permissions/policy";

/** The scope an issue is about: a config scope, or the managed file (ADR 0055). */
export type IssueScope = ScopeName | "managed";

/** What kind of problem an issue reports. */
export type ConfigLoadIssueKind =
	/** The entry exists but cannot be read: permissions, a directory, a dangling link, too large, not UTF-8. */
	| "unreadable"
	/** JSONC or YAML that does not parse, or frontmatter that is never closed. */
	| "syntax"
	/** The parsed value breaks the config schema (or uses a deprecated key, as a warning). */
	| "schema"
	/** Number-like keys, which JavaScript objects move to the front of their map. */
	| "key-order"
	/** The active agent's name cannot name a file. */
	| "agent-name"
	/** The project-trust predicate failed, so the project scopes could not be judged. */
	| "project-trust"
	/** The managed file cannot be trusted (owner, mode, a link) and is not read (ADR 0055). */
	| "managed-ownership";

export interface ConfigLoadIssue extends ConfigIssue {
	readonly kind: ConfigLoadIssueKind;
	readonly scope: IssueScope;
	/** The file the issue is about (for an agent-name issue, the agents directory). */
	readonly file: string;
	/** 1-based line of the problem in the file; `null` when it has no single place. Always set for `syntax`. */
	readonly line: number | null;
	/** 1-based column on `line`, in UTF-16 units; `null` exactly when `line` is. */
	readonly column: number | null;
}

/** Where an issue sits in its file. */
export interface SourcePosition {
	readonly line: number;
	readonly column: number;
}

/** A fact about loading the adapter and the CLI should show (a warning, not an error). */
export type ConfigLoadNotice =
	| {
			readonly kind: "project-untrusted";
			readonly scope: "project" | "project-agent";
			readonly file: string;
			readonly message: string;
	  }
	/** A long-lived loader uses the file's last valid content (plus the broken text's denies) while it is broken. */
	| {
			readonly kind: "last-valid-content";
			readonly scope: IssueScope;
			readonly file: string;
			readonly message: string;
	  };

const MAX_QUOTED_LENGTH = 60;

/**
 * User text in backticks, on one line and bounded (control characters escaped, long text cut), worded exactly as
 * the policy package's config issues quote it. Swap for `quote` from `@pi-permissions/policy` once it is exported.
 * SECURITY: a 5 MB key or one holding newlines must not become a 5 MB or multi-line message.
 */
export function quoteInput(text: string): string {
	const cut = text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text;
	return `\`${JSON.stringify(cut).slice(1, -1).replaceAll('\\"', '"')}\``;
}

/** Attaches scope, file and position to a policy issue. */
export function loadIssue(
	kind: ConfigLoadIssueKind,
	scope: IssueScope,
	file: string,
	issue: ConfigIssue,
	position: SourcePosition | null,
): ConfigLoadIssue {
	return {
		kind,
		scope,
		file,
		keyPath: issue.keyPath,
		message: issue.message,
		hint: issue.hint,
		severity: issue.severity,
		line: position?.line ?? null,
		column: position?.column ?? null,
	};
}

/**
 * One line for a terminal or a log: `file:line:column: severity: key.path: message (fix: hint)`. The parts the
 * issue lacks (position, key path) are left out.
 */
export function formatConfigLoadIssue(issue: ConfigLoadIssue): string {
	const place = issue.line === null ? issue.file : `${issue.file}:${issue.line}:${issue.column ?? 1}`;
	const key = issue.keyPath.length === 0 ? "" : `${formatKeyPath(issue.keyPath)}: `;
	return `${place}: ${issue.severity}: ${key}${issue.message} (fix: ${issue.hint})`;
}

/** A key path as `permission.bash["git *"]`: identifiers joined by dots, anything else bracketed and quoted. */
export function formatKeyPath(keyPath: readonly (string | number)[]): string {
	let text = "";
	for (const key of keyPath) {
		if (typeof key === "number") text += `[${key}]`;
		else if (/^[A-Za-z_$][\w$-]*$/.test(key)) text += text === "" ? key : `.${key}`;
		else text += `[${JSON.stringify(key)}]`;
	}
	return text;
}
