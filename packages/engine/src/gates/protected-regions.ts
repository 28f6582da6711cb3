/**
 * Owns: the data table of protected regions: every place whose change would widen the agent's own permissions or
 * plant code a program runs later, by its owner (the program that reads or runs it), under Pi's agent directory, the
 * home directory, the project and the system (`/etc`, `/usr`, the root account's home); and the table of what under
 * the home directory is data. One row each, with why.
 * Never: matches paths (`protected-targets.ts` does) or reads the file system.
 * To add a region: add one row here and one row to `test/gates/protected-regions.cases.ts`; docs/configuration.md
 * ("Protected files") shows the same table.
 * Over 250 lines: it is one table (a row per file or directory and its owner), read and reviewed as a whole.
 */

/** Where a row's path starts; `system` rows start at the file-system root (`/`). */
type RegionBase = "agent-dir" | "home" | "project" | "system";

/**
 * What the OS sandbox does with a region (ADR 0048): `read-only` (its writes fail), `hidden` (neither read nor written
 * inside), `git-dir` (a repository: only what git reads as configuration or code is read-only; its index, objects,
 * refs, logs and HEAD stay writable so git works).
 */
export type RegionSandbox = "read-only" | "hidden" | "git-dir";

export interface RegionRow {
	readonly id: string;
	readonly base: RegionBase;
	/** The path below the base, `/`-separated; `""` is the base itself. */
	readonly path: string;
	/** `file`: exactly this path; `tree`: this path and everything below it. */
	readonly shape: "file" | "tree";
	/** The program that runs or reads it. */
	readonly owner: string;
	/** Why a write there is protected, as the dialog and the agent read it (after "writes "). */
	readonly why: string;
	readonly sandbox: RegionSandbox;
}

/** A place under the home directory that programs read as data only: writing it needs no person. */
interface DataRow {
	readonly id: string;
	/** Below the home directory. */
	readonly path: string;
	readonly shape: "file" | "tree";
	readonly owner: string;
	readonly why: string;
}

function agent(id: string, path: string, shape: RegionRow["shape"], owner: string, why: string): RegionRow {
	return { id, base: "agent-dir", path, shape, owner, why, sandbox: "read-only" };
}

function home(id: string, path: string, shape: RegionRow["shape"], owner: string, why: string): RegionRow {
	return { id, base: "home", path, shape, owner, why, sandbox: "read-only" };
}

function system(id: string, path: string, shape: RegionRow["shape"], owner: string, why: string): RegionRow {
	return { id, base: "system", path, shape, owner, why, sandbox: "read-only" };
}

function project(id: string, path: string, shape: RegionRow["shape"], owner: string, why: string): RegionRow {
	return { id, base: "project", path, shape, owner, why, sandbox: "read-only" };
}

export const AGENT_DIR_REGIONS: readonly RegionRow[] = [
	agent("agent-dir", "", "tree", "Pi", "Pi's agent directory (Pi reads its configuration, credentials and code here)"),
	agent("agent-auth", "auth.json", "file", "Pi", "Pi's `auth.json` (credentials; a key written `!command` runs)"),
	agent("agent-models", "models.json", "file", "Pi", "Pi's `models.json` (a provider's `!command` apiKey runs)"),
	agent("agent-mcp", "mcp.json", "file", "Pi", "Pi's `mcp.json` (each MCP server's `command` runs at start)"),
	agent("agent-mcp-auth", "mcp-auth.json", "file", "Pi", "Pi's `mcp-auth.json` (MCP credentials)"),
	agent("agent-settings", "settings.json", "file", "Pi", "Pi's settings (packages, extensions, the shell it runs)"),
	agent("agent-extensions", "extensions", "tree", "Pi", "a Pi extension (runs code in every session)"),
	agent(
		"agent-permission-config",
		"extensions/pi-permissions/config.json",
		"file",
		"pi-permissions",
		"the permission config",
	),
	agent(
		"agent-agents",
		"agents",
		"tree",
		"pi-permissions",
		"an agent definition (its `permission:` frontmatter is policy)",
	),
	agent("agent-skills", "skills", "tree", "Pi", "a Pi skill (instructions the agent follows)"),
	agent("agent-prompts", "prompts", "tree", "Pi", "a Pi prompt template"),
	agent("agent-themes", "themes", "tree", "Pi", "a Pi theme"),
	agent("agent-npm", "npm", "tree", "Pi", "a package `pi install` installed (its code runs in every session)"),
	agent("agent-git", "git", "tree", "Pi", "a package `pi install` cloned (its code runs in every session)"),
	agent("agent-tools", "tools", "tree", "Pi", "a tool Pi downloaded and runs (`fd`, `rg`)"),
	agent("agent-system", "SYSTEM.md", "file", "Pi", "Pi's system prompt"),
	agent("agent-append-system", "APPEND_SYSTEM.md", "file", "Pi", "Pi's system prompt"),
	agent("agent-sessions", "sessions", "tree", "Pi", "Pi's sessions (a resumed session replays them)"),
	{
		id: "agent-forwarding",
		base: "agent-dir",
		path: "sessions/permission-forwarding",
		shape: "tree",
		owner: "pi-permissions",
		why: "the permission-forwarding directory (answers to subagents' permission asks)",
		sandbox: "hidden",
	},
];

const SHELL = "a shell start-up file (runs code in every new shell)";

export const HOME_REGIONS: readonly RegionRow[] = [
	home("bashrc", ".bashrc", "file", "bash", SHELL),
	home("bash-profile", ".bash_profile", "file", "bash", SHELL),
	home("bash-login", ".bash_login", "file", "bash", SHELL),
	home("bash-logout", ".bash_logout", "file", "bash", SHELL),
	home("profile", ".profile", "file", "sh, bash", SHELL),
	home("bash-aliases", ".bash_aliases", "file", "bash (Debian's ~/.bashrc sources it)", SHELL),
	home("bashrc-d", ".bashrc.d", "tree", "bash (Fedora's ~/.bashrc sources it)", SHELL),
	home("bash-completion", ".bash_completion", "file", "bash-completion", SHELL),
	home("inputrc", ".inputrc", "file", "readline", "readline's key bindings (a macro types a command)"),
	home("zshrc", ".zshrc", "file", "zsh", SHELL),
	home("zprofile", ".zprofile", "file", "zsh", SHELL),
	home("zshenv", ".zshenv", "file", "zsh", SHELL),
	home("zlogin", ".zlogin", "file", "zsh", SHELL),
	home("zlogout", ".zlogout", "file", "zsh", SHELL),
	home("oh-my-zsh", ".oh-my-zsh", "tree", "zsh (sourced by ~/.zshrc)", SHELL),
	home("kshrc", ".kshrc", "file", "ksh", SHELL),
	home("cshrc", ".cshrc", "file", "csh", SHELL),
	home("tcshrc", ".tcshrc", "file", "tcsh", SHELL),
	home("fish", ".config/fish", "tree", "fish (config.fish, conf.d/, functions/)", SHELL),
	home("xprofile", ".xprofile", "file", "the X session", "an X session start-up file (runs at login)"),
	home("xsessionrc", ".xsessionrc", "file", "the X session", "an X session start-up file (runs at login)"),
	home("xinitrc", ".xinitrc", "file", "startx", "an X session start-up file (runs at login)"),
	home(
		"bin",
		"bin",
		"tree",
		"sh (Debian's ~/.profile puts it on PATH)",
		"a directory on PATH (a program there runs by name)",
	),
	home("local", ".local", "tree", "python, pip, PATH", "`~/.local` (its `bin/` is on PATH, its `lib/` holds code)"),
	home(
		"local-bin",
		".local/bin",
		"tree",
		"sh (Debian's ~/.profile puts it on PATH)",
		"a directory on PATH (a program there runs by name)",
	),
	home(
		"python-user-site",
		".local/lib",
		"tree",
		"python",
		"python's user site (`*.pth`, `usercustomize.py` run at every start)",
	),
	home("pythonrc", ".pythonrc", "file", "python (PYTHONSTARTUP)", "python's start-up file"),
	home("pip-conf", ".pip/pip.conf", "file", "pip", "pip's config (its index decides what code is installed)"),
	home(
		"pip-conf-xdg",
		".config/pip/pip.conf",
		"file",
		"pip",
		"pip's config (its index decides what code is installed)",
	),
	home("ipython-startup", ".ipython", "tree", "IPython", "IPython's profile (startup scripts run)"),
	home("jupyter", ".jupyter", "tree", "Jupyter", "Jupyter's config (python code)"),
	home("npmrc", ".npmrc", "file", "npm", "npm's config (`node-options`, `script-shell` run code in every npm)"),
	home("npm-npx", ".npm/_npx", "tree", "npx", "npx's package cache (the code `npx` runs)"),
	home("yarnrc", ".yarnrc", "file", "yarn", "yarn's config (`yarn-path` runs a file)"),
	home("yarnrc-yml", ".yarnrc.yml", "file", "yarn", "yarn's config (`yarnPath` runs a file)"),
	home("gdbinit", ".gdbinit", "file", "gdb", "gdb's start-up file (`shell` runs commands)"),
	home("lldbinit", ".lldbinit", "file", "lldb", "lldb's start-up file"),
	home("vimrc", ".vimrc", "file", "vim", "an editor's start-up file (runs commands)"),
	home("vim", ".vim", "tree", "vim", "an editor's start-up files and plugins"),
	home("exrc", ".exrc", "file", "vi", "an editor's start-up file (runs commands)"),
	home("nvim", ".config/nvim", "tree", "neovim", "an editor's start-up files and plugins"),
	home("emacs", ".emacs", "file", "emacs", "an editor's start-up file (elisp)"),
	home("emacs-d", ".emacs.d", "tree", "emacs", "an editor's start-up files and packages (elisp)"),
	home("gitconfig", ".gitconfig", "file", "git", "the git config (it can run commands later)"),
	home("git-xdg", ".config/git", "tree", "git", "the git config (it can run commands later)"),
	home("ssh-config", ".ssh/config", "file", "ssh", "the ssh client config (`ProxyCommand`, `LocalCommand` run)"),
	home("ssh-rc", ".ssh/rc", "file", "sshd", "ssh's `rc` (runs at every login)"),
	home("ssh-authorized-keys", ".ssh/authorized_keys", "file", "sshd", "ssh's `authorized_keys` (grants logins)"),
	home("ssh-environment", ".ssh/environment", "file", "sshd", "ssh's `environment` (set at every login)"),
	home("ssh", ".ssh", "tree", "ssh", "ssh's files (keys, trusted hosts)"),
	home("aws-config", ".aws/config", "file", "aws", "the AWS config (`credential_process` runs)"),
	home("kube-config", ".kube/config", "file", "kubectl", "the kube config (exec credential plugins run)"),
	home("docker-config", ".docker/config.json", "file", "docker", "docker's config (credential helpers run)"),
	home("docker-plugins", ".docker/cli-plugins", "tree", "docker", "a docker CLI plugin (runs as `docker NAME`)"),
	home("cargo-config", ".cargo/config.toml", "file", "cargo", "cargo's config (`rustc-wrapper`, runners run)"),
	home("cargo-config-old", ".cargo/config", "file", "cargo", "cargo's config (`rustc-wrapper`, runners run)"),
	home(
		"cargo-bin",
		".cargo/bin",
		"tree",
		"sh (rustup puts it on PATH)",
		"a directory on PATH (a program there runs by name)",
	),
	home("gemrc", ".gemrc", "file", "gem", "gem's config"),
	home("curlrc", ".curlrc", "file", "curl", "curl's config (options of every curl)"),
	home("wgetrc", ".wgetrc", "file", "wget", "wget's config (`use_askpass` runs a program)"),
	home("ripgreprc", ".ripgreprc", "file", "ripgrep", "ripgrep's config (`--pre` runs a program)"),
	home("screenrc", ".screenrc", "file", "screen", "screen's config (`exec` runs commands)"),
	home("tmux-conf", ".tmux.conf", "file", "tmux", "tmux's config (`run-shell` runs commands)"),
	home("mailcap", ".mailcap", "file", "mail readers", "`.mailcap` (names the programs that open files)"),
	home("gnupg", ".gnupg", "tree", "gpg", "gpg's files (`pinentry-program` runs; trusted keys)"),
	home(
		"parallel",
		".parallel",
		"tree",
		"GNU parallel",
		"GNU parallel's config (its options run perl code in every job)",
	),
	home("config", ".config", "tree", "many programs (XDG)", "a program's configuration (`~/.config`)"),
	home("pre-commit-cache", ".cache/pre-commit", "tree", "pre-commit", "pre-commit's hook environments (run on commit)"),
	home("playwright-cache", ".cache/ms-playwright", "tree", "Playwright", "Playwright's browsers (run by tests)"),
	home("pi-home", ".pi", "tree", "Pi", "Pi's directory"),
	home("agents-skills", ".agents", "tree", "Pi", "skills Pi loads (`~/.agents/skills`)"),
	home("claude", ".claude", "tree", "Claude Code", "Claude Code's settings (hooks run commands)"),
	home("claude-json", ".claude.json", "file", "Claude Code", "Claude Code's config (MCP servers run)"),
];

/**
 * Under the home directory, a dot-file or dot-directory no row names is protected too: programs read such files as
 * configuration, often as code. These are the ones that are data.
 */
export const HOME_DATA: readonly DataRow[] = [
	{ id: "cache", path: ".cache", shape: "tree", owner: "XDG programs", why: "caches (re-made when missing)" },
	{
		id: "npm-cacache",
		path: ".npm/_cacache",
		shape: "tree",
		owner: "npm",
		why: "npm's content-addressed cache (checked)",
	},
	{ id: "npm-logs", path: ".npm/_logs", shape: "tree", owner: "npm", why: "npm's logs" },
	{
		id: "local-state",
		path: ".local/state",
		shape: "tree",
		owner: "XDG programs",
		why: "program state (history, logs)",
	},
	{ id: "bash-history", path: ".bash_history", shape: "file", owner: "bash", why: "history (never run by itself)" },
	{ id: "zsh-history", path: ".zsh_history", shape: "file", owner: "zsh", why: "history (never run by itself)" },
	{ id: "python-history", path: ".python_history", shape: "file", owner: "python", why: "history" },
	{ id: "node-history", path: ".node_repl_history", shape: "file", owner: "node", why: "history" },
	{ id: "lesshst", path: ".lesshst", shape: "file", owner: "less", why: "history" },
	{ id: "wget-hsts", path: ".wget-hsts", shape: "file", owner: "wget", why: "HSTS data" },
	{ id: "viminfo", path: ".viminfo", shape: "file", owner: "vim", why: "history and marks" },
	{ id: "hushlogin", path: ".hushlogin", shape: "file", owner: "login", why: "a flag (silences the login message)" },
	{ id: "sudo-flag", path: ".sudo_as_admin_successful", shape: "file", owner: "sudo", why: "a flag" },
];

/** The git directory's place in the project (ADR 0048): the sandbox keeps git's own work in it writable. */
const PROJECT_GIT_DIR: RegionRow = {
	id: "project-git",
	base: "project",
	path: ".git",
	shape: "tree",
	owner: "git",
	why: "a git directory (git runs what its config and hooks name)",
	sandbox: "git-dir",
};

/**
 * What git reads in a git directory as configuration or code (`config`, `hooks/`, `info/`, `commondir`,
 * `config.worktree`): read-only in the sandbox, where the index, objects, refs, logs and HEAD stay writable.
 */
export const GIT_DIR_CODE_ENTRIES: readonly string[] = ["config", "hooks", "info", "commondir", "config.worktree"];

/** In the order a tree write over the project names them: the permission config first. */
export const PROJECT_REGIONS: readonly RegionRow[] = [
	project(
		"project-permission-config",
		".pi/extensions/pi-permissions/config.json",
		"file",
		"pi-permissions",
		"the permission config",
	),
	project(
		"project-agents",
		".pi/agents",
		"tree",
		"pi-permissions",
		"an agent definition (its `permission:` frontmatter is policy)",
	),
	project(
		"project-pi",
		".pi",
		"tree",
		"Pi",
		"the project's Pi settings and resources (`.pi/`, loaded as code and config)",
	),
	PROJECT_GIT_DIR,
	project("gitmodules", ".gitmodules", "file", "git", "`.gitmodules` (it can run commands later)"),
	project("envrc", ".envrc", "file", "direnv", "`.envrc` (direnv runs it on entering the directory)"),
	project("mise-toml", "mise.toml", "file", "mise", "mise's config (its hooks and env scripts run on entering)"),
	project("mise-toml-dot", ".mise.toml", "file", "mise", "mise's config (its hooks and env scripts run on entering)"),
	project("vscode", ".vscode", "tree", "VS Code", "VS Code's workspace settings (tasks run on opening)"),
	project(
		"idea",
		".idea",
		"tree",
		"JetBrains IDEs",
		"the IDE's workspace settings (run configurations, start-up tasks)",
	),
	project(
		"devcontainer",
		".devcontainer",
		"tree",
		"dev containers",
		"the dev container config (`initializeCommand` runs on the host)",
	),
	project("husky", ".husky", "tree", "husky (git's hooksPath)", "a git hook (runs on commit)"),
	project(
		"pre-commit-config",
		".pre-commit-config.yaml",
		"file",
		"pre-commit",
		"pre-commit's config (its hooks run on commit)",
	),
	project("mcp-json", ".mcp.json", "file", "Claude Code, Cursor", "the project's MCP servers (each `command` runs)"),
	project("claude", ".claude", "tree", "Claude Code", "Claude Code's project settings (hooks run commands)"),
];

const SYSTEM_CONFIG = "system configuration (`/etc`: programs read it at every start, many run what it names)";
const SYSTEM_CODE = "system programs and libraries (code that runs later)";
const PATH_DIR = "a directory on PATH before `/usr/bin` (a program there shadows the system's by name)";
const CRON = "a cron table (cron runs its commands as their owner)";
const ROOT_SHELL = "the root account's shell start-up file (runs code in every root shell)";

/**
 * The system's code and configuration (ADR 0064): every program reads `/etc` as configuration and runs `/usr`, so a
 * write there plants code the next command runs, whatever user runs it. The rows under the two trees name the places
 * an attacker reaches for first, each with the program that reads it (its manual); the trees cover the rest.
 */
export const SYSTEM_REGIONS: readonly RegionRow[] = [
	system("etc", "etc", "tree", "every program (its system-wide configuration)", SYSTEM_CONFIG),
	// git-config(1) FILES: `$(prefix)/etc/gitconfig`; `core.fsmonitor`, `core.pager`, aliases run commands.
	system("etc-gitconfig", "etc/gitconfig", "file", "git", "the system git config (it can run commands later)"),
	// bash(1) INVOCATION, FILES: login shells read /etc/profile (Debian's sources /etc/profile.d/*.sh and bash.bashrc).
	system(
		"etc-profile",
		"etc/profile",
		"file",
		"sh, bash (login shells)",
		"a system shell start-up file (runs code in every login shell)",
	),
	system(
		"etc-profile-d",
		"etc/profile.d",
		"tree",
		"sh, bash (sourced by /etc/profile)",
		"a system shell start-up file (runs code in every login shell)",
	),
	system(
		"etc-bash-bashrc",
		"etc/bash.bashrc",
		"file",
		"bash (interactive shells, Debian)",
		"a system shell start-up file (runs code in every interactive shell)",
	),
	system("etc-zsh", "etc/zsh", "tree", "zsh (zshenv, zshrc)", "a system shell start-up file (runs code in every zsh)"),
	// pam_env(8): sets variables (`LD_PRELOAD`, `PATH`) of every login.
	system(
		"etc-environment",
		"etc/environment",
		"file",
		"pam_env",
		"the system environment (`LD_PRELOAD`, `PATH` of every login)",
	),
	// ld.so(8) FILES: a library listed in /etc/ld.so.preload is loaded into every dynamically linked program.
	system(
		"etc-ld-so-preload",
		"etc/ld.so.preload",
		"file",
		"ld.so",
		"`/etc/ld.so.preload` (a library loaded into every program)",
	),
	system(
		"etc-ld-so-conf",
		"etc/ld.so.conf",
		"file",
		"ldconfig, ld.so",
		"the library search path (which code programs load)",
	),
	system(
		"etc-ld-so-conf-d",
		"etc/ld.so.conf.d",
		"tree",
		"ldconfig, ld.so",
		"the library search path (which code programs load)",
	),
	// crontab(5), cron(8): /etc/crontab, /etc/cron.d/*, /etc/cron.{hourly,daily,weekly,monthly}/ run as root.
	system("etc-crontab", "etc/crontab", "file", "cron", CRON),
	system("etc-cron-d", "etc/cron.d", "tree", "cron", CRON),
	system("etc-cron-hourly", "etc/cron.hourly", "tree", "cron (run-parts)", CRON),
	system("etc-cron-daily", "etc/cron.daily", "tree", "cron (run-parts)", CRON),
	system("etc-cron-weekly", "etc/cron.weekly", "tree", "cron (run-parts)", CRON),
	system("etc-cron-monthly", "etc/cron.monthly", "tree", "cron (run-parts)", CRON),
	system("var-spool-cron", "var/spool/cron", "tree", "cron (users' crontabs)", CRON),
	// sudoers(5): who may run what as root.
	system("etc-sudoers", "etc/sudoers", "file", "sudo", "sudo's rules (who runs what as root)"),
	system("etc-sudoers-d", "etc/sudoers.d", "tree", "sudo", "sudo's rules (who runs what as root)"),
	// ssh_config(5) FILES: /etc/ssh/ssh_config (`ProxyCommand`, `LocalCommand`, `Match exec` run).
	system("etc-ssh", "etc/ssh", "tree", "ssh, sshd", "the system ssh config (`ProxyCommand`, `Match exec` run)"),
	// npm-npmrc(5): the global config `$PREFIX/etc/npmrc` (`/usr/etc/npmrc`, `/usr/local/etc/npmrc` under `/usr`).
	system("etc-npmrc", "etc/npmrc", "file", "npm", "npm's global config (`node-options`, `script-shell` run code)"),
	system(
		"etc-pip-conf",
		"etc/pip.conf",
		"file",
		"pip",
		"pip's global config (its index decides what code is installed)",
	),
	system("usr", "usr", "tree", "every program", SYSTEM_CODE),
	// Debian's default PATH puts /usr/local/sbin and /usr/local/bin before /usr/sbin and /usr/bin.
	system("usr-local-bin", "usr/local/bin", "tree", "every shell (PATH)", PATH_DIR),
	system("usr-local-sbin", "usr/local/sbin", "tree", "every shell (PATH)", PATH_DIR),
	// site(7) of python: `*.pth` lines starting `import` and `sitecustomize.py` run at every python start.
	system(
		"usr-local-lib",
		"usr/local/lib",
		"tree",
		"python (site-packages `*.pth`, `sitecustomize.py`), ld.so",
		"locally installed libraries (python's `*.pth` and `sitecustomize.py` run at every start)",
	),
	system(
		"usr-lib-python",
		"usr/lib/python3",
		"tree",
		"python (dist-packages `*.pth`)",
		"python's system packages (`*.pth` run at every start)",
	),
	// git-init(1) TEMPLATE DIRECTORY: hooks copied into every new repository.
	system(
		"git-templates",
		"usr/share/git-core/templates",
		"tree",
		"git init, git clone",
		"git's template directory (hooks copied into every new repository)",
	),
	system("opt", "opt", "tree", "installed programs", "an installed program (code that runs later)"),
	// Merged-/usr systems link these into /usr; where they are directories they hold the programs themselves.
	system("bin", "bin", "tree", "every program", SYSTEM_CODE),
	system("sbin", "sbin", "tree", "every program", SYSTEM_CODE),
	system("lib", "lib", "tree", "every program", SYSTEM_CODE),
	system("lib64", "lib64", "tree", "every program", SYSTEM_CODE),
	system("boot", "boot", "tree", "the boot loader", "the kernel and boot loader"),
	// The root account's home when the session's is another: root's shells read these (bash(1) FILES).
	system("root-bashrc", "root/.bashrc", "file", "bash (root)", ROOT_SHELL),
	system("root-profile", "root/.profile", "file", "sh, bash (root)", ROOT_SHELL),
	system("root-bash-profile", "root/.bash_profile", "file", "bash (root)", ROOT_SHELL),
	system(
		"root-gitconfig",
		"root/.gitconfig",
		"file",
		"git (root)",
		"the root account's git config (it can run commands later)",
	),
	system(
		"root-ssh",
		"root/.ssh",
		"tree",
		"ssh (root)",
		"the root account's ssh files (`authorized_keys` grants logins)",
	),
	system(
		"root-config",
		"root/.config",
		"tree",
		"many programs (root)",
		"the root account's configuration (`~/.config`)",
	),
];
