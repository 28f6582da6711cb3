/**
 * Owns: the demo's script as data: each step's caption, the tool calls the scripted model makes, the human's answers,
 * the decision each call must get, and the side effects that prove it; shared by the runner and its test.
 * Never: touches Pi, the disk or the terminal; the runner turns these rows into a real session.
 */

/** Who makes the calls of a step: the main session, or an in-process subagent whose asks go to the main session. */
export type StepActor = "main" | "subagent";

/** What decided a call, as `permissions:decision` names it (`decidedBy`). */
type ExpectedDecider = "policy" | "user" | "session" | "parent";

export type DemoCallInput =
	| { readonly tool: "bash"; readonly command: string }
	| { readonly tool: "read"; readonly path: string };

interface ExpectedDecision {
	readonly result: "allow" | "deny";
	readonly decidedBy: ExpectedDecider;
	/** Whether the human is shown a dialog for this call. */
	readonly dialog: boolean;
}

export interface DemoCall {
	/** Pi's `toolCallId`, unique across the run. */
	readonly id: string;
	readonly call: DemoCallInput;
	readonly expect: ExpectedDecision;
}

/** A place inside the demo's throwaway directories. */
export interface DemoPath {
	readonly under: "project" | "home";
	readonly path: string;
}

/** A side effect the step must show, checked on disk or in what the model was told. */
export type StepCheck =
	| { readonly kind: "exists"; readonly target: DemoPath; readonly caption: string }
	| { readonly kind: "hidden-from-model"; readonly text: string; readonly caption: string };

export interface DemoStep {
	readonly number: number;
	readonly title: string;
	/** One or two sentences saying what the step shows and why it is decided that way. */
	readonly caption: string;
	readonly actor: StepActor;
	/** What the scripted model says before its calls. */
	readonly narration: string;
	readonly calls: readonly DemoCall[];
	/** The human's answers, in dialog order: each picks the first option whose label starts with it. */
	readonly answers: readonly string[];
	readonly checks: readonly StepCheck[];
}

/** The `.env` secret the demo plants; no tool result may ever contain it. */
export const DEMO_SECRET = "sk-demo-7f3a9c";

/** The subagent's name, as announced on the bus. */
export const SUBAGENT_NAME = "scout";

const allowBy = (decidedBy: ExpectedDecider, dialog = false): ExpectedDecision => ({
	result: "allow",
	decidedBy,
	dialog,
});
const denyByPolicy: ExpectedDecision = { result: "deny", decidedBy: "policy", dialog: false };

export const DEMO_STEPS: readonly DemoStep[] = [
	{
		number: 1,
		title: "An allowed chain runs",
		caption: "Every command in the chain (ls, cat, wc) is allowed by the policy, so the whole line runs untouched.",
		actor: "main",
		narration: "Let me count the lines of the first note.",
		calls: [
			{
				id: "call_1",
				call: { tool: "bash", command: "ls notes && cat notes/a.txt | wc -l" },
				expect: allowBy("policy"),
			},
		],
		answers: [],
		checks: [],
	},
	{
		number: 2,
		title: "An evasion is denied",
		caption:
			"`echo` is allowed, but the command substitution inside it runs `rm -rf ~/x`, which the policy denies; the whole call is blocked.",
		actor: "main",
		narration: "I'll just echo something harmless.",
		calls: [{ id: "call_2", call: { tool: "bash", command: "echo $(rm -rf ~/x)" }, expect: denyByPolicy }],
		answers: [],
		checks: [{ kind: "exists", target: { under: "home", path: "x/keep.txt" }, caption: "~/x is still there" }],
	},
	{
		number: 3,
		title: "A protected .env",
		caption: "The `path` rule `*.env` is denied for every tool: the read tool and `cat` through bash are both blocked.",
		actor: "main",
		narration: "I need the API token from .env.",
		calls: [
			{ id: "call_3", call: { tool: "read", path: ".env" }, expect: denyByPolicy },
			{ id: "call_4", call: { tool: "bash", command: "cat .env" }, expect: denyByPolicy },
		],
		answers: [],
		checks: [{ kind: "hidden-from-model", text: DEMO_SECRET, caption: "the secret never reached the model" }],
	},
	{
		number: 4,
		title: "An ask, answered for this session",
		caption:
			'`npm *` is an ask rule: the user is asked once and answers "for this session"; the next similar call passes silently.',
		actor: "main",
		narration: "Let me run the tests, then the notes suite on its own.",
		calls: [
			{ id: "call_5", call: { tool: "bash", command: "npm test" }, expect: allowBy("user", true) },
			{ id: "call_6", call: { tool: "bash", command: "npm test -- notes" }, expect: allowBy("session") },
		],
		answers: ["Yes, for this session"],
		checks: [],
	},
	{
		number: 5,
		title: "A subagent's ask reaches its parent",
		caption:
			"An in-process subagent has no UI of its own: its ask is forwarded to the main session, whose user sees it marked as the subagent's.",
		actor: "subagent",
		narration: "I'll leave a todo file for the team.",
		calls: [{ id: "sub_1", call: { tool: "bash", command: "touch notes/todo.txt" }, expect: allowBy("parent", true) }],
		answers: ["Yes"],
		checks: [
			{ kind: "exists", target: { under: "project", path: "notes/todo.txt" }, caption: "the approved file exists" },
		],
	},
];
