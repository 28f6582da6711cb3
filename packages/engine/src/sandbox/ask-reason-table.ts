/**
 * Owns: the table of ask reasons (ADR 0059): what kind of reason one gate outcome's ask carries, read from its gate
 * and sentinel, and, per kind, what of the OS sandbox's plan holds it (`never`: the sandbox cannot answer it).
 * Never: reads a plan or decides a call (`sandbox-answer.ts` does, with the coverage).
 */
import { BASH_SENTINELS, PROTECTED_TARGET_SENTINEL } from "@pi-permissions/presentation";
import type { GateOutcome } from "../gates/gate-outcome";
import { COPIES_GIT_DIR } from "../gates/protected-target-gate";

/** The kinds of reason an ask of a bash call carries. */
export type AskReason =
	| "unresolved-path"
	| "recursive-read"
	| "protected-write"
	| "git-directory-copy"
	| "path-rule"
	| "external-directory-rule"
	| "write-rule"
	| "command-rule"
	| "opaque-code"
	| "indirection"
	| "unparseable"
	| "dynamic-name"
	| "environment"
	| "mode"
	| "tool-input";

/**
 * What holds a reason: the `path` denies wherever a computed path may lie (`path-denies-anywhere`), the `path` denies
 * under each tree a reader walks (`path-denies-under-tree`), the protected regions, or nothing the sandbox does.
 */
export type ReasonHolder = "path-denies-anywhere" | "path-denies-under-tree" | "protected-regions" | "never";

interface AskReasonRow {
	readonly holder: ReasonHolder;
	/** What the sandbox does about it, or why it cannot answer it (docs/sandbox.md reads these). */
	readonly why: string;
}

export const ASK_REASONS: Readonly<Record<AskReason, AskReasonRow>> = {
	"unresolved-path": {
		holder: "path-denies-anywhere",
		why: "a path the command computes: the sandbox refuses it when a `path` rule denies it, if every such deny holds wherever the path may lie and no `path` rule asks",
	},
	"recursive-read": {
		holder: "path-denies-under-tree",
		why: "a reader walks a tree holding a denied file: the sandbox hides every file a `path` rule denies under that tree",
	},
	"protected-write": {
		holder: "protected-regions",
		why: "a bash write that may reach a protected region: every place the command writes is read-only inside the sandbox (an existing region, or outside the writable directories)",
	},
	"git-directory-copy": {
		holder: "never",
		why: "a copy of a git directory: the sandbox watches new repositories in the project only",
	},
	"path-rule": { holder: "never", why: "a `path` rule asks: the sandbox only refuses, it asks nobody" },
	"external-directory-rule": {
		holder: "never",
		why: "an `external_directory` rule asks: the sandbox confines writes, not reads, outside the project",
	},
	"write-rule": { holder: "never", why: "a `write`/`edit` rule asks: the sandbox only refuses, it asks nobody" },
	"command-rule": {
		holder: "never",
		why: "a `bash` rule asks about the command itself: a command rule is not a file rule",
	},
	"opaque-code": {
		holder: "never",
		why: "code nobody can read runs (an interpreter, a runner, a script): a command rule cannot see what it does",
	},
	indirection: { holder: "never", why: "a command runs another one a command rule has not judged" },
	unparseable: { holder: "never", why: "the command does not parse: no command rule can be matched" },
	"dynamic-name": { holder: "never", why: "the command's name is computed: no command rule can be matched" },
	environment: {
		holder: "never",
		why: "an environment variable changes what a program runs: a command rule cannot see it",
	},
	mode: { holder: "never", why: "the mode in force asks: a mode is no file rule" },
	"tool-input": { holder: "never", why: "a path a tool input names: only the bash command runs in the sandbox" },
};

/** The kind of reason `outcome` (an ask of a bash call) carries. */
export function askReasonOf(outcome: GateOutcome): AskReason {
	switch (outcome.gate) {
		case "bash-path":
			return outcome.matchedPattern === BASH_SENTINELS.unresolvedPath ? "unresolved-path" : "path-rule";
		case "bash-recursive-read":
			return "recursive-read";
		case "protected-target":
			if (outcome.matchedPattern !== PROTECTED_TARGET_SENTINEL) return "write-rule";
			return outcome.reason === COPIES_GIT_DIR ? "git-directory-copy" : "protected-write";
		case "bash-write":
			return "write-rule";
		case "bash-external-directory":
			return "external-directory-rule";
		case "tool":
			return toolReason(outcome.matchedPattern);
		case "mode":
			return "mode";
		case "unknown-tool":
		case "skill-input":
		case "skill-read":
		case "path":
		case "external-directory":
			return "tool-input";
		default: {
			const unhandled: never = outcome.gate;
			throw new Error(`unhandled gate ${String(unhandled)}`);
		}
	}
}

function toolReason(pattern: string | null): AskReason {
	switch (pattern) {
		case BASH_SENTINELS.opaqueWrapper:
			return "opaque-code";
		case BASH_SENTINELS.indirectionWrapper:
			return "indirection";
		case BASH_SENTINELS.unparseable:
			return "unparseable";
		case BASH_SENTINELS.dynamicCommandName:
			return "dynamic-name";
		case BASH_SENTINELS.relocatingEnvironment:
		case BASH_SENTINELS.unknownEnvironment:
			return "environment";
		default:
			// A rule's pattern, the default, or a sentinel no row names: a command rule, which the sandbox never answers.
			return "command-rule";
	}
}
