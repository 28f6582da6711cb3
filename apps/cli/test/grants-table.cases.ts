/**
 * The grant table (issue 34, ADR 0050): `grants add --project` and `--global` on every file surface and bash, over the
 * recommended policy `init` writes and over a project that also has its own config file (with comments and denies).
 * Each row either writes its rule (one grant line, every comment kept, the asked call allowed afterwards) or refuses,
 * naming the rule that keeps it from being written.
 */

/** The project's own config: comments, a plain action and a deny on the surfaces the table grants on. */
export const PROJECT_CONFIG = `{
	// team policy for this repository
	"permission": {
		"bash": {
			"npm test *": "allow", // tests are safe
			"npm publish *": "deny"
		},
		"write": {
			"*.lock": "deny" // lock files change only through the package manager
		},
		"edit": "ask",
		/* reads outside the project */
		"external_directory": {
			"/opt/secrets/*": "deny"
		}
	}
}
`;

export type GrantSetup = "recommended" | "recommended+project";

/** `{project}` in a pattern or a call stands for the project directory. */
export interface GrantTableRow {
	readonly setup: GrantSetup;
	readonly scope: "project" | "global";
	readonly surface: "bash" | "write" | "edit" | "read" | "external_directory";
	readonly pattern: string;
	/** A call the grant must allow once written: `check <tool> <input>`. */
	readonly call: readonly [string, string];
	/** Calls the policy denies before; each stays denied after a write. */
	readonly denied: readonly (readonly [string, string])[];
	readonly expect: { readonly kind: "written" } | { readonly kind: "refused"; readonly names: RegExp };
}

const SETUPS: readonly GrantSetup[] = ["recommended", "recommended+project"];
const SCOPES = ["project", "global"] as const;

const file = (path: string) => JSON.stringify({ path });

/** The surfaces' grants that every setup and scope writes. */
const WRITTEN: readonly Omit<GrantTableRow, "setup" | "scope" | "expect">[] = [
	{
		surface: "bash",
		pattern: "git commit *",
		call: ["bash", "git commit -m wip"],
		denied: [
			["bash", "rm -rf build"],
			["bash", "git push --force origin main"],
		],
	},
	{
		surface: "write",
		pattern: "{project}/src/*",
		call: ["write", JSON.stringify({ path: "src/new.ts", content: "x" })],
		denied: [["write", JSON.stringify({ path: "src/.env", content: "x" })]],
	},
	{
		surface: "edit",
		pattern: "{project}/src/*",
		call: ["edit", JSON.stringify({ path: "src/a.ts", edits: [{ oldText: "a", newText: "b" }] })],
		denied: [["edit", JSON.stringify({ path: "src/.env", edits: [{ oldText: "a", newText: "b" }] })]],
	},
	{
		// The recommended policy allows reads already; the grant is still written where it may go.
		surface: "read",
		pattern: "{project}/docs/*",
		call: ["read", file("docs/guide.md")],
		denied: [["read", file("docs/.env")]],
	},
	{
		surface: "external_directory",
		pattern: "/opt/data/*",
		call: ["read", file("/opt/data/report.txt")],
		denied: [["read", file("/opt/data/id.pem")]],
	},
];

export const GRANT_TABLE: readonly GrantTableRow[] = [
	...SETUPS.flatMap((setup) =>
		SCOPES.flatMap((scope) =>
			WRITTEN.filter((row) => !(setup === "recommended+project" && scope === "global" && row.surface === "edit")).map(
				(row) => ({ ...row, setup, scope, expect: { kind: "written" } as const }),
			),
		),
	),
	// A project grant comes after every global rule: `rm *` would take over the global `rm -rf *` / `rm -fr *` denies.
	...SETUPS.map(
		(setup): GrantTableRow => ({
			setup,
			scope: "project",
			surface: "bash",
			pattern: "rm *",
			call: ["bash", "rm build.log"],
			denied: [],
			expect: {
				kind: "refused",
				names: /would lift the deny `bash: "rm -(rf|fr) \*" → deny` \(global\) \(e\.g\. "rm -(rf|fr)"\)/,
			},
		}),
	),
	// In the global file a grant goes before the denies it overlaps, which keep their calls.
	...SETUPS.map(
		(setup): GrantTableRow => ({
			setup,
			scope: "global",
			surface: "bash",
			pattern: "git push *",
			call: ["bash", "git push origin main"],
			denied: [["bash", "git push --force origin main"]],
			expect: { kind: "written" },
		}),
	),
	// The project's plain `"edit": "ask"` replaces the global's `edit` rules: a global grant would decide nothing here.
	{
		setup: "recommended+project",
		scope: "global",
		surface: "edit",
		pattern: "{project}/src/*",
		call: ["edit", JSON.stringify({ path: "src/a.ts", edits: [{ oldText: "a", newText: "b" }] })],
		denied: [],
		expect: {
			kind: "refused",
			names: /the later rule `edit: "\*" → ask` \(project\) would still decide every value the grant covers/,
		},
	},
	// The project's own deny after the grant keeps the asked call denied wherever the grant goes.
	{
		setup: "recommended+project",
		scope: "project",
		surface: "bash",
		pattern: "npm publish --dry-run *",
		call: ["bash", "npm publish --dry-run"],
		denied: [],
		expect: {
			kind: "refused",
			names: /the later rule `bash: "npm publish \*" → deny` \(project\) would still decide `npm publish --dry-run`/,
		},
	},
	// A global grant over a project deny: the project's deny comes later and still decides its calls.
	{
		setup: "recommended+project",
		scope: "global",
		surface: "external_directory",
		pattern: "/opt/*",
		call: ["read", file("/opt/data/report.txt")],
		denied: [["read", file("/opt/secrets/token.txt")]],
		expect: { kind: "written" },
	},
];
