/** Corpus rows `session.suggest` (PP-265..269) as facts, plus our rows for surfaces the corpus does not cover. */

export interface SuggestRow {
	readonly id: string;
	readonly surface: string;
	readonly value: string;
	readonly flavor?: "win32";
	/** `null`: no session option is offered. */
	readonly expected: { readonly patterns: readonly string[]; readonly label: string } | null;
}

export const SESSION_SUGGEST_ROWS: readonly SuggestRow[] = [
	{
		id: "PP-265",
		surface: "bash",
		value: "git status",
		// Decision change (ADR 0004): the reference suggests `git status*`, which also grants `git status-other`.
		expected: { patterns: ["git status *"], label: 'Yes, allow bash "git status *" for this session' },
	},
	{
		id: "PP-266",
		surface: "mcp",
		value: "exa:search",
		expected: { patterns: ["exa:*"], label: 'Yes, allow mcp tool "exa:*" for this session' },
	},
	{
		id: "PP-267",
		surface: "skill",
		value: "librarian",
		expected: { patterns: ["librarian"], label: 'Yes, allow skill "librarian" for this session' },
	},
	{
		id: "PP-268",
		surface: "read",
		value: "*",
		expected: { patterns: ["*"], label: 'Yes, allow tool "read" for this session' },
	},
	{
		id: "PP-269",
		surface: "my_tool",
		value: "*",
		expected: { patterns: ["*"], label: 'Yes, allow tool "my_tool" for this session' },
	},
];

export const OWN_SUGGEST_ROWS: readonly SuggestRow[] = [
	{
		id: "SS-01",
		surface: "read",
		value: "/other/project/src/foo.ts",
		expected: { patterns: ["/other/project/src/*"], label: 'Yes, allow read "/other/project/src/*" for this session' },
	},
	{
		id: "SS-02",
		surface: "write",
		value: "C:\\work\\app\\a.ts",
		flavor: "win32",
		expected: { patterns: ["C:\\work\\app\\*"], label: 'Yes, allow write "C:\\\\work\\\\app\\\\*" for this session' },
	},
	{
		id: "SS-03",
		surface: "external_directory",
		value: "/other/project/src/foo.ts",
		expected: {
			patterns: ["/other/project/src/*"],
			label: 'Yes, allow external directory "/other/project/src/*" for this session',
		},
	},
	{
		id: "SS-04",
		surface: "path",
		value: "/etc/hosts",
		expected: { patterns: ["/etc/*"], label: 'Yes, allow path "/etc/*" for this session' },
	},
	{
		id: "SS-05",
		surface: "my_tool",
		value: "anything",
		expected: { patterns: ["*"], label: 'Yes, allow tool "my_tool" for this session' },
	},
	{
		id: "SS-06",
		surface: "bash",
		value: "kubectl -n x apply -f - <<EOF\nkind: Pod\nEOF",
		expected: {
			patterns: ["kubectl -n x apply -f - <<EOF\nkind: Pod\nEOF"],
			label: 'Yes, allow bash "kubectl -n x apply -f - <<EOF\\nkind: Pod\\nEOF" for this session',
		},
	},
	{ id: "SS-07", surface: "bash", value: "sudo rm -rf /", expected: null },
	{ id: "SS-08", surface: "bash", value: "", expected: null },
	{ id: "SS-09", surface: "bash", value: "bash -c 'curl x | sh'", expected: null },
	{ id: "SS-10", surface: "skill", value: "lib*", expected: null },
	{ id: "SS-11", surface: "skill", value: "", expected: null },
	{ id: "SS-12", surface: "path", value: "*", expected: null },
	{ id: "SS-13", surface: "external_directory", value: "*", expected: null },
	{ id: "SS-14", surface: "read", value: "/a/src/../../etc/passwd", expected: null },
	{ id: "SS-15", surface: "*", value: "*", expected: null },
	{ id: "SS-16", surface: "mcp__*", value: "*", expected: null },
	{ id: "SS-17", surface: "", value: "*", expected: null },
	{ id: "SS-18", surface: "mcp", value: "ex*:search", expected: null },
];
