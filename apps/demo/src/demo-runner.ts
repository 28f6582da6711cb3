/**
 * Owns: running the demo's steps against real Pi sessions: open the main session with the scripted human, run each
 * step (the subagent step in a child session), print it, judge it against its caption, then print the review log and
 * the tally; the result is the process exit code (0 only when every step behaved as captioned).
 * Never: reads `process.*`; the composition root passes the workspace, the extension, the output and the global host.
 */
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { ServingRegistry } from "@pi-permissions/authority";
import { DEMO_POLICY_SUMMARY } from "./demo-policy";
import { DemoSession } from "./demo-session";
import { DEMO_STEPS, type DemoStep, SUBAGENT_NAME } from "./demo-steps";
import type { DemoWorkspace } from "./demo-workspace";
import { type DecisionTally, readReviewLog, tallyLine } from "./review-log-summary";
import { ScriptedHuman } from "./scripted-human";
import { StepPrinter } from "./step-printer";
import { type StepEntry, StepRecord } from "./step-record";
import { judgeStep } from "./step-verdict";
import { SubagentSession } from "./subagent-session";
import type { Paint } from "./terminal-style";

interface DemoRunDeps {
	readonly space: DemoWorkspace;
	/** pi-permissions' extension factory, loaded into every session. */
	readonly extension: ExtensionFactory;
	readonly paint: Paint;
	readonly write: (line: string) => void;
	/** Where process-global registries live (`globalThis`), for the serving check of the subagent step. */
	readonly globalHost: object;
	readonly steps?: readonly DemoStep[];
}

/** Why a failed subagent step failed, when the main session never announced that it serves forwarded asks. */
const NOT_SERVING_HINT = "the main session is not serving forwarded asks (no entry in the serving registry)";

export async function runDemo(deps: DemoRunDeps): Promise<number> {
	const { space, paint, write } = deps;
	const steps = deps.steps ?? DEMO_STEPS;
	const printer = new StepPrinter({ paint, write, shorten: (text) => space.shorten(text) });
	intro(deps);
	const record = new StepRecord();
	const human = new ScriptedHuman(record);
	const main = await DemoSession.open({
		space,
		actor: "main",
		extension: deps.extension,
		record,
		ui: human.uiContext(),
	});
	const tally: MutableTally = { decisions: 0, allowed: 0, denied: 0, asked: 0 };
	let failed = 0;
	try {
		record.take();
		// pi-permissions' start-up notices (config problems, an untrusted project) say why a step might go astray.
		for (const notice of human.notices) write(`  ${paint("yellow", `notice  ${space.shorten(notice)}`)}`);
		for (const step of steps) {
			printer.header(step);
			human.script(step.answers);
			await runStep(step, deps, main, record);
			const entries = record.take();
			printer.entries(step, entries);
			const verdict = judgeStep(step, entries, (check) => space.exists(check.target));
			printer.verdict(verdict);
			count(tally, step, entries);
			if (verdict.ok) continue;
			failed += 1;
			if (step.actor === "subagent" && !mainSessionServesForwardedAsks(deps.globalHost, main)) {
				write(`  ${paint("yellow", `hint: ${NOT_SERVING_HINT}`)}`);
			}
		}
	} finally {
		await main.close();
	}
	await printReviewLog(deps);
	write("");
	write(paint("bold", tallyLine(tally)));
	if (failed > 0) write(paint("red", `${failed} step(s) did not behave as captioned`));
	return failed === 0 ? 0 : 1;
}

function intro({ space, paint, write }: DemoRunDeps): void {
	write(paint("bold", "pi-permissions · live demo"));
	write(paint("dim", "A real Pi session (SDK, scripted faux model, no network, no API key) gated by pi-permissions."));
	write("");
	write(`  ${paint("dim", "project".padEnd(8))}${space.cwd}  (.env, notes/, package.json)`);
	write(`  ${paint("dim", "policy".padEnd(8))}${space.configFile}`);
	for (const line of DEMO_POLICY_SUMMARY) write(`  ${" ".repeat(8)}${line}`);
}

async function runStep(step: DemoStep, deps: DemoRunDeps, main: DemoSession, record: StepRecord): Promise<void> {
	const prompt = `Step ${step.number}: ${step.title}`;
	switch (step.actor) {
		case "main":
			await main.run(prompt, step.narration, step.calls);
			return;
		case "subagent": {
			const child = await SubagentSession.spawn({
				space: deps.space,
				parent: main,
				agentName: SUBAGENT_NAME,
				extension: deps.extension,
				record,
			});
			try {
				await child.session.run(prompt, step.narration, step.calls);
			} finally {
				await child.close();
			}
			return;
		}
		default: {
			const unhandled: never = step.actor;
			throw new Error(`unhandled step actor ${String(unhandled)}`);
		}
	}
}

/**
 * The named check behind a failed subagent step: a serving session announces itself in the process-global serving
 * registry; without that, a subagent's ask can only be refused as unavailable.
 */
function mainSessionServesForwardedAsks(globalHost: object, main: DemoSession): boolean {
	return new ServingRegistry(globalHost).isServing(main.sessionId);
}

type MutableTally = { -readonly [K in keyof DecisionTally]: DecisionTally[K] };

/** Counts the acting sessions' decisions (a serving parent's own record of a forwarded ask is not a second one). */
function count(tally: MutableTally, step: DemoStep, entries: readonly StepEntry[]): void {
	for (const entry of entries) {
		if (entry.kind === "dialog") tally.asked += 1;
		if (entry.kind !== "decision" || entry.source !== step.actor) continue;
		tally.decisions += 1;
		if (entry.fact.result === "allow") tally.allowed += 1;
		else tally.denied += 1;
	}
}

async function printReviewLog({ space, paint, write }: DemoRunDeps): Promise<void> {
	write("");
	write(paint("bold", paint("cyan", `── review log ${"─".repeat(50)}`)));
	write(`  ${paint("dim", space.reviewLogFile)}`);
	const read = await readReviewLog(space.reviewLogFile);
	if (read.kind === "missing") {
		write(`  ${paint("red", `no review log: ${read.reason}`)}`);
		return;
	}
	for (const line of read.lines) {
		if (line.kind === "event") {
			write(`  ${paint("dim", `${line.event}  ${line.fields}`)}`);
			continue;
		}
		const result = line.result === "allow" ? paint("green", "allow") : paint("red", "deny ");
		const value = space.shorten(line.value).padEnd(36);
		write(`  ${result}  ${line.toolName.padEnd(5)} ${value} ${paint("dim", line.decidedBy)}`);
	}
	if (read.unreadable > 0) write(`  ${paint("red", `${read.unreadable} line(s) were not decision records`)}`);
}
