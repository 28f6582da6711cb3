/**
 * Owns: the data of git config keys whose value makes git run a command (`core.fsmonitor`, `diff.*.textconv`,
 * `alias.*` …), as set by `git -c key=value`, `--config-env` or `GIT_CONFIG_KEY_n`; the name patterns such keys
 * share (`*command`, `*.allow`, …), under which a key no row classifies runs something unknown (ADR 0052); and the
 * keys that match a pattern but run nothing, each with its reason.
 * Never: holds logic beyond the lookup; `git-effects.ts` and `environment-effects.ts` read these rows (ADR 0026).
 *
 * Adding a row: write the key lower-case with `*` for a subsection (`diff.*.textconv`), pick `shell` when git runs
 * the value as a shell command (it is parsed and judged) or `opaque` when what runs cannot be read from the value
 * (a directory of hooks, a file of config, a helper name), `terminal-only` for a pager (git starts it only on a
 * terminal, which Pi's bash tool never has, so it runs nothing), and add a row to
 * `test/bash/code-running-git-config-table.test.ts` with a command and its expected verdict. Keys that match no
 * pattern and no row (`color.ui`, `user.name`) run nothing. `test/bash/runs/git-config-keys.test.ts` reads the
 * installed git's key list (`git help --config`) and fails on a key a pattern matches that no row or exception
 * classifies.
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
	{ key: "diff.guitool", value: "opaque" },
	{ key: "merge.tool", value: "opaque" },
	{ key: "merge.guitool", value: "opaque" },
	{ key: "difftool.*.path", value: "opaque" },
	{ key: "mergetool.*.path", value: "opaque" },
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
	{ key: "gpg.ssh.defaultkeycommand", value: "shell" },
	{ key: "include.path", value: "opaque" },
	{ key: "includeif.*.path", value: "opaque" },
	{ key: "remote.*.uploadpack", value: "shell" },
	{ key: "remote.*.receivepack", value: "shell" },
	{ key: "remote.*.vcs", value: "opaque" },
	{ key: "uploadpack.packobjectshook", value: "shell" },
	{ key: "protocol.allow", value: "opaque" },
	{ key: "protocol.*.allow", value: "opaque" },
	{ key: "submodule.*.update", value: "opaque" },
	{ key: "interactive.difffilter", value: "shell" },
	{ key: "sendemail.*", value: "opaque" },
	{ key: "imap.tunnel", value: "shell" },
	{ key: "web.browser", value: "opaque" },
	{ key: "help.browser", value: "opaque" },
	{ key: "instaweb.browser", value: "opaque" },
	{ key: "init.templatedir", value: "opaque" },
	{ key: "core.worktree", value: "opaque" },
	{ key: "safe.*", value: "opaque" },
	{ key: "browser.*.cmd", value: "shell" },
	{ key: "browser.*.path", value: "shell" },
	{ key: "man.*.cmd", value: "shell" },
	{ key: "man.*.path", value: "shell" },
	{ key: "guitool.*.cmd", value: "shell" },
	{ key: "trace2.*", value: "opaque" },
];

/**
 * Name patterns of keys that make git run something or read code (lower case, `*` any text). A key one matches that
 * no row above and no exception below classifies runs something unknown: git's next key is covered before a red
 * team finds it.
 */
export const CODE_RUNNING_KEY_PATTERNS: readonly string[] = [
	...["*command", "*cmd", "*program", "*helper", "*.allow", "*editor", "*pager", "*hookspath", "*hook"],
	...["*.textconv", "*.driver", "*.clean", "*.smudge", "*.process", "*.path", "*browser", "*.tool", "*guitool"],
	...["*proxy", "*.tunnel", "*.external", "*filter", "*askpass", "*fsmonitor", "*.vcs", "*.update"],
	...["*.uploadpack", "*.receivepack", "alias.*", "include.*", "includeif.*", "*templatedir", "*.worktree"],
	...["*exec*", "*sendmail*", "*smtpserver", "trace2.*", "safe.*"],
];

/** Keys a pattern matches that run nothing, with why (a boolean, a colour, a URL, a server-side filter list). */
export const INERT_GIT_CONFIG: readonly { readonly key: string; readonly why: string }[] = [
	{ key: "advice.*", why: "advice messages are booleans" },
	{ key: "color.*", why: "colours and colour switches (`color.pager` is a boolean)" },
	{ key: "column.clean", why: "the column layout of `git clean`" },
	{ key: "http.proxy", why: "the URL of a network proxy, not a command" },
	{ key: "http.*.proxy", why: "the URL of a network proxy, not a command" },
	{ key: "remote.*.proxy", why: "the URL of a network proxy, not a command" },
	{ key: "remote.*.partialclonefilter", why: "an object filter spec sent to the server" },
	{ key: "uploadpack.allowfilter", why: "a server-side boolean" },
	{ key: "uploadpackfilter.allow", why: "which object filters a server accepts (a boolean)" },
	{ key: "uploadpackfilter.*.allow", why: "which object filters a server accepts (a boolean)" },
	{ key: "rebase.reschedulefailedexec", why: "a boolean: whether a failed `exec` line is rescheduled" },
];

/**
 * `pager.log=false`, `core.fsmonitor=true`: a boolean switches git's own behaviour and runs no command; `:` (and
 * `true`) as `core.editor` or `sequence.editor` is a no-op command.
 */
const BOOLEAN = /^(?:true|false|yes|no|on|off|0|1|:)?$/i;

/** `diff.*.textconv` as a pattern: the subsection may hold dots, the section and key names do not. */
function keyPattern(key: string): RegExp {
	return new RegExp(
		`^${key
			.split("*")
			.map((piece) => piece.replaceAll(".", "\\."))
			.join(".+")}$`,
	);
}

/** A name pattern (`*command`): any text, dots included, where the `*` stands. */
function namePattern(pattern: string): RegExp {
	return new RegExp(
		`^${pattern
			.split("*")
			.map((piece) => piece.replaceAll(".", "\\."))
			.join(".*")}$`,
	);
}

const COMPILED = CODE_RUNNING_GIT_CONFIG.map((row) => ({ row, pattern: keyPattern(row.key) }));
const INERT = INERT_GIT_CONFIG.map((row) => keyPattern(row.key));
const NAME_PATTERNS = CODE_RUNNING_KEY_PATTERNS.map((pattern) => ({ pattern, regex: namePattern(pattern) }));

/**
 * The row for a git config key (git folds section and key names to lower case), or `null` when it runs nothing: a
 * listed row, else nothing for a listed exception, else an opaque row for a key a code-running pattern matches.
 */
export function gitConfigRow(key: string): GitConfigRow | null {
	const folded = foldKey(key);
	for (const { row, pattern } of COMPILED) if (pattern.test(folded)) return row;
	if (INERT.some((pattern) => pattern.test(folded))) return null;
	// SECURITY: a key no row names but a pattern matches (`uploadpack.newhook`) runs something unknown.
	for (const { pattern, regex } of NAME_PATTERNS) if (regex.test(folded)) return { key: pattern, value: "opaque" };
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
