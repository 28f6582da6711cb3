import { describe, expect, it } from "vitest";
import { CODE_RUNNING_ENVIRONMENT } from "../../../src/bash/runs/code-running-environment-table";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../support/effect-verdict";

/** One command per table row, keyed by the row's name: the variable set as a prefix of the program it steers. */
const ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	GIT_EXTERNAL_DIFF: ["GIT_EXTERNAL_DIFF='rm x;:' git diff", runs("rm x", ":")],
	GIT_EDITOR: ["GIT_EDITOR='rm x;:' git commit --allow-empty", runs("rm x")],
	GIT_SEQUENCE_EDITOR: ["GIT_SEQUENCE_EDITOR='rm x' git rebase -i HEAD~2", runs("rm x")],
	GIT_PAGER: ["GIT_PAGER='rm x' git log", PLAIN],
	GIT_SSH_COMMAND: ["GIT_SSH_COMMAND='rm x' git fetch", runs("rm x")],
	GIT_SSH: ["GIT_SSH=/tmp/evil git fetch", runs("/tmp/evil")],
	PARALLEL_SHELL: ["PARALLEL_SHELL=/tmp/evil parallel echo {} ::: a", runs("/tmp/evil")],
	PARALLEL: ["PARALLEL=\"--rpl '{} system(1)'\" parallel echo {} ::: a", OPAQUE],
	PARALLEL_HOME: ["PARALLEL_HOME=/tmp/evil parallel echo {} ::: a", OPAQUE],
	GIT_ASKPASS: ["GIT_ASKPASS=./pw.sh git push", runs("./pw.sh")],
	SSH_ASKPASS: ["SSH_ASKPASS=./pw.sh ssh host", runs("./pw.sh")],
	GIT_PROXY_COMMAND: ["GIT_PROXY_COMMAND='nc -x p %h' git fetch", runs("nc -x p %h")],
	PAGER: ["PAGER='rm x' git diff", PLAIN],
	MANPAGER: ["MANPAGER='rm x' man ls", PLAIN],
	EDITOR: ["EDITOR='rm x' git commit", runs("rm x")],
	VISUAL: ["VISUAL='rm x' git commit", runs("rm x")],
	BROWSER: ["BROWSER='rm x' xdg-open index.html", runs("rm x")],
	"GIT_CONFIG_KEY_*": [
		"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm x;:' git status",
		OPAQUE,
	],
	GIT_CONFIG_PARAMETERS: ["GIT_CONFIG_PARAMETERS=\"'core.fsmonitor'='rm x'\" git status", OPAQUE],
	GIT_CONFIG_GLOBAL: ["GIT_CONFIG_GLOBAL=/tmp/evil.cfg git status", OPAQUE],
	GIT_CONFIG_SYSTEM: ["GIT_CONFIG_SYSTEM=/tmp/evil.cfg git status", OPAQUE],
	GIT_CONFIG: ["GIT_CONFIG=/tmp/evil.cfg git status", OPAQUE],
	GIT_EXEC_PATH: ["GIT_EXEC_PATH=/tmp/bin git status", OPAQUE],
	GIT_TEMPLATE_DIR: ["GIT_TEMPLATE_DIR=/tmp/tpl git init", OPAQUE],
	"GIT_TRACE*": ["GIT_TRACE=/home/u/.bashrc git status", OPAQUE],
	LESSOPEN: ["LESSOPEN='|rm x;:%s' less notes.txt", OPAQUE],
	LESSCLOSE: ["LESSCLOSE='rm x' less notes.txt", OPAQUE],
	TAR_OPTIONS: ["TAR_OPTIONS='--checkpoint-action=exec=rm' tar -cf a.tar src", OPAQUE],
	NODE_OPTIONS: ["NODE_OPTIONS=--import=data:text/javascript,0 npm test", OPAQUE],
	npm_config_node_options: ["npm_config_node_options='-r data:text/javascript,0' npm test", OPAQUE],
	npm_config_script_shell: ["npm_config_script_shell=/tmp/evil npm test", runs("/tmp/evil")],
	NPM_CONFIG_SCRIPT_SHELL: ["NPM_CONFIG_SCRIPT_SHELL='rm x;:' npm test", runs("rm x")],
	npm_config_userconfig: ["npm_config_userconfig=/tmp/npmrc npm test", OPAQUE],
	JAVA_TOOL_OPTIONS: ["JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar mvn test", OPAQUE],
	_JAVA_OPTIONS: ["_JAVA_OPTIONS='-XX:OnError=rm' java -jar a.jar", OPAQUE],
	JDK_JAVA_OPTIONS: ["JDK_JAVA_OPTIONS=-agentpath:/tmp/a.so java Main", OPAQUE],
	RSYNC_RSH: ["RSYNC_RSH='rm x;:' rsync -a src host:dst", runs("rm x")],
	RSYNC_CONNECT_PROG: ["RSYNC_CONNECT_PROG='rm x' rsync rsync://h/m .", runs("rm x")],
	CVS_RSH: ["CVS_RSH='rm x' cvs update", runs("rm x")],
	SVN_SSH: ["SVN_SSH='rm x' svn update", runs("rm x")],
	MANOPT: ["MANOPT='-P rm' man ls", OPAQUE],
	XDG_CONFIG_HOME: ["XDG_CONFIG_HOME=/tmp/cfg git status", OPAQUE],
	"BASH_FUNC_*": ["env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls", OPAQUE],
	GCONV_PATH: ["GCONV_PATH=/tmp/g iconv -f x f", OPAQUE],
	DYLD_INSERT_LIBRARIES: ["DYLD_INSERT_LIBRARIES=/tmp/e.dylib ls", OPAQUE],
	DYLD_LIBRARY_PATH: ["DYLD_LIBRARY_PATH=/tmp/lib ls", OPAQUE],
	PYTHONSTARTUP: ["PYTHONSTARTUP=x.py python3 script.py", OPAQUE],
	PYTHONINSPECT: ["PYTHONINSPECT=1 python3 script.py", OPAQUE],
	PERL5OPT: ["PERL5OPT='-Mstrict;unlink\"x\"' perl -v", OPAQUE],
	PERL5DB: ["PERL5DB='BEGIN{unlink \"x\"}' perl -d script.pl", OPAQUE],
	RUBYOPT: ["RUBYOPT=-revil ruby script.rb", OPAQUE],
	LD_PRELOAD: ["LD_PRELOAD=/tmp/evil.so ls", OPAQUE],
	LD_AUDIT: ["LD_AUDIT=/tmp/evil.so ls", OPAQUE],
	LD_LIBRARY_PATH: ["LD_LIBRARY_PATH=/tmp/lib ls", OPAQUE],
	BASH_ENV: ["env $'BASH\\x5fENV=./s' bash script.sh", OPAQUE],
	SHELLOPTS: ["SHELLOPTS=xtrace bash script.sh", OPAQUE],
	BASHOPTS: ["BASHOPTS=extdebug bash script.sh", OPAQUE],
	PROMPT_COMMAND: ["PROMPT_COMMAND='rm x' script.sh", runs("rm x")],
	PS4: ["PS4='+${BASH_SOURCE}' bash -x script.sh", OPAQUE],
};

describe("CODE_RUNNING_ENVIRONMENT", () => {
	it("has a command for every row and no command for a row it lacks", () => {
		expect(Object.keys(ROWS).sort()).toEqual(CODE_RUNNING_ENVIRONMENT.map((row) => row.name).sort());
	});

	it.each(Object.entries(ROWS))("%s: %j", (_name, [command, verdict]) => {
		expectEffect(command, verdict);
	});
});

describe("environment effects beyond the prefix form", () => {
	it.each<readonly [string, EffectVerdict]>([
		// The same variables reach the program through `env`, `sudo` and `export`.
		["env GIT_EXTERNAL_DIFF='rm x;:' git diff", runs("rm x")],
		["sudo GIT_EDITOR='rm x' git commit", runs("rm x")],
		["env LD_PRELOAD=/tmp/evil.so ls", OPAQUE],
		["env GIT_EXTERNAL_DIFF=$X git diff", OPAQUE],
		["export GIT_EXTERNAL_DIFF='rm x;:'", runs("rm x")],
		["declare -x GIT_EDITOR='rm x'", runs("rm x")],
		["export LD_PRELOAD=/tmp/evil.so", OPAQUE],
		["GIT_EXTERNAL_DIFF=$CMD git diff", OPAQUE],
		// Values that run nothing keep the command as it was.
		["GIT_TRACE=1 git status", PLAIN],
		["GIT_TRACE=true git status", PLAIN],
		["LD_PRELOAD= ls", PLAIN],
		["PS4=+ bash -x script.sh", PLAIN],
		["NODE_OPTIONS=--max-old-space-size=4096 npm test", PLAIN],
		["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=color.ui GIT_CONFIG_VALUE_0=always git status", PLAIN],
		["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=cat git log", PLAIN],
		["TAR_OPTIONS=--no-same-owner tar -xf a.tar", PLAIN],
		["GIT_DIR=/tmp/repo git status", PLAIN],
		["NODE_ENV=test npm test", PLAIN],
		["PYTHONPATH=src python3 -m pytest", PLAIN],
		["GIT_PAGER=cat git log", PLAIN],
		["GIT_EDITOR=true git rebase --continue", PLAIN],
		["GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~3", PLAIN],
		["EDITOR=true git commit", PLAIN],
		["GIT_EDITOR='true; rm x' git commit", runs("rm x")],
		["JAVA_TOOL_OPTIONS=-Xmx2g mvn test", PLAIN],
		["MANOPT=-a man ls", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
