/**
 * Owns: the vocabulary of `pi-permissions lint`: every finding kind with its severity, its one-line title and its fix,
 * one row per kind (a row test keeps each kind planted in the lint fixture).
 * Never: detects anything; `policy-lint.ts` finds, this table words and grades.
 */

export type LintSeverity = "error" | "warning" | "info";

export const LINT_KINDS = {
	"ended-rule": {
		severity: "warning",
		title: "this allow has ended (its `expires` has passed): it decides nothing and only says it once did",
		fix: "remove the line (`pi-permissions grants forget <id>` for a grant), or give it a later `expires`",
	},
	"unreachable-rule": {
		severity: "warning",
		title: "no call can reach this rule: a later rule covers every value it matches",
		fix: "remove the rule, or move it after the rule that covers it",
	},
	"allow-overrides-deny": {
		severity: "warning",
		title: "an allow placed after a deny on the same surface lets some of the denied calls through",
		fix: "narrow the allow, or move the deny after it (the last matching rule wins)",
	},
	"scope-lifts-deny": {
		severity: "error",
		title: "a project or agent scope lifts a deny of a lower scope",
		fix: "keep the deny (or deny there too); lift it in the lower scope itself if that is really meant",
	},
	"managed-overrides": {
		severity: "warning",
		title: "the managed policy decides every call this rule matches: the rule is never in force",
		fix: "remove the rule; the managed file (ADR 0055) is the administrator's and nothing below lifts it",
	},
	"near-duplicate-pattern": {
		severity: "warning",
		title: "two patterns differ only in spaces: one of them is probably a typo",
		fix: 'keep one spelling; a space before `*` (`rm -rf *`) also matches the bare command, `rm -rf*` matches "rm -rfx"',
	},
	"edge-whitespace": {
		severity: "warning",
		title: "the pattern starts or ends with a space, which values rarely do",
		fix: "remove the leading or trailing space",
	},
	"tilde-outside-path": {
		severity: "warning",
		title: "`~` is expanded only on path surfaces; here it matches a literal `~`",
		fix: "put the rule under `path` (or a file tool), or spell out the text the value really holds",
	},
	"bare-name-path": {
		severity: "warning",
		// The engine matches a path by its cwd-relative spelling too, so a bare name is the file at the top of the
		// working directory (and only there): `.env` covers `./.env`, never `src/.env` (issue 34).
		title:
			"a path pattern without a directory part matches only that name at the top of the working directory, in no other directory",
		fix: "prefix it with `*/` for the name in every directory (e.g. `*/id_rsa`), or write the full path if one file is meant",
	},
	"compound-bash-pattern": {
		severity: "error",
		title: "a bash pattern with `&&`, `||`, `;` or `|` never matches: rules see one command unit at a time",
		fix: "write one rule per command (e.g. `git add *` and `git commit *`)",
	},
	"deny-without-canonical-form": {
		severity: "warning",
		title:
			"a wildcard inside an option (`rm -rf*`) has no canonical form: the deny matches only as written, so `rm -Rf x` or `rm -r -f x` passes it",
		fix: "write whole options with a space before `*` (`rm -rf *`): the deny then covers every spelling of them",
	},
	"bash-deny-list": {
		severity: "warning",
		title: 'bash allows `"*"` and denies a list: a deny list on bash cannot be complete',
		fix: 'ask (or deny) `"*"` and allow the commands you want (docs/configuration.md, the allowlist recipe)',
	},
	"external-directory-allow-all": {
		severity: "warning",
		title: "`external_directory` allows every directory outside the project",
		fix: "ask for `*` and allow the directories you use, e.g. `~/src/*`",
	},
	"path-denies-nothing": {
		severity: "warning",
		title: "the `path` surface has rules but denies nothing; it exists to deny across every tool",
		fix: "deny the paths that must stay private here; allow per tool (`read`, `write`, …) instead",
	},
	"universal-allow": {
		severity: "warning",
		title: 'the top-level `"*": "allow"` lets every tool without its own rules run unasked',
		fix: 'use `"*": "ask"` and allow the tools you trust by name',
	},
	"empty-surface": {
		severity: "info",
		title: "the surface maps to no patterns; it adds nothing",
		fix: 'remove it, or give it a pattern such as `"*": "ask"`',
	},
	"surface-typo": {
		severity: "error",
		title: "the surface is a near miss of a known one; its rules match nothing and the scope is invalid",
		fix: "correct the name (or list the tool in `knownTools`)",
	},
	"unknown-surface": {
		severity: "warning",
		title: "the surface names no known tool; its rules apply only if a tool of that name exists",
		fix: "list an extension's tool in `knownTools`; otherwise fix the name",
	},
	"config-issue": {
		severity: "error",
		title: "the config loader reports a problem (see `config validate`)",
		fix: "fix it as the message says",
	},
} as const satisfies Readonly<
	Record<string, { readonly severity: LintSeverity; readonly title: string; readonly fix: string }>
>;

export type LintKind = keyof typeof LINT_KINDS;
