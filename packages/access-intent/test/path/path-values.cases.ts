/** Corpus `path.values` (PP-193..198): the match values of one token; defaults cwd `/projects/app`, home `/home/u`. */
export interface PathValuesCase {
	readonly id: string;
	readonly token: string;
	/** Directory a relative token is resolved against (`resolveBase`), when not the cwd. */
	readonly base?: string;
	readonly matchValues: readonly string[];
	/** Set when we deliberately differ from the reference; the row asserts our behaviour. */
	readonly reason?: string;
}

export const PATH_VALUES_CASES: readonly PathValuesCase[] = [
	{
		id: "PP-193",
		token: "src/foo.ts",
		matchValues: ["/projects/app/src/foo.ts", "src/foo.ts"],
		reason:
			"the reference's cwd-less call yields only `src/foo.ts`; our normalizer is always born with a cwd, and the typed form stays among the values",
	},
	{ id: "PP-194", token: "src/foo.ts", matchValues: ["/projects/app/src/foo.ts", "src/foo.ts"] },
	{ id: "PP-195", token: "/etc/hosts", matchValues: ["/etc/hosts"] },
	{
		id: "PP-196",
		token: "foo.txt",
		base: "/projects/app/nested",
		matchValues: ["/projects/app/nested/foo.txt", "nested/foo.txt", "foo.txt"],
	},
	{
		id: "PP-197",
		token: "*",
		matchValues: ["/projects/app/*", "*"],
		reason:
			"the reference keeps a glob token literal-only (`*`); we add the lexical absolute form so a relative glob that climbs (`../../etc/*`) still meets absolute rules",
	},
	{ id: "PP-198", token: "~/x/y", matchValues: ["/home/u/x/y"] },
];
