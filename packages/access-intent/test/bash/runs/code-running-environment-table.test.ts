import { describe, expect, it } from "vitest";
import { CODE_RUNNING_ENVIRONMENT } from "../../../src/bash/runs/code-running-environment-table";
import {
	type EffectVerdict,
	expectEffect,
	OPAQUE,
	PLAIN,
	relocating,
	runs,
	unknownSetting,
} from "../../support/effect-verdict";

/** One command per table row, keyed by the row's name: the variable set as a prefix of the program it steers. */
const ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	PAGER: ["PAGER='rm x' git diff", PLAIN],
	EDITOR: ["EDITOR='rm x' git commit", runs("rm x")],
	VISUAL: ["VISUAL='rm x' git commit", runs("rm x")],
	BROWSER: ["BROWSER='rm x' xdg-open index.html", runs("rm x")],
	SSH_ASKPASS: ["SSH_ASKPASS=./pw.sh ssh host", runs("./pw.sh")],
	SHELL: ["SHELL=./evil script -q log", unknownSetting("SHELL")],
	PARALLEL_SHELL: ["PARALLEL_SHELL=/tmp/evil parallel echo {} ::: a", runs("/tmp/evil")],
	PARALLEL: ["PARALLEL=\"--rpl '{} system(1)'\" parallel echo {} ::: a", OPAQUE],
	PARALLEL_HOME: ["PARALLEL_HOME=/tmp/evil parallel echo {} ::: a", relocating("PARALLEL_HOME")],
	JAVA_TOOL_OPTIONS: ["JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar mvn test", OPAQUE],
	_JAVA_OPTIONS: ["_JAVA_OPTIONS='-XX:OnError=rm' java -jar a.jar", OPAQUE],
	JDK_JAVA_OPTIONS: ["JDK_JAVA_OPTIONS=-agentpath:/tmp/a.so java Main", OPAQUE],
	MAVEN_OPTS: ["MAVEN_OPTS=-javaagent:/tmp/a.jar mvn test", OPAQUE],
	GRADLE_OPTS: ["GRADLE_OPTS=-javaagent:/tmp/a.jar gradle test", OPAQUE],
	RSYNC_RSH: ["RSYNC_RSH='rm x;:' rsync -a src host:dst", runs("rm x")],
	RSYNC_CONNECT_PROG: ["RSYNC_CONNECT_PROG='rm x' rsync rsync://h/m .", runs("rm x")],
	CVS_RSH: ["CVS_RSH='rm x' cvs update", runs("rm x")],
	SVN_SSH: ["SVN_SSH='rm x' svn update", runs("rm x")],
	"BASH_FUNC_*": ["env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls", OPAQUE],
	PERL5OPT: ["PERL5OPT='-Mstrict;unlink\"x\"' perl -v", OPAQUE],
	PERL5DB: ["PERL5DB='BEGIN{unlink \"x\"}' perl -d script.pl", OPAQUE],
	RUBYOPT: ["RUBYOPT=-revil ruby script.rb", OPAQUE],
	BASH_ENV: ["env $'BASH\\x5fENV=./s' bash script.sh", OPAQUE],
	ENV: ["env $'E\\x4eV=./s' sh -i", OPAQUE],
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
		["env LD_PRELOAD=/tmp/evil.so ls", relocating("LD_PRELOAD")],
		["env GIT_EXTERNAL_DIFF=$X git diff", OPAQUE],
		["export GIT_EXTERNAL_DIFF='rm x;:'", runs("rm x")],
		["declare -x GIT_EDITOR='rm x'", runs("rm x")],
		["export LD_PRELOAD=/tmp/evil.so", relocating("LD_PRELOAD")],
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
		["NODE_ENV=test npm test", PLAIN],
		["GIT_PAGER=cat git log", PLAIN],
		["GIT_EDITOR=true git rebase --continue", PLAIN],
		["GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~3", PLAIN],
		["EDITOR=true git commit", PLAIN],
		["GIT_EDITOR='true; rm x' git commit", runs("rm x")],
		["JAVA_TOOL_OPTIONS=-Xmx2g mvn test", PLAIN],
		["MAVEN_OPTS='-Xmx2g -Xss4m -XX:+UseG1GC -XX:MaxMetaspaceSize=512m -Dfile.encoding=UTF-8' mvn test", PLAIN],
		// Issue 39: a JVM option not known to load nothing is code (`-Xbootclasspath/a:`, `-Xrun`, `-XX:Flags=`).
		["JAVA_TOOL_OPTIONS=-Xbootclasspath/a:x.jar mvn test", OPAQUE],
		["JAVA_TOOL_OPTIONS='-Xmx2g -Xrunjdwp:transport=dt_socket' mvn test", OPAQUE],
		["_JAVA_OPTIONS=-XX:Flags=.hotspotrc mvn test", OPAQUE],
		["JDK_JAVA_OPTIONS=@args.txt java -version", OPAQUE],
		["GRADLE_OPTS=-Dlog4j.configurationFile=x.xml gradle test", OPAQUE],
		["MANOPT=-a man ls", PLAIN],
		// ADR 0051: a repository or a library path moved by the environment is not a value that runs nothing.
		["GIT_DIR=/tmp/repo git status", relocating("GIT_DIR")],
		["PYTHONPATH=src python3 -m pytest", relocating("PYTHONPATH")],
		// `unset` and printing declarations set nothing a program reads.
		["unset GIT_EDITOR", PLAIN],
		["unset LD_PRELOAD HOME", PLAIN],
		["declare -p GIT_EDITOR", PLAIN],
		["export -f f", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
