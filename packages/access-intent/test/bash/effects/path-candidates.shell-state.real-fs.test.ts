import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createTmpTree } from "../../support/tmp-tree";

/** The red-team tree: a project with `.env` and a link to it, a home with an ssh key (ADR 0020, secrets-paths). */
const tree = createTmpTree({
	files: ["project/.env", "project/src/a.ts", "project/notes.txt", "home/.ssh/id_rsa", "home/notes.txt"],
	symlinks: { "project/link-to-env": ".env" },
});
afterAll(() => tree.remove());
const normalizer = PathNormalizer.create({
	cwd: tree.path("project"),
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});
let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

/** Canonical paths of the resolved rule candidates, and the spellings of the unresolved ones. */
function candidates(command: string, floored = false): { canonical: string[]; unresolved: string[] } {
	const program = BashProgram.parse(command, { parser, normalizer });
	// A shell-state floor (ADR 0025) keeps the paths it read; those rows assert the floor as well as the paths.
	if (floored) expect(program.unparseable).not.toBeNull();
	else expect(program.unparseable).toBeNull();
	const canonical: string[] = [];
	const unresolved: string[] = [];
	for (const path of program.pathCandidates) {
		if (path.kind === "resolved") canonical.push(path.canonical);
		else if (path.reason === "unresolved-word") unresolved.push(path.typed);
	}
	return { canonical, unresolved };
}

const ENV = "project/.env";
/** Rows the rebinding guard also asks about: a computed variable name or shell option (ADR 0025). */
const ALSO_FLOORED: ReadonlySet<string> = new Set(["declare-computed", "nameref-computed", "shopt-computed"]);
const KEY = "home/.ssh/id_rsa";

describe("BashProgram.parse path candidates through shell state", () => {
	// Each row ran in real bash (bash 5.2) and read the named file.
	it.each([
		// Tilde prefixes: `~+` is $PWD, `~-` is $OLDPWD, `~N`/`~+N` the directory stack.
		["B-tplus-link", "cat ~+/link-to-env", ENV],
		["B-tplus-glob", "cat ~+/.en?", ENV],
		["B-tplus-grep", "grep -h . ~+/link-to-env", ENV],
		["tplus-redirect", "exec 3< ~+/link-to-env; cat <&3", ENV],
		["tplus-after-cd", "cd ~/.ssh && cat ~+/id_rsa", KEY],
		["tplus-zero", "pushd ~/.ssh >/dev/null; cat ~+0/id_rsa", KEY],
		["B-oldpwd-assign", "OLDPWD=~/.ssh; cat ~-/id_rsa", KEY],
		["B-oldpwd-assign-env", "OLDPWD=$PWD; cat ~-/link-to-env", ENV],
		["oldpwd-after-cd", "cd ~/.ssh; cd ~; cat ~-/id_rsa", KEY],
		["oldpwd-variable", "cd ~/.ssh; cd /; cat $OLDPWD/id_rsa", KEY],
		["cd-dash-oldpwd", "OLDPWD=~/.ssh; cd - >/dev/null; cat id_rsa", KEY],
		["B-pwd-assign", "PWD=~/.ssh; cat ~+/id_rsa", KEY],
		["B-dirstack", "pushd ~/.ssh >/dev/null; pushd ~ >/dev/null; cat ~1/id_rsa", KEY],
		["B-dirstack-plus", "pushd ~/.ssh >/dev/null; pushd ~ >/dev/null; cat ~+1/id_rsa", KEY],
		["cd-dirstack", "pushd ~/.ssh >/dev/null; pushd / >/dev/null; cd ~1; cat id_rsa", KEY],
		["popd-keeps-dir", "pushd ~/.ssh; popd +1; cat id_rsa", KEY],
		// Assignments that build a value.
		["B-append-assign-ssh", "f=~/.s; f+=sh/id_rsa; cat $f", KEY],
		["B-append-link", "f=link-to; f+=-env; cat $f", ENV],
		["append-declare", "f=link-to; declare f+=-env; cat $f", ENV],
		["index-keeps-zero", "a=.env; a[1]=x; cat $a", ENV],
		["B-nameref", "f=link-to-env; declare -n r=f; cat $r", ENV],
		["nameref-later", "declare -n r=f; f=.env; cat $r", ENV],
		["nameref-assign", "declare -n r=f; r=.env; cat $f", ENV],
		["nameref-maybe", "f=ok; (exit 1) || declare -n r=f; r=.env; cat $f $r", ENV],
		["ifs-conditional", "(exit 1) || IFS=:; f=.env:x; cat $f", ENV],
		["declare-lower", "declare -l f=.ENV; cat $f", ENV],
		["declare-lower-later", "declare -l f; f=LINK-TO-ENV; cat $f", ENV],
		["typeset-upper-case", "typeset -c f; f=nOTES.TXT; cat ~/$f", "home/Notes.txt"],
		["readonly", "readonly f=.env; cat $f", ENV],
		["local-in-function", "g() { local f=.env; cat $f; }; g", ENV],
		["export-n", "export -n f=.env; cat $f", ENV],
		// Parameter transforms of literal values, and `${f:=w}` assigning wherever it is expanded.
		["B-substr-op", "f=xlink-to-env; cat ${f:1}", ENV],
		["substring-negative", "f=a.envx; cat ${f: -5:4}", ENV],
		["B-declare-c", "declare -c f=LINK-TO-ENV; cat ${f,,}", ENV],
		["upper-first", "f=.env; g=${f^^}; cat ${g,,}", ENV],
		["pattern-substitution", "f=.exv; cat ${f/x/n}", ENV],
		["pattern-substitution-all", "f=liQk-to-eQv; cat ${f//Q/n}", ENV],
		["substring-empty", "cat .e${PWD:0:0}nv", ENV],
		["prefix-removal", "f=x.env; cat ${f#x}", ENV],
		["suffix-removal", "f=.env.bak; cat ${f%%.bak}", ENV],
		["assign-default-echo", "f=; echo ${f:=.env}; cat $f", ENV],
		// Loop variables take the loop's plain words, globs expanded.
		["for-loop", "f=ok; for f in .env; do cat $f; done", ENV],
		["for-loop-glob", "for f in .e?v; do cat $f; done", ENV],
		["for-loop-words", 'for f in x link-to-env; do cat "$f"; done', ENV],
		["for-loop-after", "for f in notes.txt .env; do :; done; cat $f", ENV],
		// IFS splitting of literal values.
		["ifs-colon", "IFS=:; f=.env:x; cat $f", ENV],
		["ifs-link", "IFS=,; f=x,link-to-env; cat $f", ENV],
		["split-glob", "f='x .en?'; cat $f", ENV],
		["append-empty", "f=.env; f+=; cat $f", ENV],
		// Globs bash expands beyond the plain ones.
		["B-glob-class", "cat .e[[:lower:]]v", ENV],
		["glob-class-alnum", "cat link-to-[[:alnum:]]nv", ENV],
		["glob-negated-class", "cat .e[![:upper:]]v", ENV],
		["glob-equivalence", "cat .e[[=n=]]v", ENV],
		["shopt-dotglob", "shopt -s dotglob; cat *", ENV],
		["globignore", "GLOBIGNORE=x; cat *", ENV],
		// Files opened through shell state.
		["B-histfile-ssh", "HISTFILE=~/.ssh/id_rsa; set -o history; history -r; history", KEY],
		["histfile-prefix", "HISTFILE=.env history -r", ENV],
		["history-operand", "history -r link-to-env", ENV],
		["history-n", "HISTFILE=link-to-env; history -n", ENV],
		["set-o-history", "HISTFILE=link-to-env; set -o history; history", ENV],
		["shopt-o-history", "HISTFILE=.env; shopt -o -s history; history", ENV],
		["set-eo-history", "HISTFILE=.env; set -eo history; history", ENV],
		["bind-f", "bind -f link-to-env", ENV],
		["inputrc-prefix", "INPUTRC=.env bind -v", ENV],
		["inputrc-assigned", "INPUTRC=link-to-env; bind -p | head -1", ENV],
		// bash(1) HOSTFILE: hostname completion reads it (red-team round 4).
		["hostfile-assigned", "HOSTFILE=.env; compgen -A hostname", ENV],
		["hostfile-prefix", "HOSTFILE=link-to-env compgen -A hostname", ENV],
		["hostfile-attached", "HOSTFILE=.env; compgen -Ahostname", ENV],
		["hostfile-cluster", "HOSTFILE=.env; compgen -bA hostname", ENV],
		["jq-rawfile", "jq -n --rawfile x link-to-env '$x'", ENV],
		["jq-slurpfile", "jq -n --slurpfile x link-to-env '$x'", ENV],
	])("%s: `%s` reads %s", (_id, command, file) => {
		expect(candidates(command).canonical).toContain(tree.path(file));
	});

	// What this parse cannot follow is unresolved: a restrictive `path` rule then asks.
	it.each([
		["empty-exp-env", "cat .e${x}nv"],
		["unknown-var-path", "cat $f"],
		["array-append", "a=(x); a+=(.env); cat ${a[1]}"],
		["positional", "set -- x link-to-env; shift; cat $1"],
		["mapfile", "mapfile -t a <<< link-to-env; cat ${a[0]}"],
		["read", "f=ok; read f <<< .env; cat $f"],
		["read-array", "f=ok; read -a f <<< .env; cat $f"],
		["printf-v", "f=ok; printf -v f %s .env; cat $f"],
		["mapfile-over", "f=ok; mapfile -t f <<< .env; cat $f"],
		["getopts", "f=ok; getopts ab f; cat $f"],
		["let", "f=ok; let f=1; cat $f"],
		["select-loop", "f=ok; select f in .env; do cat $f; done"],
		["for-positional", 'for f in "$@"; do cat $f; done'],
		["for-substitution", "for f in $(ls); do cat $f; done"],
		["for-nullglob", "shopt -s nullglob; for f in *.env; do cat $f; done"],
		["for-no-list", "for f; do cat $f; done"],
		["substitution", "f=$(echo .env); cat $f"],
		["declare-computed", 'f=ok; declare "$x"; cat $f'],
		["nameref-computed", "f=ok; declare -n r=$x; r=.env; cat $f"],
		["declare-integer", "declare -i f=1; cat $f"],
		["nameref-cycle", "declare -n a=b; declare -n b=a; a=.env; cat $b"],
		["nameref-chain", "f=.env; declare -n r1=f; declare -n r2=r1; cat $r2"],
		["ifs-unknown", "IFS=$x; f=.env:x; cat $f"],
		["user-home", "cat ~root/.ssh/id_rsa"],
		["oldpwd-unknown", "cat ~-/id_rsa"],
		["dirstack-right", "pushd ~/.ssh >/dev/null; pushd ~ >/dev/null; cat ~-1/id_rsa"],
		["pushd-swap", "pushd ~/.ssh >/dev/null; pushd / >/dev/null; pushd >/dev/null; cat ~1/id_rsa"],
		["pushd-rotate", "pushd ~/.ssh >/dev/null; pushd +1 >/dev/null; cat ~1/id_rsa"],
		["dirs-clear", "pushd ~/.ssh >/dev/null; dirs -c; cat ~1/id_rsa"],
		["dirstack-nested", "(pushd ~/.ssh); cat ~1/id_rsa"],
		["dirstack-assign", "pushd / >/dev/null; DIRSTACK[1]=~/.ssh; cat ~1/id_rsa"],
		["cdable-vars", "shopt -s cdable_vars; s=~/.ssh; cd s; cat id_rsa"],
		["pushd-swap-cwd", "pushd ~/.ssh >/dev/null; pushd / >/dev/null; pushd >/dev/null; cat id_rsa"],
		["dirs-substitution", 'pushd ~/.ssh >/dev/null; cd /; cd "$(dirs -l +1)"; cat id_rsa'],
		["cd-user", "cd ~root; cat x"],
		["popd-n", "pushd ~/.ssh >/dev/null; pushd / >/dev/null; popd -0; cat id_rsa"],
		["history-unset", "history -r"],
		["set-o-history-unset", "set -o history; history"],
		["inputrc-unset", "bind -v"],
		["assign-default-computed", "f=ok; : ${f:=x$(y)}; cat $f"],
		["substring-arithmetic", "f=xlink-to-env; cat ${f:n}"],
		["case-non-ascii", "f=ẞ.env; cat ${f,,}"],
		["declare-case-non-ascii", "declare -l f=ẞ.ENV; cat $f"],
		["pattern-glob", "f=.exv; cat ${f/?x/.n}"],
		["shopt-computed", "shopt -s $opt; cat *"],
		["glob-budget", Array.from({ length: 70 }, (_, i) => `cat d${i}/*`).join("; ")],
	])("%s: `%s` leaves a word unresolved", (id, command) => {
		expect(candidates(command, ALSO_FLOORED.has(id)).unresolved).not.toEqual([]);
	});

	// Precision: ordinary commands name no unresolved path (ADR 0020 precision rows).
	it.each([
		["echo-home", "echo $HOME"],
		["echo-substitution", 'echo "branch: $(git rev-parse --abbrev-ref HEAD)"'],
		["echo-literal-variable", "N=3; echo $N"],
		["echo-arithmetic", "echo $((1+2))"],
		["printf-computed", 'printf "%s\\n" "$x" $(date)'],
		["printf-v", "printf -v f %s x; echo $f"],
		["cd-cat", "cd src && cat a.ts"],
		["declared", "f=notes.txt; declare -l g=$f; cat $g"],
		["dirstack-follow", "pushd src >/dev/null; cat ~1/notes.txt"],
		["home-loop", "HOME=~; cat ~/notes.txt"],
		["set-options", "set -euo pipefail; cat notes.txt"],
		["ifs-default", "f='notes.txt src/a.ts'; cat $f"],
		["for-wc", 'for f in src/*.ts; do wc -l "$f"; done'],
	])("%s: `%s` names no unresolved path", (_id, command) => {
		expect(candidates(command).unresolved).toEqual([]);
	});

	it("does not count `$INPUTRC` as read by `bind` when stderr, where readline reports its lines, is discarded", () => {
		expect(candidates("INPUTRC=.env bind -v 2>/dev/null | head -1")).toEqual({
			canonical: ["/dev/null"],
			unresolved: [],
		});
	});

	it("turns splitting off with an empty IFS", () => {
		expect(candidates("IFS=; f='.env x'; cat $f").canonical).toEqual([tree.path("project/.env x")]);
		expect(candidates("IFS=' '; f='.env x'; cat $f").canonical).toContain(tree.path(ENV));
	});

	it("resolves a case attribute, an append and a nameref to the file they spell, not to another", () => {
		expect(candidates("declare -u f; f=.env; cat $f").canonical).toEqual([tree.path("project/.ENV")]);
		expect(candidates("a=./ok; a[1]=./x; cat $a").canonical).toEqual([tree.path("project/ok"), tree.path("project/x")]);
		expect(candidates("cd ~/.ssh; cd -; cat ./id_rsa").canonical).toEqual([
			tree.path("home/.ssh"),
			tree.path("project/id_rsa"),
		]);
	});
});
