/** Corpus rows `session.pattern` (PP-253..262) as facts, plus our own refusals and edge rows. */

export interface PathPatternRow {
	readonly id: string;
	readonly pathValue: string;
	readonly flavor: "posix" | "win32";
	readonly expected: string | null;
	readonly note?: string;
}

export const SESSION_PATTERN_ROWS: readonly PathPatternRow[] = [
	{ id: "PP-253", pathValue: "/other/project/src/foo.ts", flavor: "posix", expected: "/other/project/src/*" },
	{ id: "PP-254", pathValue: "/other/project/src/", flavor: "posix", expected: "/other/project/src/*" },
	{ id: "PP-255", pathValue: "/other/project/src", flavor: "posix", expected: "/other/project/*" },
	{ id: "PP-256", pathValue: "/", flavor: "posix", expected: "/*" },
	{ id: "PP-257", pathValue: "/dev/null", flavor: "posix", expected: "/dev/*" },
	{ id: "PP-258", pathValue: "src/.env", flavor: "posix", expected: "src/*" },
	{ id: "PP-259", pathValue: "index.html", flavor: "posix", expected: "./*" },
	{ id: "PP-260", pathValue: "C:\\foo\\bar.ts", flavor: "win32", expected: "C:\\foo\\*" },
	{ id: "PP-261", pathValue: "/tmp/logs/", flavor: "win32", expected: "/tmp/logs/*" },
	{ id: "PP-262", pathValue: "index.html", flavor: "win32", expected: ".\\*" },
];

export const OWN_PATH_ROWS: readonly PathPatternRow[] = [
	{ id: "PA-01", pathValue: "~/dev/app/x.ts", flavor: "posix", expected: "~/dev/app/*" },
	{
		id: "PA-02",
		pathValue: "C:\\foo\\bar.ts",
		flavor: "posix",
		expected: "./*",
		note: "a backslash is a name character on posix",
	},
	{ id: "PA-03", pathValue: "C:/Users/Me/notes.md", flavor: "win32", expected: "C:/Users/Me/*" },
	{ id: "PA-04", pathValue: "\\\\server\\share\\a.txt", flavor: "win32", expected: "\\\\server\\share\\*" },
	{
		id: "PA-05",
		pathValue: "/a/src/*.ts",
		flavor: "posix",
		expected: "/a/src/*",
		note: "a wildcard in the name is replaced",
	},
	{
		id: "PA-06",
		pathValue: "/a/*/x.ts",
		flavor: "posix",
		expected: null,
		note: "a wildcard in the directory would widen",
	},
	{ id: "PA-07", pathValue: "/a/sr?/x.ts", flavor: "posix", expected: null },
	{ id: "PA-08", pathValue: "/a/src/../x.ts", flavor: "posix", expected: null, note: "`..` is refused, not resolved" },
	{ id: "PA-09", pathValue: "C:\\a\\..\\x.ts", flavor: "win32", expected: null },
	{ id: "PA-10", pathValue: "", flavor: "posix", expected: null },
	{ id: "PA-11", pathValue: "~", flavor: "posix", expected: null, note: "a bare home reference has no known parent" },
	{ id: "PA-12", pathValue: "$HOME", flavor: "posix", expected: null },
	{ id: "PA-13", pathValue: "C:notes.txt", flavor: "win32", expected: null, note: "drive-relative" },
	{ id: "PA-14", pathValue: "/a/.hidden/x", flavor: "posix", expected: "/a/.hidden/*" },
];
