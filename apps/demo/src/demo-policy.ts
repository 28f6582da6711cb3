/**
 * Owns: the demo's global policy (the config file pi-permissions loads from the throwaway agent dir) and a short
 * human summary of it for the demo's header.
 * Never: reads or writes the operator's real config.
 */
import { DEMO_SECRET } from "./demo-steps";

export const DEMO_POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		// Bash writes meet the `write` rule too (ADR 0027); allowed here so each step shows one decision per call.
		write: "allow",
		bash: {
			"*": "ask",
			"ls *": "allow",
			"cat *": "allow",
			"wc *": "allow",
			"echo *": "allow",
			"npm *": "ask",
			"rm -rf *": { action: "deny", reason: "delete files yourself" },
		},
		path: {
			"*.env": { action: "deny", reason: "environment files hold secrets" },
		},
	},
} as const;

export const DEMO_POLICY_SUMMARY: readonly string[] = [
	"bash: ls, cat, wc, echo allowed · npm asked · rm -rf denied · anything else asked",
	"path: *.env denied for every tool · read and write: allowed (protected files still ask)",
];

/** The throwaway project: a secret, notes, and a test script `npm test` can run offline. */
export const DEMO_PROJECT_FILES: Readonly<Record<string, string>> = {
	".env": `API_TOKEN=${DEMO_SECRET}\n`,
	"notes/a.txt": "buy milk\nship the demo\ncall the printer people\n",
	"notes/b.txt": "ideas go here\n",
	"package.json": `${JSON.stringify({ name: "demo-project", private: true, scripts: { test: "node run-tests.mjs" } }, null, 2)}\n`,
	"run-tests.mjs": [
		"const only = process.argv[2];",
		"const suites = { notes: 2, parser: 3 };",
		"for (const [name, count] of Object.entries(suites)) {",
		"\tif (only === undefined || only === name) console.log(`ok ${name}: ${count} tests passed`);",
		"}",
		"",
	].join("\n"),
};

/** The throwaway home: the target of the evasion in step 2. */
export const DEMO_HOME_FILES: Readonly<Record<string, string>> = {
	"x/keep.txt": "still here\n",
};
