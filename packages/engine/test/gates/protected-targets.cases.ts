/**
 * One row per built-in protected target (cwd `/projects/app`, home `/home/u`, agent dir `/home/u/.pi/agent`) and the
 * near misses that are not protected. `tree`: the write reaches everything below the path.
 */
export interface ProtectedRow {
	readonly id: string;
	readonly path: string;
	readonly tree?: boolean;
	/** A fragment of the reason, or `null` when the path is not protected. */
	readonly why: string | null;
}

export const PROTECTED_ROWS: readonly ProtectedRow[] = [
	{ id: "global-config", path: "/home/u/.pi/agent/extensions/pi-permissions/config.json", why: "permission config" },
	{ id: "project-config", path: "/projects/app/.pi/extensions/pi-permissions/config.json", why: "permission config" },
	{ id: "global-agent", path: "/home/u/.pi/agent/agents/scout.md", why: "agent definition" },
	{ id: "project-agent", path: "/projects/app/.pi/agents/scout.md", why: "agent definition" },
	{ id: "project-pi-anything", path: "/projects/app/.pi/settings.json", why: "`.pi/`" },
	{ id: "project-pi-extension", path: "/projects/app/.pi/extensions/evil.ts", why: "`.pi/`" },
	{ id: "project-pi-itself", path: "/projects/app/.pi", why: "`.pi/`" },
	{ id: "agent-settings", path: "/home/u/.pi/agent/settings.json", why: "Pi's settings" },
	{ id: "agent-extensions", path: "/home/u/.pi/agent/extensions/x/index.ts", why: "Pi extension" },
	{ id: "agent-skills", path: "/home/u/.pi/agent/skills/s/SKILL.md", why: "Pi skill" },
	{ id: "git-config", path: "/projects/app/.git/config", why: "git config" },
	{ id: "git-hooks-dir", path: "/projects/app/.git/hooks", why: "git hook" },
	{ id: "git-hook", path: "/projects/app/.git/hooks/pre-commit", why: "git hook" },
	{ id: "git-config-of-parent-repo", path: "/projects/.git/config", why: "git config" },
	{ id: "git-hook-of-submodule", path: "/projects/app/vendor/lib/.git/hooks/post-checkout", why: "git hook" },
	{ id: "gitmodules", path: "/projects/app/.gitmodules", why: "`.gitmodules`" },
	{ id: "bashrc", path: "/home/u/.bashrc", why: "shell start-up" },
	{ id: "bash-profile", path: "/home/u/.bash_profile", why: "shell start-up" },
	{ id: "bash-login", path: "/home/u/.bash_login", why: "shell start-up" },
	{ id: "bash-logout", path: "/home/u/.bash_logout", why: "shell start-up" },
	{ id: "profile", path: "/home/u/.profile", why: "shell start-up" },
	{ id: "zshrc", path: "/home/u/.zshrc", why: "shell start-up" },
	{ id: "zprofile", path: "/home/u/.zprofile", why: "shell start-up" },
	{ id: "zshenv", path: "/home/u/.zshenv", why: "shell start-up" },
	{ id: "zlogin", path: "/home/u/.zlogin", why: "shell start-up" },
	{ id: "fish", path: "/home/u/.config/fish/config.fish", why: "shell start-up" },
	{ id: "fish-conf-d", path: "/home/u/.config/fish/conf.d/x.fish", why: "shell start-up" },
	{ id: "authorized-keys", path: "/home/u/.ssh/authorized_keys", why: "authorized_keys" },
	{ id: "ssh-config", path: "/home/u/.ssh/config", why: "ssh client config" },
	{ id: "global-gitconfig", path: "/home/u/.gitconfig", why: "git config" },
	{ id: "xdg-gitconfig", path: "/home/u/.config/git/config", why: "git config" },
	{ id: "parallel-config", path: "/home/u/.parallel/config", why: "GNU parallel's config" },
	{ id: "parallel-profile", path: "/home/u/.parallel/rm", why: "GNU parallel's config" },
	{ id: "tree-over-project", path: "/projects/app", tree: true, why: "permission config" },
	{ id: "tree-of-dot-git", path: "/projects/app/vendor/.git", tree: true, why: "git" },
	{ id: "tree-over-pi", path: "/projects/app/.pi/extensions", tree: true, why: "permission config" },
	{ id: "tree-over-hooks-parent", path: "/projects/app/.git", tree: true, why: "git config" },
	{ id: "plain-source", path: "/projects/app/src/a.ts", why: null },
	{ id: "pi-lookalike", path: "/projects/app/.pix/settings.json", why: null },
	{ id: "nested-pi-is-not-project-pi", path: "/projects/app/sub/.pi/x", why: null },
	// ADR 0048: the whole git directory, every home dot-file and the whole agent dir are protected regions.
	{ id: "git-objects", path: "/projects/app/.git/objects/ab/cd", why: "git directory" },
	{ id: "git-config-lookalike", path: "/projects/app/.git/config.bak", why: "git directory" },
	{ id: "home-other-dotfile", path: "/home/u/.vimrc", why: "editor's start-up file" },
	{ id: "ssh-known-hosts", path: "/home/u/.ssh/known_hosts", why: "ssh's files" },
	{ id: "agent-sessions", path: "/home/u/.pi/agent/sessions/x.jsonl", why: "Pi's sessions" },
	{ id: "home-data", path: "/home/u/.cache/x", why: null },
	{ id: "home-plain-file", path: "/home/u/notes.txt", why: null },
	{ id: "git-lookalike-dir", path: "/projects/app/.gitx/config", why: null },
	{ id: "tree-elsewhere", path: "/projects/app/build", tree: true, why: null },
	{ id: "file-over-git-not-tree", path: "/projects/app", why: null },
];
