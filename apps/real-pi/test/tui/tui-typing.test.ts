/**
 * ADR 0049 acceptance, in Pi's interactive TUI (tmux): a person types 30 ordinary English sentences full of doubled
 * letters (`ss`, `gg`, `yy`, `aa`, `nn`, `rr`), each ended with enter, into three open dialogs (a bash ask, a write,
 * and a command an "always" grant may be written for), at human speed (80–250 ms between keys, some pauses before a
 * sentence), then pastes them (a bracketed paste and an unbracketed burst): nothing is approved, no grant is written
 * (both config files are byte for byte unchanged), the dialog says the keys were ignored, and it still answers a
 * deliberate choice afterwards.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { DELIBERATE_PAUSE_MS, pressDeliberately } from "../support/deliberate-keys";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor } from "../support/pi-harness";
import type { PiSandbox, ReviewLogLine } from "../support/pi-sandbox";
import { bashTurn, type ScriptedTurn } from "../support/scripted-turns";
import { TmuxTerminal } from "../support/tmux-terminal";
import { type DialogOnScreen, findDialog } from "../support/tui-dialog-screen";

/** Each holds at least one of the doubled letters a dialog shortcut once confirmed on (`ss`, `gg`, `yy`, …). */
const SENTENCES: readonly string[] = [
	"wait, I need to check the class first",
	"hmm, is debugging on",
	"sorry, the puppy is asleep",
	"Anna runs a bazaar",
	"I guess it is wrong",
	"see the funny bunny",
	"the baggage is in",
	"my gallery is a mess",
	"dinner at seven",
	"use yyyy, not yy",
	"a passing error",
	"hurry, it leaves soon",
	"running the command",
	"a happy essay",
	"Savannah is across",
	"a cheery carrot",
	"the aardvark digs",
	"jogging is good",
	"stress is unnecessary",
	"my granny knits",
	"an error in the mirror",
	"a bigger issue",
	"a shaggy dog",
	"Isaac saw a bazaar",
	"the spinner spins",
	"arrows, sorry",
	"add a foggy aside",
	"yes, press enter",
	"a bigger boat, I guess",
	"Ryan says yyyy-mm",
];

/** Human typing: 80–250 ms between keys (typists' inter-key intervals average about 240 ms, fast ones under 120). */
const KEY_DELAY = { minMs: 80, maxMs: 250 } as const;
/** Before every third sentence the typist stops to think, longer than the dialog's typing window. */
const THINKING_PAUSE_MS = 1_700;

/** The project's config, with comments; a grant would add a line to it. */
const PROJECT_CONFIG = `{
	// the project's policy
	"permission": {
		"bash": { "*": "ask" },
		"write": "ask"
	}
}
`;
const GLOBAL_CONFIG = { permission: { "*": "allow", bash: { "*": "ask", "rm -rf *": "deny" }, write: "ask" } };

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

/** A small deterministic generator (mulberry32): the same delays on every run. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

/** Types each sentence key by key at human speed, each ended with enter, pausing to think before every third. */
async function typeLikeAPerson(terminal: TmuxTerminal, sentences: readonly string[], next: () => number) {
	let due = Date.now();
	for (const [index, sentence] of sentences.entries()) {
		if (index % 3 === 0) due += THINKING_PAUSE_MS;
		for (const key of [...sentence, "\n"]) {
			due += KEY_DELAY.minMs + Math.floor(next() * (KEY_DELAY.maxMs - KEY_DELAY.minMs + 1));
			// The next key is due at a fixed time, whatever tmux took to deliver the last one.
			await sleep(Math.max(0, due - Date.now()));
			if (key === "\n") await terminal.press("Enter");
			else await terminal.type(key);
		}
	}
}

/** The same sentences as a bracketed paste, then as one unbracketed burst (each line ended with a carriage return). */
async function pasteThem(terminal: TmuxTerminal, sentences: readonly string[]) {
	await terminal.paste(`${sentences.join("\n")}\n`);
	await sleep(300);
	await terminal.type(`${sentences.join("\r")}\r`);
}

function dialogShowing(terminal: TmuxTerminal, text: string, timeoutMs = 30_000): Promise<DialogOnScreen> {
	return terminal.waitForScreen(
		`the permission dialog showing "${text}"`,
		(rows) => {
			const dialog = findDialog(rows);
			return dialog?.text.includes(text) === true ? dialog : undefined;
		},
		timeoutMs,
	);
}

/** What each decision was, in a form a failure prints readably. */
function summary(decisions: readonly ReviewLogLine[]): string[] {
	return decisions.map((line) => `${String(line.value)} ${String(line.result)} ${String(line.resolution)}`);
}

function waitForDecisions(sandbox: PiSandbox, count: number): Promise<ReviewLogLine[]> {
	return pollUntil(
		() => {
			const decisions = sandbox.decisions();
			return decisions.length >= count ? decisions : undefined;
		},
		{
			what: `${count} decision(s) in the review log`,
			timeoutMs: 20_000,
			detail: () => JSON.stringify(sandbox.reviewLog()),
		},
	);
}

describe("a dialog typing cannot answer (ADR 0049)", () => {
	it("ignores 30 typed and pasted sentences in three dialogs, writes no grant, and still takes a deliberate choice", async () => {
		const sandbox = sandboxFor(cleanup, GLOBAL_CONFIG);
		writeFileSync(join(sandbox.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
		const projectFile = join(sandbox.cwd, ".pi", "extensions", "pi-permissions", "config.json");
		mkdirSync(dirname(projectFile), { recursive: true });
		writeFileSync(projectFile, PROJECT_CONFIG);
		const globalText = readFileSync(sandbox.configFile, "utf8");
		const victim = sandbox.writeFile("victim.txt");
		const script: ScriptedTurn[] = [
			bashTurn("rm victim.txt"),
			{ kind: "tool", tool: "write", arguments: { path: "notes.txt", content: "hello" } },
			bashTurn("npm test"),
			{ kind: "text", text: "ALL-ASKED" },
		];
		const terminal = await TmuxTerminal.start(
			piCommand({
				sandbox,
				mode: { kind: "tui", prompt: "go" },
				script,
				tools: ["bash", "write"],
				extensions: [piPermissionsExtension()],
			}),
			{ columns: 160, rows: 45 },
		);
		cleanup.defer(() => terminal.kill());
		const next = random(49);
		const unchanged = () => {
			expect(readFileSync(projectFile, "utf8")).toBe(PROJECT_CONFIG);
			expect(readFileSync(sandbox.configFile, "utf8")).toBe(globalText);
		};
		const typeInto = async (sentences: readonly string[]) => {
			await typeLikeAPerson(terminal, sentences, next);
			await pasteThem(terminal, sentences);
			// Longer than the typing window and an approval's quiet period: anything pending would be done by now.
			await sleep(DELIBERATE_PAUSE_MS);
		};

		// 1. A bash ask: nothing typed answers it; y and enter, pressed as a person means them, approve it once.
		// Pi's first start in a fresh sandbox can take a while on a busy machine.
		const first = await dialogShowing(terminal, "rm victim.txt", 60_000);
		expect(first.text).toContain("[s] Yes, for this session");
		await typeInto(SENTENCES.slice(0, 10));
		expect(sandbox.decisions()).toEqual([]);
		expect(existsSync(victim)).toBe(true);
		unchanged();
		const stillOpen = await dialogShowing(terminal, "rm victim.txt");
		expect(stillOpen.text).toContain("keys typed while this appeared were ignored");
		await pressDeliberately(terminal, "y", "Enter");
		const [approved] = await waitForDecisions(sandbox, 1);
		expect(approved).toMatchObject({ result: "allow", resolution: "user_approved", decidedBy: "user" });
		await pollUntil(() => (existsSync(victim) ? undefined : true), { what: "rm to run", timeoutMs: 20_000 });
		// One call may be decided on several surfaces (`rm` writes a file): each is a line of the review log.
		const afterFirst = summary(sandbox.decisions());

		// 2. A write: nothing typed answers it; moving up to "No" (from the last entry) and enter deny it.
		await dialogShowing(terminal, "notes.txt");
		await typeInto(SENTENCES.slice(10, 20));
		expect(summary(sandbox.decisions())).toEqual(afterFirst);
		expect(existsSync(join(sandbox.cwd, "notes.txt"))).toBe(false);
		unchanged();
		await pressDeliberately(terminal, "Up", "Up");
		await dialogShowing(terminal, "enter to confirm: No ·");
		await pressDeliberately(terminal, "Enter");
		const denied = await waitForDecisions(sandbox, afterFirst.length + 1);
		expect(denied.at(-1)).toMatchObject({ result: "deny", resolution: "user_denied" });
		const afterSecond = summary(sandbox.decisions());

		// 3. A command an "always" grant may be written for: typing writes no grant; g and enter only show the rule and
		// the file, esc goes back, and n with enter denies.
		const third = await dialogShowing(terminal, "npm test");
		expect(third.text).toContain('[a] Always, in this project ("npm test *"');
		expect(third.text).toContain('[g] Always, everywhere ("npm test *"');
		await typeInto(SENTENCES.slice(20, 30));
		expect(summary(sandbox.decisions())).toEqual(afterSecond);
		unchanged();
		await pressDeliberately(terminal, "g", "Enter");
		const step = await dialogShowing(terminal, "enter to confirm the write");
		expect(step.text).toContain('rule: "npm test *": "allow" in permission.bash');
		expect(step.text).toContain(`file: ${sandbox.configFile} (every project)`);
		unchanged();
		await pressDeliberately(terminal, "Escape", "n", "Enter");
		await terminal.waitForText("ALL-ASKED");
		const decisions = await waitForDecisions(sandbox, afterSecond.length + 1);
		expect(decisions.at(-1)).toMatchObject({ value: "npm test", result: "deny", resolution: "user_denied" });
		expect(decisions).toHaveLength(afterSecond.length + 1);
		unchanged();
	}, 300_000);
});
