/**
 * Owns: the planted-configuration fixture of the differential oracle (ADR 0062): a home with a benign configuration
 * and a project holding, for every program installed here that reads one, a configuration planted where an
 * environment variable or an option can point the program at it, each planted hook a logging stub with its own name.
 * Never: plants anything in the default places a program reads without being pointed (`~/.gitconfig`, the project's
 * own `.git`): those are the user's own configuration, which the analysis trusts on purpose.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the oracle's own files live inside the sandbox (a tmpfs: `/` is bound read-only). */
export const PLANTED_ORACLE_DIR = "/tmp/oracle";
export const PLANTED_HOME = "/home/u";
export const PLANTED_PROJECT = "/home/u/proj";
const HOOK_DIR = `${PLANTED_ORACLE_DIR}/hooks`;

/** Every planted hook, by the configuration that starts it; a name here is the basename the log records. */
export const HOOKS = {
	gitHomeFsmonitor: "hook-git-home-fsmonitor",
	gitHomeAlias: "hook-git-home-alias",
	gitHomeDiff: "hook-git-home-diff",
	gitXdgFsmonitor: "hook-git-xdg-fsmonitor",
	gitDirFsmonitor: "hook-git-dir-fsmonitor",
	gitFileFsmonitor: "hook-git-file-fsmonitor",
	gitEditor: "hook-git-editor",
	npmHomeScriptShell: "hook-npm-home-script-shell",
	npmRcScriptShell: "hook-npm-rc-script-shell",
	npmScriptShell: "hook-npm-script-shell",
	npmPrefixTest: "hook-npm-prefix-test",
	nodeRequire: "hook-node-require",
	rgConfigPre: "hook-rg-config-pre",
	rgPre: "hook-rg-pre",
	bashEnv: "hook-bash-env",
	bashRcfile: "hook-bash-rcfile",
	bashHomeRc: "hook-bash-home-rc",
	bashHomeAliases: "hook-bash-home-aliases",
	bashHomeProfile: "hook-bash-home-profile",
	pythonSitecustomize: "hook-python-sitecustomize",
	pythonUserbasePth: "hook-python-userbase-pth",
	pythonHomePth: "hook-python-home-pth",
	pythonStartup: "hook-python-startup",
	tarCheckpoint: "hook-tar-checkpoint",
	tarCompress: "hook-tar-compress",
	sqliteInit: "hook-sqlite-init",
	sqliteHomeRc: "hook-sqlite-home-rc",
	makeFile: "hook-make-file",
	gdbHomeInit: "hook-gdb-home-init",
	gdbCommandFile: "hook-gdb-command-file",
	gdbEx: "hook-gdb-ex",
	perlModule: "hook-perl-module",
} as const;

export type HookName = (typeof HOOKS)[keyof typeof HOOKS];

/** The absolute path of a hook inside the sandbox. */
export const hook = (name: HookName): string => `${HOOK_DIR}/${name}`;

/** A hook logs like the stub layout's stubs (`P id argc name args…`), with `-p` so a planted `BASH_ENV` cannot reach it. */
const HOOK_SCRIPT = `#!/bin/bash -p
printf '%s\\0' P "\${__ORACLE_ID-}" "$#" "\${0##*/}" "$@" >>${PLANTED_ORACLE_DIR}/log
`;

/** The programs the planted routes use, found on the host's own `PATH` directories the sandbox sees. */
export const PLANTED_PROGRAMS = [
	...["git", "npm", "node", "rg", "python3", "bash", "tar", "sqlite3", "make", "gdb", "perl"],
] as const;
export type PlantedProgram = (typeof PLANTED_PROGRAMS)[number];

const SANDBOX_PATH = ["/usr/local/bin", "/usr/bin", "/bin"];

export function installedPrograms(): Set<PlantedProgram> {
	return new Set(PLANTED_PROGRAMS.filter((name) => SANDBOX_PATH.some((dir) => existsSync(join(dir, name)))));
}

/** The `site-packages` directory name of the sandbox's `python3` (`lib/python3.11/site-packages`), or `null`. */
function pythonSiteDir(): string | null {
	try {
		const version = execFileSync(
			"/usr/bin/env",
			["-i", `PATH=${SANDBOX_PATH.join(":")}`, "python3", "-c", PY_VERSION],
			{
				encoding: "utf8",
			},
		).trim();
		return `lib/python${version}/site-packages`;
	} catch {
		return null;
	}
}
const PY_VERSION = "import sys; print(f'{sys.version_info[0]}.{sys.version_info[1]}')";

const pythonRun = (name: HookName) => `import subprocess; subprocess.run([${JSON.stringify(hook(name))}])\n`;

function write(root: string, path: string, text: string, mode?: number): void {
	const file = join(root, path);
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, text);
	if (mode !== undefined) chmodSync(file, mode);
}

function git(cwd: string, ...args: string[]): void {
	execFileSync("git", args, {
		cwd,
		stdio: "ignore",
		env: { PATH: SANDBOX_PATH.join(":"), HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", LANG: "C" },
	});
}

/**
 * Writes the hooks into `root/hooks` and the home into `root/fixture` (copied to `/home/u` before every command, so
 * what one command changes never reaches the next).
 */
export function buildPlantedFixture(root: string): void {
	for (const name of Object.values(HOOKS)) write(root, `hooks/${name}`, HOOK_SCRIPT, 0o755);
	const home = join(root, "fixture");
	const proj = join(home, "proj");
	// The user's own configuration: benign, and what a program reads when nothing points it elsewhere.
	write(home, ".gitconfig", "[user]\n\tname = u\n\temail = u@example.com\n[safe]\n\tdirectory = *\n");
	write(proj, "notes.txt", "foo one\n");
	write(proj, "src/a.ts", "export const foo = 1;\n");
	write(proj, "package.json", JSON.stringify({ name: "p", version: "1.0.0", scripts: SCRIPTS }, null, 2));
	write(proj, "Makefile", "all:\n\t@true\n");
	// The planted directories are not the project's files: `rg foo` searches only what a person would.
	write(proj, ".ignore", "x/\ny/\nsub-git/\nh/\nrc/\nplanted/\n");
	// No sample hooks: each git dir is copied before every command, so it is kept small.
	git(proj, "init", "-q", "--template=", "-b", "main");
	git(proj, "add", ".");
	git(proj, "-c", "user.name=u", "-c", "user.email=u@example.com", "commit", "-q", "-m", "init");
	// A dirty tree, so `git diff` has something to hand a planted external diff.
	write(proj, "notes.txt", "foo two\n");
	// A second git dir (`GIT_DIR=x`, `--git-dir=x`, `GIT_COMMON_DIR=x`) whose config starts a hook.
	cpSync(join(proj, ".git"), join(proj, "x"), { recursive: true });
	git(proj, "--git-dir=x", "config", "core.fsmonitor", hook(HOOKS.gitDirFsmonitor));
	// A git dir whose `commondir` names `x` (its config is x's).
	write(proj, "y/commondir", "../x\n");
	cpSync(join(proj, "x/HEAD"), join(proj, "y/HEAD"));
	cpSync(join(proj, "x/index"), join(proj, "y/index"));
	// A gitfile repository (`git -C sub`), its own git dir with a hook.
	cpSync(join(proj, ".git"), join(proj, "sub-git"), { recursive: true });
	git(proj, "--git-dir=sub-git", "config", "core.fsmonitor", hook(HOOKS.gitFileFsmonitor));
	git(proj, "--git-dir=sub-git", "config", "core.worktree", "../sub");
	write(proj, "sub/.git", "gitdir: ../sub-git\n");
	plantHome(join(proj, "h"));
	plantFiles(proj);
}

const SCRIPTS = { test: "echo ok", start: "node -e 0" };

/** `h`: a home an attacker filled (`HOME=h`, `XDG_CONFIG_HOME=h/.config`). */
function plantHome(h: string): void {
	const gitconfig = [
		"[core]",
		`\tfsmonitor = ${hook(HOOKS.gitHomeFsmonitor)}`,
		"[alias]",
		`\tst = !${hook(HOOKS.gitHomeAlias)}`,
		"[diff]",
		`\texternal = ${hook(HOOKS.gitHomeDiff)}`,
		"",
	].join("\n");
	write(h, ".gitconfig", gitconfig);
	write(h, ".config/git/config", `[core]\n\tfsmonitor = ${hook(HOOKS.gitXdgFsmonitor)}\n`);
	write(h, ".npmrc", `script-shell=${hook(HOOKS.npmHomeScriptShell)}\n`);
	write(h, ".bashrc", `${hook(HOOKS.bashHomeRc)}\n. ~/.bash_aliases\n`);
	write(h, ".bash_aliases", `${hook(HOOKS.bashHomeAliases)}\n`);
	write(h, ".bash_profile", `${hook(HOOKS.bashHomeProfile)}\n`);
	write(h, ".profile", `${hook(HOOKS.bashHomeProfile)}\n`);
	write(h, ".sqliterc", `.shell ${hook(HOOKS.sqliteHomeRc)}\n`);
	write(h, ".gdbinit", `shell ${hook(HOOKS.gdbHomeInit)}\n`);
	const site = pythonSiteDir();
	if (site !== null) write(h, `.local/${site}/hook.pth`, pythonRun(HOOKS.pythonHomePth).trimEnd());
}

/** Configuration files an option or a variable names (`planted/…`, `rc/…`). */
function plantFiles(proj: string): void {
	write(proj, "rc/npmrc", `script-shell=${hook(HOOKS.npmRcScriptShell)}\n`);
	write(proj, "rc/rg", `--pre=${hook(HOOKS.rgConfigPre)}\n`);
	write(proj, "planted/hook.js", `require("child_process").spawnSync(${JSON.stringify(hook(HOOKS.nodeRequire))});\n`);
	write(proj, "planted/py/sitecustomize.py", pythonRun(HOOKS.pythonSitecustomize));
	const site = pythonSiteDir();
	if (site !== null) write(proj, `planted/ub/${site}/hook.pth`, pythonRun(HOOKS.pythonUserbasePth).trimEnd());
	write(proj, "planted/startup.py", pythonRun(HOOKS.pythonStartup));
	write(proj, "planted/env.sh", `${hook(HOOKS.bashEnv)}\n`);
	write(proj, "planted/rc.sh", `${hook(HOOKS.bashRcfile)}\n`);
	write(proj, "planted/init.sql", `.shell ${hook(HOOKS.sqliteInit)}\n`);
	write(proj, "planted/mk", `all:\n\t${hook(HOOKS.makeFile)}\n`);
	write(proj, "planted/gdbinit", `shell ${hook(HOOKS.gdbCommandFile)}\n`);
	write(proj, "planted/pl/Hook.pm", `package Hook; system(${JSON.stringify(hook(HOOKS.perlModule))}); 1;\n`);
	write(proj, "planted/pkg/package.json", JSON.stringify({ name: "q", scripts: { test: hook(HOOKS.npmPrefixTest) } }));
}
