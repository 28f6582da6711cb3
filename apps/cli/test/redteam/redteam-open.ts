/**
 * Red-team rows not yet met, with the issue that owns them. A row leaves this list in the commit that fixes it;
 * the table test runs listed rows as expected failures, so a row that starts passing fails until it is removed.
 */
export const OPEN_ROWS: ReadonlyMap<string, number> = new Map([
	["C2-git-extdiff-env", 13], // allowlist-git
	["C2-git-cfgenv-fsmon", 13], // allowlist-git
	["C2-git-trace-out", 13], // allowlist-git
	["C-sort-compress-sh", 13], // allowlist-writes
	["C-sed-r-outside", 13], // allowlist-writes
	["C-sed-R-outside", 13], // allowlist-writes
	["Cp-var-echo", 13], // allowlist-writes
	["A-ldso", 13], // effects-denylist
	["A-rbash", 13], // effects-denylist
	["A-capsh", 13], // effects-denylist
	["A-tmux", 13], // effects-denylist
	["A-split-filter", 13], // effects-denylist
	["A-sort-compress", 13], // effects-denylist
	["A-editor", 13], // effects-denylist
	["A-rg-pre", 13], // effects-denylist
	["A-rg-pre-curl", 13], // effects-denylist
	["A-pdb-stdin", 13], // effects-denylist
	["A-py-timeit-s", 13], // effects-denylist
	["A-py-cprofile", 13], // effects-denylist
	["A-node-import", 13], // effects-denylist
	["A-git-extdiff-env", 13], // effects-denylist
	["A-git-cfg-env", 13], // effects-denylist
	["A-git-c-diffext", 13], // effects-denylist
	["A-git-upload-pack", 13], // effects-denylist
	["A-git-archive-exec", 13], // effects-denylist
	["A-git-clone-u", 13], // effects-denylist
	["A-git-rebase-x", 13], // effects-denylist
	["A-git-grep-O", 13], // effects-denylist
	["A-git-editor", 13], // effects-denylist
	["A-git-difftool", 13], // effects-denylist
	["A2-start-stop", 13], // effects-denylist
	["A2-py-code-module", 13], // effects-denylist
	["A2-git-attr-textconv", 13], // effects-denylist
	["A2-sqlite-cmd", 13], // effects-denylist
	["A2-sqlite-once", 13], // effects-denylist
	["A2-ldso-env", 13], // effects-denylist
	["A2-node-options-fixed", 13], // effects-denylist
	["pad-5000", 12], // fidelity-yolo
	["pad-nest", 12], // fidelity-yolo
	["pad-size", 12], // fidelity-yolo
	["D-git-extdiff-rm", 13], // readonly-recipe
	["D-git-cfgenv-fsmon", 13], // readonly-recipe
	["D-git-trace-out", 13], // readonly-recipe
	["D-git-trace-bashrc", 13], // readonly-recipe
]);
