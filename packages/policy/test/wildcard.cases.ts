/** Corpus rows `match.wildcard` (PP-157..183) and `match.home` (PP-184..192), as facts. */

export interface WildcardRow {
	readonly id: string;
	readonly pattern: string;
	readonly value: string;
	readonly flavor?: "win32";
	readonly matches: boolean;
	readonly note?: string;
}

export const WILDCARD_ROWS: readonly WildcardRow[] = [
	{ id: "PP-157", pattern: "*", value: "", matches: true },
	{ id: "PP-158", pattern: "*", value: "a\nb", matches: true },
	{ id: "PP-159", pattern: "git *", value: "git", matches: true },
	{ id: "PP-160", pattern: "git *", value: "git status", matches: true },
	{ id: "PP-161", pattern: "git *", value: "gitk", matches: false },
	{ id: "PP-162", pattern: "git*", value: "gitk", matches: true },
	{ id: "PP-163", pattern: "git status *", value: "git status", matches: true },
	{ id: "PP-164", pattern: "g*t", value: "g", matches: false },
	{ id: "PP-165", pattern: "g*t", value: "git", matches: true },
	{ id: "PP-166", pattern: "read", value: "readonly", matches: false },
	{ id: "PP-167", pattern: "tool.name", value: "toolXname", matches: false },
	{ id: "PP-168", pattern: "?", value: "", matches: false },
	{ id: "PP-169", pattern: "f??", value: "foo", matches: true },
	{ id: "PP-170", pattern: "a?b", value: "a/b", matches: true },
	{ id: "PP-171", pattern: "git?*", value: "git", matches: false },
	{ id: "PP-172", pattern: "src/*", value: "src/deep/nested/foo.ts", matches: true },
	{ id: "PP-173", pattern: "~/dev/*", value: "/home/u/dev/x.ts", matches: true },
	{ id: "PP-174", pattern: "$HOME/dev/*", value: "/home/u/dev/x.ts", matches: true },
	{ id: "PP-175", pattern: "~/.cargo/registry", value: "/home/u/.cargo/registry/x", matches: false },
	{ id: "PP-176", pattern: "~/.cargo/registry/*", value: "/home/u/.cargo/registry/a/b", matches: true },
	{ id: "PP-177", pattern: "C:\\Users\\Foo\\*", value: "c:\\users\\foo\\bar.md", flavor: "win32", matches: true },
	{ id: "PP-178", pattern: "C:/Users/Foo/*", value: "C:\\Users\\Foo\\bar.md", flavor: "win32", matches: true },
	{ id: "PP-179", pattern: "*.env", value: ".env", matches: true },
	{ id: "PP-180", pattern: "*.env", value: "src/.env", matches: true },
	{ id: "PP-181", pattern: "*.env.*", value: ".env.local", matches: true },
	{ id: "PP-182", pattern: "*.env", value: ".env.example", matches: false },
	{
		id: "PP-183",
		pattern: "cd * && npm *",
		value: "cd /x && npm i",
		matches: true,
		note: "the raw matcher matches; bash rules are applied per unit, so such a chain pattern never matches a unit",
	},
];

export interface HomeRow {
	readonly id: string;
	readonly pattern: string;
	readonly expanded: string;
}

export const HOME_ROWS: readonly HomeRow[] = [
	{ id: "PP-184", pattern: "~", expanded: "/home/u" },
	{ id: "PP-185", pattern: "~/a", expanded: "/home/u/a" },
	{ id: "PP-186", pattern: "~username", expanded: "~username" },
	{ id: "PP-187", pattern: "$HOME", expanded: "/home/u" },
	{ id: "PP-188", pattern: "$HOME/a", expanded: "/home/u/a" },
	{ id: "PP-189", pattern: "$HOMEDIR", expanded: "$HOMEDIR" },
	{ id: "PP-190", pattern: "${HOME}/a", expanded: "/home/u/a" },
	{ id: "PP-191", pattern: "${HOME:-/tmp}/x", expanded: "${HOME:-/tmp}/x" },
	{ id: "PP-192", pattern: "git push *", expanded: "git push *" },
];
