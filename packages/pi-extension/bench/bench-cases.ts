/**
 * Owns: what the bench decides: the four tool calls (a 1-unit bash command, a 10-unit chain, a 200-line script, a
 * read), the project files they touch, and the policy that allows every one of them without a prompt.
 * Never: times anything; a case that does not come out `allow` is a broken bench, not a slow one.
 */

export interface BenchCase {
	readonly label: string;
	readonly toolName: "bash" | "read";
	readonly input: Readonly<Record<string, unknown>>;
	/** Calls per timed batch: enough that one batch lasts well over a millisecond. */
	readonly batch: number;
}

/** Global config: every command and path the cases use is allowed; everything else asks. */
export const BENCH_POLICY = {
	permission: {
		"*": "ask",
		bash: {
			"*": "ask",
			"ls *": "allow",
			"cat *": "allow",
			"grep *": "allow",
			"echo *": "allow",
			"wc *": "allow",
			"head *": "allow",
			"sort *": "allow",
			"rm *": "deny",
		},
		path: { "*.env": "deny" },
		read: "allow",
	},
} as const;

const SOURCE_FILES = Array.from({ length: 10 }, (_, i) => `src/file${i}.ts`);

/** The real files under the project dir (the normalizer probes them). */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
	"README.md": "# bench project\n",
	...Object.fromEntries(SOURCE_FILES.map((path, i) => [path, `export const value${i} = ${i};\n`])),
};

/** Ten units joined by `&&`, `|` and `;`. */
const CHAIN = [
	"ls -la src",
	"&& cat README.md",
	"| grep bench",
	"; echo checked",
	"&& wc -l src/file1.ts",
	"| sort -n",
	"; head -n 3 src/file2.ts",
	"&& grep -n value src/file3.ts",
	"| wc -l",
	"; echo done",
].join(" ");

const SCRIPT = Array.from({ length: 200 }, (_, i) => {
	const file = SOURCE_FILES[i % SOURCE_FILES.length];
	switch (i % 4) {
		case 0:
			return `cat ${file} | grep -n value${i % 10}`;
		case 1:
			return `echo "line ${i}" && ls -la src`;
		case 2:
			return `wc -l ${file} README.md`;
		default:
			return `head -n 2 ${file} | sort`;
	}
}).join("\n");

export const BENCH_CASES: readonly BenchCase[] = [
	{ label: "1-unit bash", toolName: "bash", input: { command: "ls -la" }, batch: 200 },
	{ label: "10-unit chain", toolName: "bash", input: { command: CHAIN }, batch: 40 },
	{ label: "200-line script", toolName: "bash", input: { command: SCRIPT }, batch: 3 },
	{ label: "read", toolName: "read", input: { path: "README.md" }, batch: 200 },
];
