/**
 * Owns: the data of git config keys whose value makes git run a command (`core.fsmonitor`, `diff.*.textconv`,
 * `alias.*` …), as set by `git -c key=value`, `--config-env` or `GIT_CONFIG_KEY_n`.
 * Never: holds logic; `git-effects.ts` and `environment-effects.ts` read these rows (ADR 0026).
 *
 * Adding a row: write the key lower-case with `*` for a subsection (`diff.*.textconv`), pick `shell` when git runs
 * the value as a shell command (it is parsed and judged) or `opaque` when what runs cannot be read from the value
 * (a directory of hooks, a file of config, a helper name), `terminal-only` for a pager (git starts it only on a
 * terminal, which Pi's bash tool never has, so it runs nothing), and add a row to
 * `test/bash/code-running-git-config-table.test.ts` with a command and its expected verdict. Keys not listed
 * (`color.ui`, `user.name`) run nothing and keep `git -c key=value …` judged as today.
 */

type GitConfigValue = "shell" | "opaque" | "terminal-only";

interface GitConfigRow {
	readonly key: string;
	readonly value: GitConfigValue;
}

export const CODE_RUNNING_GIT_CONFIG: readonly GitConfigRow[] = [
	{ key: "core.fsmonitor", value: "shell" },
	{ key: "core.pager", value: "terminal-only" },
	{ key: "core.editor", value: "shell" },
	{ key: "core.sshcommand", value: "shell" },
	{ key: "core.askpass", value: "shell" },
	{ key: "core.gitproxy", value: "shell" },
	{ key: "core.alternaterefscommand", value: "shell" },
	{ key: "core.hookspath", value: "opaque" },
	{ key: "sequence.editor", value: "shell" },
	{ key: "diff.external", value: "shell" },
	{ key: "diff.*.textconv", value: "shell" },
	{ key: "diff.*.command", value: "shell" },
	{ key: "diff.tool", value: "opaque" },
	{ key: "difftool.*.cmd", value: "shell" },
	{ key: "merge.*.driver", value: "shell" },
	{ key: "mergetool.*.cmd", value: "shell" },
	{ key: "filter.*.clean", value: "shell" },
	{ key: "filter.*.smudge", value: "shell" },
	{ key: "filter.*.process", value: "shell" },
	{ key: "pager.*", value: "terminal-only" },
	{ key: "alias.*", value: "opaque" },
	{ key: "credential.helper", value: "opaque" },
	{ key: "credential.*.helper", value: "opaque" },
	{ key: "gpg.program", value: "shell" },
	{ key: "gpg.*.program", value: "shell" },
	{ key: "include.path", value: "opaque" },
	{ key: "includeif.*.path", value: "opaque" },
	{ key: "remote.*.uploadpack", value: "shell" },
	{ key: "remote.*.receivepack", value: "shell" },
	{ key: "remote.*.vcs", value: "opaque" },
	{ key: "uploadpack.packobjectshook", value: "shell" },
	{ key: "protocol.*.allow", value: "opaque" },
	{ key: "submodule.*.update", value: "opaque" },
	{ key: "interactive.difffilter", value: "shell" },
	{ key: "sendemail.*", value: "opaque" },
	{ key: "imap.tunnel", value: "shell" },
	{ key: "web.browser", value: "opaque" },
	{ key: "browser.*.cmd", value: "shell" },
	{ key: "browser.*.path", value: "shell" },
	{ key: "man.*.cmd", value: "shell" },
	{ key: "man.*.path", value: "shell" },
	{ key: "guitool.*.cmd", value: "shell" },
	{ key: "trace2.*", value: "opaque" },
];

/**
 * `pager.log=false`, `core.fsmonitor=true`: a boolean switches git's own behaviour and runs no command; `:` (and
 * `true`) as `core.editor` or `sequence.editor` is a no-op command.
 */
const BOOLEAN = /^(?:true|false|yes|no|on|off|0|1|:)?$/i;

const COMPILED = CODE_RUNNING_GIT_CONFIG.map((row) => ({
	row,
	// `diff.*.textconv`: the subsection may hold dots, the section and key names do not.
	pattern: new RegExp(
		`^${row.key
			.split("*")
			.map((piece) => piece.replaceAll(".", "\\."))
			.join(".+")}$`,
	),
}));

/** The row for a git config key (git folds section and key names to lower case), or `null` when it runs nothing. */
export function gitConfigRow(key: string): GitConfigRow | null {
	const folded = foldKey(key);
	for (const { row, pattern } of COMPILED) if (pattern.test(folded)) return row;
	return null;
}

/**
 * What setting `key` to `value` runs: the value as a shell command, something opaque, or nothing. `value` is
 * `null` when it is not known (a computed word).
 */
export function gitConfigEffect(key: string, value: string | null): "nothing" | "opaque" | { readonly shell: string } {
	const row = gitConfigRow(key);
	if (row === null || row.value === "terminal-only") return "nothing";
	if (value === null) return "opaque";
	// SECURITY: `alias.x='!rm y'` runs a shell command; any other alias runs a git command no rule was written for.
	if (row.key === "alias.*") return value.startsWith("!") ? { shell: value.slice(1) } : "opaque";
	if (BOOLEAN.test(value) && row.value === "shell") return "nothing";
	return row.value === "shell" ? { shell: value } : "opaque";
}

/** Section and key names fold to lower case; a subsection (`diff.X.textconv`) keeps its case but not for matching. */
function foldKey(key: string): string {
	return key.toLowerCase();
}
