/**
 * Owns: how one step reads on the terminal: its caption, the model's narration, each call, the dialog the human was
 * shown (the text pi-permissions rendered) and the pick, each published decision, what the model was told back, and
 * the step's verdict. The `decision` lines are a stable format the demo's test reads.
 * Never: decides anything; it prints what the record and the verdict say.
 */
import type { DecisionFact } from "@pi-permissions/pi-extension";
import { type DemoStep, SUBAGENT_NAME } from "./demo-steps";
import type { DialogShown, EntrySource, StepEntry } from "./step-record";
import type { StepVerdict } from "./step-verdict";
import type { Paint } from "./terminal-style";

/** Lines of a tool's output shown before the rest is summarised. */
const OUTPUT_PREVIEW_LINES = 4;

interface StepPrinterDeps {
	readonly paint: Paint;
	/** Shortens the demo's temporary paths for display. Must not throw. */
	readonly shorten: (text: string) => string;
	readonly write: (line: string) => void;
}

export class StepPrinter {
	constructor(private readonly deps: StepPrinterDeps) {}

	header(step: DemoStep): void {
		const { paint, write } = this.deps;
		const title = `${step.number}. ${step.title} `;
		write("");
		write(paint("bold", paint("cyan", `── ${title}${"─".repeat(Math.max(4, 64 - title.length))}`)));
		write(`  ${paint("dim", step.caption)}`);
		write(`  ${paint("magenta", `“${step.narration}”`)}`);
	}

	entries(step: DemoStep, entries: readonly StepEntry[]): void {
		for (const entry of entries) this.entry(step, entry);
	}

	verdict(verdict: StepVerdict): void {
		const { paint, write } = this.deps;
		for (const check of verdict.checks) {
			write(`  ${check.ok ? paint("green", "✔") : paint("red", "✘")} ${check.caption}`);
		}
		if (verdict.ok) {
			write(`  ${paint("green", "✔ as captioned")}`);
			return;
		}
		for (const problem of verdict.problems) write(`  ${paint("red", `✘ not as captioned: ${problem}`)}`);
	}

	private entry(step: DemoStep, entry: StepEntry): void {
		const { paint, write, shorten } = this.deps;
		switch (entry.kind) {
			case "call": {
				const who = entry.source === "subagent" ? SUBAGENT_NAME : "model";
				write(`  ${paint("bold", who.padEnd(8))}${entry.text}`);
				return;
			}
			case "dialog":
				this.dialog(entry.dialog);
				return;
			case "decision":
				write(decisionLine(step, entry.source, entry.fact, paint, shorten));
				return;
			case "result":
				this.result(entry.isError, entry.text);
				return;
			default: {
				const unhandled: never = entry;
				throw new Error(`unhandled step entry ${String(unhandled)}`);
			}
		}
	}

	private dialog(dialog: DialogShown): void {
		const { paint, write, shorten } = this.deps;
		write(`  ${paint("yellow", "┌─ dialog shown to the user")}`);
		for (const line of shorten(dialog.title).split("\n")) write(`  ${paint("yellow", "│")} ${line}`);
		if (dialog.options.length > 0) {
			write(`  ${paint("yellow", "│")} ${dialog.options.map((option) => `[${option}]`).join("  ")}`);
		}
		const pick = dialog.picked === undefined ? "(dismissed)" : dialog.picked;
		write(`  ${paint("yellow", "└─ user picks:")} ${paint("bold", pick)}`);
	}

	private result(isError: boolean, text: string): void {
		const { paint, write, shorten } = this.deps;
		const lines = shorten(text).trim().split("\n");
		const label = isError ? "agent sees" : "output";
		const shown = lines.slice(0, OUTPUT_PREVIEW_LINES);
		shown.forEach((line, index) => {
			const prefix = index === 0 ? paint("dim", label.padEnd(11)) : " ".repeat(11);
			write(`    ${prefix}${isError ? paint("red", line) : line}`);
		});
		if (lines.length > shown.length)
			write(`    ${" ".repeat(11)}${paint("dim", `… ${lines.length - shown.length} more`)}`);
	}
}

/**
 * One published decision: `decision <allow|deny> <tool> by <decidedBy>` for the acting session's calls, and
 * `served <allow|deny> ...` for a serving parent's own record of a forwarded ask.
 */
function decisionLine(
	step: DemoStep,
	source: EntrySource,
	fact: DecisionFact,
	paint: Paint,
	shorten: (text: string) => string,
): string {
	const served = step.actor === "subagent" && source === "main";
	const label = served ? "served  " : "decision";
	const result = fact.result === "allow" ? paint("green", "allow") : paint("red", "deny ");
	const rule =
		fact.matchedPattern === null ? "" : `rule ${fact.matchedPattern}${fact.origin ? ` (${fact.origin})` : ""}`;
	const value = fact.value === null ? "" : shorten(fact.value);
	const detail = [value, rule, source === "subagent" ? `[subagent ${SUBAGENT_NAME}]` : ""].filter(
		(part) => part !== "",
	);
	return `  ${paint("bold", label)}  ${result}  ${fact.toolName}  by ${fact.decidedBy}  ${paint("dim", `· ${detail.join(" · ")}`)}`;
}
