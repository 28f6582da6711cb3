/** Configs the corpus rows share (facts copied from the reference cases; tests read nothing outside the repository). */
import type { PermissionConfig } from "../../src/config/permission-config";
import { POSIX_FLAVOR } from "../../src/path-flavor";

export const ENV = { home: "/home/u", flavor: POSIX_FLAVOR } as const;

/** CFG-A: a complete bash policy; order matters (last match wins). */
export const CFG_A: PermissionConfig = {
	permission: {
		"*": "ask",
		bash: {
			"*": "ask",
			"git *": "ask",
			"git status": "allow",
			"cd *": "allow",
			"npm *": { action: "deny", reason: "Use pnpm instead" },
			"rm -rf *": "deny",
			"echo *": "allow",
			"ls *": "allow",
			"aws *": "allow",
			"bash *": "allow",
			"find *": "allow",
		},
	},
};

/** The file-tool policy of PP-209..217. */
export const TOOLS_CONFIG: PermissionConfig = {
	permission: {
		"*": "ask",
		read: { "*": "allow", "*.env": "deny" },
		write: { "*": "deny", "src/*": "allow" },
		edit: "ask",
		third_party_tool: "allow",
	},
};

/** The MCP policy of PP-146..150. */
export const MCP_LAYERED: PermissionConfig = {
	permission: { "*": "ask", mcp: { "*": "deny", "research_*": "ask", "research_query-*": "allow" } },
};

/** The MCP policy of PP-151..156. */
export const MCP_EXA: PermissionConfig = { permission: { "*": "ask", mcp: { "exa:*": "allow" } } };
