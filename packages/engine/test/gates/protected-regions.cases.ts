/**
 * One row per row of `src/gates/protected-regions.ts` (cwd `/projects/app`, home `/home/u`, agent dir
 * `/home/u/.pi/agent`): the region's id, a path a write reaches there, and a fragment of the reason the person reads
 * (`null`: a data row, writing it needs no person). The test also checks every table row has its case here.
 */
export interface RegionCase {
	/** The row's id in the table. */
	readonly id: string;
	readonly path: string;
	readonly why: string | null;
}

const A = "/home/u/.pi/agent";
const H = "/home/u";
const P = "/projects/app";

export const AGENT_DIR_CASES: readonly RegionCase[] = [
	{ id: "agent-dir", path: `${A}/keybindings.json`, why: "Pi's agent directory" },
	{ id: "agent-auth", path: `${A}/auth.json`, why: "`!command`" },
	{ id: "agent-models", path: `${A}/models.json`, why: "apiKey runs" },
	{ id: "agent-mcp", path: `${A}/mcp.json`, why: "MCP server's `command`" },
	{ id: "agent-mcp-auth", path: `${A}/mcp-auth.json`, why: "MCP credentials" },
	{ id: "agent-settings", path: `${A}/settings.json`, why: "Pi's settings" },
	{ id: "agent-extensions", path: `${A}/extensions/x/index.ts`, why: "Pi extension" },
	{ id: "agent-permission-config", path: `${A}/extensions/pi-permissions/config.json`, why: "permission config" },
	{ id: "agent-agents", path: `${A}/agents/scout.md`, why: "agent definition" },
	{ id: "agent-skills", path: `${A}/skills/s/SKILL.md`, why: "Pi skill" },
	{ id: "agent-prompts", path: `${A}/prompts/review.md`, why: "prompt template" },
	{ id: "agent-themes", path: `${A}/themes/dark.json`, why: "Pi theme" },
	{ id: "agent-npm", path: `${A}/npm/node_modules/x/index.js`, why: "`pi install`" },
	{ id: "agent-git", path: `${A}/git/github.com/x/y/index.ts`, why: "`pi install`" },
	{ id: "agent-tools", path: `${A}/tools/rg`, why: "downloaded and runs" },
	{ id: "agent-system", path: `${A}/SYSTEM.md`, why: "system prompt" },
	{ id: "agent-append-system", path: `${A}/APPEND_SYSTEM.md`, why: "system prompt" },
	{ id: "agent-sessions", path: `${A}/sessions/--projects-app--/x.jsonl`, why: "Pi's sessions" },
	{
		id: "agent-forwarding",
		path: `${A}/sessions/permission-forwarding/sessions/p/responses/perm-1.json`,
		why: "permission-forwarding",
	},
];

const SHELL = "shell start-up file";
const PATH_DIR = "directory on PATH";

export const HOME_CASES: readonly RegionCase[] = [
	{ id: "bashrc", path: `${H}/.bashrc`, why: SHELL },
	{ id: "bash-profile", path: `${H}/.bash_profile`, why: SHELL },
	{ id: "bash-login", path: `${H}/.bash_login`, why: SHELL },
	{ id: "bash-logout", path: `${H}/.bash_logout`, why: SHELL },
	{ id: "profile", path: `${H}/.profile`, why: SHELL },
	{ id: "bash-aliases", path: `${H}/.bash_aliases`, why: SHELL },
	{ id: "bashrc-d", path: `${H}/.bashrc.d/10-x.sh`, why: SHELL },
	{ id: "bash-completion", path: `${H}/.bash_completion`, why: SHELL },
	{ id: "inputrc", path: `${H}/.inputrc`, why: "readline" },
	{ id: "zshrc", path: `${H}/.zshrc`, why: SHELL },
	{ id: "zprofile", path: `${H}/.zprofile`, why: SHELL },
	{ id: "zshenv", path: `${H}/.zshenv`, why: SHELL },
	{ id: "zlogin", path: `${H}/.zlogin`, why: SHELL },
	{ id: "zlogout", path: `${H}/.zlogout`, why: SHELL },
	{ id: "oh-my-zsh", path: `${H}/.oh-my-zsh/custom/x.zsh`, why: SHELL },
	{ id: "kshrc", path: `${H}/.kshrc`, why: SHELL },
	{ id: "cshrc", path: `${H}/.cshrc`, why: SHELL },
	{ id: "tcshrc", path: `${H}/.tcshrc`, why: SHELL },
	{ id: "fish", path: `${H}/.config/fish/functions/ls.fish`, why: SHELL },
	{ id: "xprofile", path: `${H}/.xprofile`, why: "X session" },
	{ id: "xsessionrc", path: `${H}/.xsessionrc`, why: "X session" },
	{ id: "xinitrc", path: `${H}/.xinitrc`, why: "X session" },
	{ id: "bin", path: `${H}/bin/git`, why: PATH_DIR },
	{ id: "local", path: `${H}/.local/share/applications/x.desktop`, why: "`~/.local`" },
	{ id: "local-bin", path: `${H}/.local/bin/ls`, why: PATH_DIR },
	{ id: "python-user-site", path: `${H}/.local/lib/python3.11/site-packages/zz.pth`, why: "python's user site" },
	{ id: "pythonrc", path: `${H}/.pythonrc`, why: "python's start-up" },
	{ id: "pip-conf", path: `${H}/.pip/pip.conf`, why: "pip's config" },
	{ id: "pip-conf-xdg", path: `${H}/.config/pip/pip.conf`, why: "pip's config" },
	{ id: "ipython-startup", path: `${H}/.ipython/profile_default/startup/00.py`, why: "IPython" },
	{ id: "jupyter", path: `${H}/.jupyter/jupyter_server_config.py`, why: "Jupyter" },
	{ id: "npmrc", path: `${H}/.npmrc`, why: "`node-options`" },
	{ id: "npm-npx", path: `${H}/.npm/_npx/abc/node_modules/x/cli.js`, why: "npx" },
	{ id: "yarnrc", path: `${H}/.yarnrc`, why: "yarn's config" },
	{ id: "yarnrc-yml", path: `${H}/.yarnrc.yml`, why: "`yarnPath`" },
	{ id: "gdbinit", path: `${H}/.gdbinit`, why: "gdb" },
	{ id: "lldbinit", path: `${H}/.lldbinit`, why: "lldb" },
	{ id: "vimrc", path: `${H}/.vimrc`, why: "editor's start-up" },
	{ id: "vim", path: `${H}/.vim/plugin/x.vim`, why: "editor's start-up" },
	{ id: "exrc", path: `${H}/.exrc`, why: "editor's start-up" },
	{ id: "nvim", path: `${H}/.config/nvim/init.lua`, why: "editor's start-up" },
	{ id: "emacs", path: `${H}/.emacs`, why: "elisp" },
	{ id: "emacs-d", path: `${H}/.emacs.d/init.el`, why: "elisp" },
	{ id: "gitconfig", path: `${H}/.gitconfig`, why: "git config" },
	{ id: "git-xdg", path: `${H}/.config/git/config`, why: "git config" },
	{ id: "ssh-config", path: `${H}/.ssh/config`, why: "`ProxyCommand`" },
	{ id: "ssh-rc", path: `${H}/.ssh/rc`, why: "every login" },
	{ id: "ssh-authorized-keys", path: `${H}/.ssh/authorized_keys`, why: "grants logins" },
	{ id: "ssh-environment", path: `${H}/.ssh/environment`, why: "every login" },
	{ id: "ssh", path: `${H}/.ssh/known_hosts`, why: "trusted hosts" },
	{ id: "aws-config", path: `${H}/.aws/config`, why: "`credential_process`" },
	{ id: "kube-config", path: `${H}/.kube/config`, why: "exec credential plugins" },
	{ id: "docker-config", path: `${H}/.docker/config.json`, why: "credential helpers" },
	{ id: "docker-plugins", path: `${H}/.docker/cli-plugins/docker-x`, why: "docker CLI plugin" },
	{ id: "cargo-config", path: `${H}/.cargo/config.toml`, why: "`rustc-wrapper`" },
	{ id: "cargo-config-old", path: `${H}/.cargo/config`, why: "`rustc-wrapper`" },
	{ id: "cargo-bin", path: `${H}/.cargo/bin/cargo`, why: PATH_DIR },
	{ id: "gemrc", path: `${H}/.gemrc`, why: "gem's config" },
	{ id: "curlrc", path: `${H}/.curlrc`, why: "curl's config" },
	{ id: "wgetrc", path: `${H}/.wgetrc`, why: "`use_askpass`" },
	{ id: "ripgreprc", path: `${H}/.ripgreprc`, why: "`--pre`" },
	{ id: "screenrc", path: `${H}/.screenrc`, why: "screen's config" },
	{ id: "tmux-conf", path: `${H}/.tmux.conf`, why: "`run-shell`" },
	{ id: "mailcap", path: `${H}/.mailcap`, why: "open files" },
	{ id: "gnupg", path: `${H}/.gnupg/gpg-agent.conf`, why: "`pinentry-program`" },
	{ id: "parallel", path: `${H}/.parallel/config`, why: "GNU parallel's config" },
	{ id: "config", path: `${H}/.config/htop/htoprc`, why: "`~/.config`" },
	{ id: "pre-commit-cache", path: `${H}/.cache/pre-commit/repo1/hook.py`, why: "run on commit" },
	{ id: "playwright-cache", path: `${H}/.cache/ms-playwright/chromium-1/chrome`, why: "Playwright" },
	{ id: "pi-home", path: `${H}/.pi/other.json`, why: "Pi's directory" },
	{ id: "agents-skills", path: `${H}/.agents/skills/s/SKILL.md`, why: "skills Pi loads" },
	{ id: "claude", path: `${H}/.claude/settings.json`, why: "hooks run" },
	{ id: "claude-json", path: `${H}/.claude.json`, why: "MCP servers" },
];

export const HOME_DATA_CASES: readonly RegionCase[] = [
	{ id: "cache", path: `${H}/.cache/pip/http/x`, why: null },
	{ id: "npm-cacache", path: `${H}/.npm/_cacache/index-v5/x`, why: null },
	{ id: "npm-logs", path: `${H}/.npm/_logs/debug.log`, why: null },
	{ id: "local-state", path: `${H}/.local/state/x/log`, why: null },
	{ id: "bash-history", path: `${H}/.bash_history`, why: null },
	{ id: "zsh-history", path: `${H}/.zsh_history`, why: null },
	{ id: "python-history", path: `${H}/.python_history`, why: null },
	{ id: "node-history", path: `${H}/.node_repl_history`, why: null },
	{ id: "lesshst", path: `${H}/.lesshst`, why: null },
	{ id: "wget-hsts", path: `${H}/.wget-hsts`, why: null },
	{ id: "viminfo", path: `${H}/.viminfo`, why: null },
	{ id: "hushlogin", path: `${H}/.hushlogin`, why: null },
	{ id: "sudo-flag", path: `${H}/.sudo_as_admin_successful`, why: null },
];

export const PROJECT_CASES: readonly RegionCase[] = [
	{ id: "project-permission-config", path: `${P}/.pi/extensions/pi-permissions/config.json`, why: "permission config" },
	{ id: "project-agents", path: `${P}/.pi/agents/scout.md`, why: "agent definition" },
	{ id: "project-pi", path: `${P}/.pi/mcp.json`, why: "`.pi/`" },
	{ id: "project-git", path: `${P}/.git/objects/ab/cdef`, why: "git directory" },
	{ id: "gitmodules", path: `${P}/.gitmodules`, why: "`.gitmodules`" },
	{ id: "envrc", path: `${P}/.envrc`, why: "direnv" },
	{ id: "mise-toml", path: `${P}/mise.toml`, why: "mise" },
	{ id: "mise-toml-dot", path: `${P}/.mise.toml`, why: "mise" },
	{ id: "vscode", path: `${P}/.vscode/tasks.json`, why: "VS Code" },
	{ id: "idea", path: `${P}/.idea/workspace.xml`, why: "run configurations" },
	{ id: "devcontainer", path: `${P}/.devcontainer/devcontainer.json`, why: "`initializeCommand`" },
	{ id: "husky", path: `${P}/.husky/pre-commit`, why: "git hook" },
	{ id: "pre-commit-config", path: `${P}/.pre-commit-config.yaml`, why: "pre-commit" },
	{ id: "mcp-json", path: `${P}/.mcp.json`, why: "MCP servers" },
	{ id: "claude", path: `${P}/.claude/settings.json`, why: "Claude Code" },
];
