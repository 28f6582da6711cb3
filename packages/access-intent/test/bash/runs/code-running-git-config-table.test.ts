import { describe, expect, it } from "vitest";
import { CODE_RUNNING_GIT_CONFIG } from "../../../src/bash/runs/code-running-git-config-table";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../support/effect-verdict";

/** One `git -c key=value …` per table row, keyed by the row's key. */
const ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"core.fsmonitor": ["git -c core.fsmonitor='rm x;:' status", runs("rm x")],
	"core.pager": ["git -c core.pager='rm x' log", PLAIN],
	"core.editor": ["git -c core.editor='rm x' commit", runs("rm x")],
	"core.sshcommand": ["git -c core.sshCommand='rm x' fetch", runs("rm x")],
	"core.askpass": ["git -c core.askPass=./pw.sh push", runs("./pw.sh")],
	"core.gitproxy": ["git -c core.gitProxy='rm x' fetch", runs("rm x")],
	"core.alternaterefscommand": ["git -c core.alternateRefsCommand='rm x' push", runs("rm x")],
	"core.hookspath": ["git -c core.hooksPath=/tmp/hooks commit", OPAQUE],
	"sequence.editor": ["git -c sequence.editor='rm x' rebase -i HEAD~3", runs("rm x")],
	"diff.external": ["git -c diff.external='rm x;:' diff", runs("rm x")],
	"diff.*.textconv": ["git -c diff.x.textconv='rm x;:' diff", runs("rm x")],
	"diff.*.command": ["git -c diff.x.command='rm x' diff", runs("rm x")],
	"diff.tool": ["git -c diff.tool=vimdiff difftool", OPAQUE],
	"diff.guitool": ["git -c diff.guitool=evil difftool -g", OPAQUE],
	"merge.tool": ["git -c merge.tool=evil mergetool", OPAQUE],
	"merge.guitool": ["git -c merge.guitool=evil mergetool -g", OPAQUE],
	"difftool.*.path": ["git -c difftool.vimdiff.path=/tmp/evil difftool", OPAQUE],
	"mergetool.*.path": ["git -c mergetool.vimdiff.path=/tmp/evil mergetool", OPAQUE],
	"difftool.*.cmd": ["git -c difftool.x.cmd='rm x' difftool", runs("rm x")],
	"merge.*.driver": ["git -c merge.x.driver='rm x' merge b", runs("rm x")],
	"mergetool.*.cmd": ["git -c mergetool.x.cmd='rm x' merge b", runs("rm x")],
	"filter.*.clean": ["git -c filter.x.clean='rm x' add .", runs("rm x")],
	"filter.*.smudge": ["git -c filter.x.smudge='rm x' checkout .", runs("rm x")],
	"filter.*.process": ["git -c filter.x.process='rm x' add .", runs("rm x")],
	"pager.*": ["git -c pager.log='rm x' log", PLAIN],
	"alias.*": ["git -c alias.s=push s", OPAQUE],
	"credential.helper": ["git -c credential.helper='!rm x' push", OPAQUE],
	"credential.*.helper": ["git -c credential.https://h.helper=store push", OPAQUE],
	"gpg.program": ["git -c gpg.program='rm x' commit -S", runs("rm x")],
	"gpg.*.program": ["git -c gpg.ssh.program='rm x' commit -S", runs("rm x")],
	"gpg.ssh.defaultkeycommand": ["git -c gpg.format=ssh -c gpg.ssh.defaultKeyCommand='rm x' tag -s v1", runs("rm x")],
	"include.path": ["git -c include.path=/tmp/evil.cfg status", OPAQUE],
	"includeif.*.path": ["git -c includeIf.gitdir:/.path=/tmp/evil.cfg status", OPAQUE],
	"remote.*.uploadpack": ["git -c remote.origin.uploadpack='rm x' fetch", runs("rm x")],
	"remote.*.receivepack": ["git -c remote.origin.receivepack='rm x' push", runs("rm x")],
	"remote.*.vcs": ["git -c remote.origin.vcs=evil fetch", OPAQUE],
	"uploadpack.packobjectshook": ["git -c uploadpack.packObjectsHook='rm x' clone . d", runs("rm x")],
	"protocol.allow": ["git -c protocol.allow=always ls-remote 'ext::sh -c rm% x'", OPAQUE],
	"protocol.*.allow": ["git -c protocol.ext.allow=always clone 'ext::rm x' d", OPAQUE],
	"submodule.*.update": ["git -c submodule.m.update='!rm x' submodule update", OPAQUE],
	"interactive.difffilter": ["git -c interactive.diffFilter='rm x' add -p", runs("rm x")],
	"sendemail.*": ["git -c sendemail.sendmailcmd='rm x' status", OPAQUE],
	"imap.tunnel": ["git -c imap.tunnel='rm x' imap-send", runs("rm x")],
	"web.browser": ["git -c web.browser=evil help -w log", OPAQUE],
	"help.browser": ["git -c help.browser=evil help -w log", OPAQUE],
	"instaweb.browser": ["git -c instaweb.browser=evil instaweb", OPAQUE],
	"init.templatedir": ["git -c init.templateDir=/tmp/tpl init d", OPAQUE],
	"core.worktree": ["git -c core.worktree=/home/u status --untracked-files=all", OPAQUE],
	"safe.*": ["git -c safe.directory='*' status", OPAQUE],
	"browser.*.cmd": ["git -c browser.x.cmd='rm x' help -w log", runs("rm x")],
	"browser.*.path": ["git -c browser.x.path=/tmp/evil help -w log", runs("/tmp/evil")],
	"man.*.cmd": ["git -c man.x.cmd='rm x' help log", runs("rm x")],
	"man.*.path": ["git -c man.x.path=/tmp/evil help log", runs("/tmp/evil")],
	"guitool.*.cmd": ["git -c guitool.x.cmd='rm x' status", runs("rm x")],
	"trace2.*": ["git -c trace2.eventTarget=/home/u/.bashrc status", OPAQUE],
};

describe("CODE_RUNNING_GIT_CONFIG", () => {
	it("has a command for every row and no command for a row it lacks", () => {
		expect(Object.keys(ROWS).sort()).toEqual(CODE_RUNNING_GIT_CONFIG.map((row) => row.key).sort());
	});

	it.each(Object.entries(ROWS))("%s: %j", (_key, [command, verdict]) => {
		expectEffect(command, verdict);
	});
});

describe("git config keys beyond the table rows", () => {
	it.each<readonly [string, EffectVerdict]>([
		// Keys that run nothing keep the command as it was (a rule can still allow its full text).
		["git -c color.ui=always log", PLAIN],
		["git -c user.name=x -c user.email=y commit -m m", PLAIN],
		["git -c core.autocrlf=false status", PLAIN],
		["git -c alias.s='!rm x' s", runs("rm x")],
		// Booleans switch git's own behaviour: `core.fsmonitor=true` is its built-in daemon.
		["git -c core.fsmonitor=true status", PLAIN],
		["git -c core.editor=: commit", PLAIN],
		["git -c sequence.editor=: rebase -i HEAD~2", PLAIN],
		["git -c CORE.FSMONITOR='rm x' status", runs("rm x")],
		["git -c core.fsmonitor=$X status", OPAQUE],
		["git -c $KV status", OPAQUE],
		["git --config-env=core.fsmonitor=CMD status", OPAQUE],
		["git --config-env=color.ui=C status", PLAIN],
		["git --no-pager -c diff.external=rm diff", runs("rm")],
		// ADR 0052: `-C`, `--git-dir`, `--work-tree` make git read another repository's configuration.
		["git -C sub -c diff.external=rm diff", OPAQUE],
		["git -C sub status", OPAQUE],
		["git --git-dir=x status", OPAQUE],
		["git --work-tree ~ status", OPAQUE],
		["git --exec-path=/tmp/bin status", OPAQUE],
		["git --exec-path", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
