/**
 * Owns: the environment variables that move, for every program (or for many), where it reads its configuration,
 * state or code (ADR 0051): `HOME`, the XDG directories, `PATH`, the dynamic loader's `LD_*`, language library paths,
 * and names shaped like a configuration's location (`*_CONFIG_PATH`). Setting one is a read of code no one can see:
 * the analysis of the unit is incomplete, which yolo does not approve while the policy denies (ADR 0023).
 * Never: holds a program's own variables (`program-environment/<program>.ts`) or decides.
 *
 * Adding a row: a variable whose value is a directory or file some program reads configuration, state or code from;
 * its row test in `test/bash/runs/relocating-environment-table.test.ts`. `harmless` values move nothing.
 */
import type { EnvironmentRow } from "./environment-row";

/**
 * `PATH=$PATH:/opt/x` (as written, quoted or not): directories after the current ones can only supply names no
 * current directory has, which are judged by their name like any command.
 */
const APPENDS_TO_PATH = /^("?)(?:\$PATH|\$\{PATH\})(?::[^:$`"]+)*\1$/;

function relocates(name: string, note: string, harmless?: RegExp): EnvironmentRow {
	return harmless === undefined ? { name, effect: "relocates", note } : { name, effect: "relocates", note, harmless };
}

export const RELOCATING_ENVIRONMENT: readonly EnvironmentRow[] = [
	relocates("HOME", "programs read their configuration from it (`~/.gitconfig`, `~/.npmrc`, `~/.ssh/config`)"),
	relocates("XDG_CONFIG_HOME", "git, pip, pnpm, curl and others read their configuration from it"),
	relocates("XDG_*", "programs read their configuration, data and caches from these directories"),
	relocates(
		"PATH",
		"bash finds every program by it: a directory put first replaces `git`, `npm`, … with its own",
		APPENDS_TO_PATH,
	),
	relocates("LD_PRELOAD", "every program loads this library first", /^$/),
	relocates("LD_AUDIT", "every program loads this library first", /^$/),
	relocates("LD_LIBRARY_PATH", "every program loads its libraries from here", /^$/),
	relocates("LD_*", "the dynamic loader reads this setting for every program"),
	relocates("DYLD_*", "every macOS program loads libraries as it says"),
	relocates("GCONV_PATH", "glibc loads character-set modules (code) from here"),
	relocates("LOCPATH", "glibc reads locale data from here"),
	relocates("TERMINFO", "programs read terminal descriptions from here"),
	relocates("TERMINFO_DIRS", "programs read terminal descriptions from here"),
	relocates("ZDOTDIR", "zsh runs its start-up files from here"),
	relocates("PERL5LIB", "perl loads modules from these directories first"),
	relocates("PERLLIB", "perl loads modules from these directories first"),
	relocates("RUBYLIB", "ruby loads libraries from these directories first"),
	relocates("GEM_HOME", "ruby loads gems (code) from here"),
	relocates("GEM_PATH", "ruby loads gems (code) from these directories"),
	relocates("BUNDLE_GEMFILE", "bundler reads this Gemfile (code)"),
	relocates("JAVA_HOME", "java build tools run the JVM found here"),
	relocates("CLASSPATH", "java loads classes (code) from these paths"),
	relocates("GRADLE_USER_HOME", "gradle runs init scripts (code) from here"),
	relocates("GNUPGHOME", "gpg reads its configuration and keys from here"),
	relocates("OPENSSL_CONF", "node and OpenSSL read this config, which may load engines (code)"),
	relocates("OPENSSL_ENGINES", "OpenSSL loads engines (code) from here"),
	relocates("OPENSSL_MODULES", "OpenSSL loads providers (code) from here"),
	relocates("KRB5_CONFIG", "Kerberos clients read their configuration from this file"),
	relocates(
		"AWS_SHARED_CREDENTIALS_FILE",
		"aws reads credentials and profiles (`credential_process` runs) from this file",
	),
	relocates("*_CONFIG_PATH", "a program reads its configuration from this path"),
	relocates("*_CONFIG_FILE", "a program reads its configuration from this file"),
	relocates("*_CONFIG_DIR", "a program reads its configuration from this directory"),
	relocates("*_CONFIG_HOME", "a program reads its configuration from this directory"),
	// Issue 39: a name shaped like a location of configuration or code moves it, whichever program reads it.
	relocates("*CONFIG", "a program reads its configuration from this path (`KUBECONFIG`, `DOCKER_CONFIG`)"),
	relocates("*RC", "a program reads its start-up or configuration file from this path (`WGETRC`, `INPUTRC`)"),
	relocates("*RCPATH", "a program reads its configuration files from these paths (`HGRCPATH`)"),
	relocates("*_RC_FILENAME", "a program reads its configuration from a file of this name (`YARN_RC_FILENAME`)"),
	relocates("*_HOME", "a program reads its configuration, state or code from this directory (`COMPOSER_HOME`)"),
	relocates("*_ROOT", "a tool runs the versions (code) it installed under this directory (`PYENV_ROOT`)"),
	relocates("*PATH", "a program searches these directories for code or configuration (`MANPATH`, `CDPATH`)"),
];
