import { describe, expect, it } from "vitest";
import { RELOCATING_ENVIRONMENT } from "../../../src/bash/runs/relocating-environment-table";
import { type EffectVerdict, expectEffect, PLAIN, relocating } from "../../support/effect-verdict";

/** One command per row (a pattern row by one name it matches): the variable reaching the program it moves. */
const ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	HOME: ["HOME=$PWD/h git status", relocating("HOME")],
	XDG_CONFIG_HOME: ["XDG_CONFIG_HOME=/tmp/cfg git status", relocating("XDG_CONFIG_HOME")],
	"XDG_*": ["XDG_DATA_HOME=/tmp/d pnpm install", relocating("XDG_DATA_HOME")],
	PATH: ["PATH=./bin:$PATH git status", relocating("PATH")],
	LD_PRELOAD: ["LD_PRELOAD=/tmp/evil.so ls", relocating("LD_PRELOAD")],
	LD_AUDIT: ["LD_AUDIT=/tmp/evil.so ls", relocating("LD_AUDIT")],
	LD_LIBRARY_PATH: ["LD_LIBRARY_PATH=/tmp/lib ls", relocating("LD_LIBRARY_PATH")],
	"LD_*": ["LD_BIND_NOW=1 ls", relocating("LD_BIND_NOW")],
	"DYLD_*": ["DYLD_INSERT_LIBRARIES=/tmp/e.dylib ls", relocating("DYLD_INSERT_LIBRARIES")],
	GCONV_PATH: ["GCONV_PATH=/tmp/g iconv -f x f", relocating("GCONV_PATH")],
	LOCPATH: ["LOCPATH=/tmp/l sort f", relocating("LOCPATH")],
	TERMINFO: ["TERMINFO=/tmp/t less f", relocating("TERMINFO")],
	TERMINFO_DIRS: ["TERMINFO_DIRS=/tmp/t less f", relocating("TERMINFO_DIRS")],
	ZDOTDIR: ["ZDOTDIR=/tmp/z zsh -c ls", relocating("ZDOTDIR")],
	PERL5LIB: ["PERL5LIB=/tmp/p perl script.pl", relocating("PERL5LIB")],
	PERLLIB: ["PERLLIB=/tmp/p perl script.pl", relocating("PERLLIB")],
	RUBYLIB: ["RUBYLIB=/tmp/r ruby script.rb", relocating("RUBYLIB")],
	GEM_HOME: ["GEM_HOME=/tmp/g bundle exec rake", relocating("GEM_HOME")],
	GEM_PATH: ["GEM_PATH=/tmp/g bundle exec rake", relocating("GEM_PATH")],
	BUNDLE_GEMFILE: ["BUNDLE_GEMFILE=/tmp/Gemfile bundle exec rake", relocating("BUNDLE_GEMFILE")],
	JAVA_HOME: ["JAVA_HOME=/tmp/jdk mvn test", relocating("JAVA_HOME")],
	CLASSPATH: ["CLASSPATH=/tmp/c java Main", relocating("CLASSPATH")],
	GRADLE_USER_HOME: ["GRADLE_USER_HOME=/tmp/g gradle test", relocating("GRADLE_USER_HOME")],
	GNUPGHOME: ["GNUPGHOME=/tmp/g git log --show-signature", relocating("GNUPGHOME")],
	"*CONFIG": ["KUBECONFIG=./k kubectl get pods", relocating("KUBECONFIG")],
	"*RC": ["WGETRC=./w wget https://x", relocating("WGETRC")],
	"*RCPATH": ["HGRCPATH=./h hg status", relocating("HGRCPATH")],
	"*_RC_FILENAME": ["YARN_RC_FILENAME=.x.yml yarn test", relocating("YARN_RC_FILENAME")],
	"*_HOME": ["COMPOSER_HOME=./c composer install", relocating("COMPOSER_HOME")],
	"*_ROOT": ["PYENV_ROOT=./p python3 app.py", relocating("PYENV_ROOT")],
	"*PATH": ["MANPATH=./m man ls", relocating("MANPATH")],
	OPENSSL_CONF: ["OPENSSL_CONF=/tmp/o.cnf curl https://x", relocating("OPENSSL_CONF")],
	OPENSSL_ENGINES: ["OPENSSL_ENGINES=/tmp/e curl https://x", relocating("OPENSSL_ENGINES")],
	OPENSSL_MODULES: ["OPENSSL_MODULES=/tmp/m curl https://x", relocating("OPENSSL_MODULES")],
	KRB5_CONFIG: ["KRB5_CONFIG=/tmp/k ssh host", relocating("KRB5_CONFIG")],
	AWS_SHARED_CREDENTIALS_FILE: ["AWS_SHARED_CREDENTIALS_FILE=./c aws s3 ls", relocating("AWS_SHARED_CREDENTIALS_FILE")],
	"*_CONFIG_PATH": ["RIPGREP_CONFIG_PATH=./rc rg foo .", relocating("RIPGREP_CONFIG_PATH")],
	"*_CONFIG_FILE": ["ESLINT_CONFIG_FILE=./c eslint .", relocating("ESLINT_CONFIG_FILE")],
	"*_CONFIG_DIR": ["JUPYTER_CONFIG_DIR=./j jupyter lab", relocating("JUPYTER_CONFIG_DIR")],
	"*_CONFIG_HOME": ["TOOL_CONFIG_HOME=./t tool run", relocating("TOOL_CONFIG_HOME")],
};

describe("RELOCATING_ENVIRONMENT", () => {
	it("has a command for every row and no command for a row it lacks", () => {
		expect(Object.keys(ROWS).sort()).toEqual(RELOCATING_ENVIRONMENT.map((row) => row.name).sort());
	});

	it.each(Object.entries(ROWS))("%s: %j", (_name, [command, verdict]) => {
		expectEffect(command, verdict);
	});

	it.each<readonly [string, EffectVerdict]>([
		// Appending to PATH can only add names no current directory has: those are judged by their name.
		["PATH=$PATH:/opt/bin git status", PLAIN],
		['PATH="$PATH:/opt/bin" git status', PLAIN],
		["PATH=${PATH}:/opt/bin:/usr/local/go/bin go build", PLAIN],
		// SECURITY: any other PATH puts a directory first, or replaces the search path.
		["PATH=/tmp/bin git status", relocating("PATH")],
		['PATH="$PWD/bin:$PATH" git status', relocating("PATH")],
		["PATH=$PATH:$X git status", relocating("PATH")],
		["PATH=$(pwd)/bin git status", relocating("PATH")],
		['PATH="$PATH:./bin" git status', PLAIN],
		// Values that move nothing.
		["LD_PRELOAD= ls", PLAIN],
		["LD_LIBRARY_PATH= ls", PLAIN],
		// SECURITY: the name decides; a computed value is still a relocation.
		["HOME=$(mktemp -d) git status", relocating("HOME")],
		['export HOME="$X"; git status', relocating("HOME")],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
