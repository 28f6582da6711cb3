/**
 * Owns: what `replay --mode <name>` adds (ADR 0054): each recorded call decided again without the mode (the config's
 * start mode), and the calls the mode decides differently, with the origin that changed them (`mode:plan`, …).
 * Never: executes or writes anything; the replay itself decides with the mode, this only adds the comparison.
 */
import type { BashParser } from "@pi-permissions/access-intent";
import type { PermissionMode, PermissionState } from "@pi-permissions/policy";
import { CliEngine } from "../cli-engine";
import type { CliHost } from "../cli-host";
import type { PolicySetup } from "../config-options";
import type { RecordedCall } from "./session-calls";

/** One call the mode decides differently from the start mode. */
interface ModeChange {
	readonly file: string;
	readonly toolCallId: string | null;
	readonly toolName: string;
	readonly value: string | null;
	/** The decision without the mode. */
	readonly without: PermissionState;
	/** The decision in the mode. */
	readonly within: PermissionState;
	readonly origin: string | null;
	readonly reason: string | null;
}

/** How many changed calls the text lists; the JSON lists them all. */
const CHANGES_SHOWN = 40;

export class ModeComparison {
	private readonly engines = new Map<string, CliEngine>();
	readonly changes: ModeChange[] = [];
	private compared = 0;

	constructor(
		private readonly host: CliHost,
		private readonly setup: PolicySetup & { readonly mode: PermissionMode },
		private readonly parser: BashParser,
	) {}

	/** Decides `call` without the mode and records it when `within` (its decision in the mode) differs. */
	async compare(
		call: RecordedCall,
		within: { readonly action: PermissionState; readonly origin: string | null; readonly reason: string | null },
	): Promise<void> {
		const cwd = call.cwd ?? this.setup.cwd;
		let engine = this.engines.get(cwd);
		if (engine === undefined) {
			engine = CliEngine.withParser(this.host, { ...this.setup, cwd, mode: undefined }, this.parser);
			this.engines.set(cwd, engine);
		}
		const { report } = await engine.decide(call.toolName, call.input, null);
		this.compared += 1;
		if (report.action === within.action) return;
		this.changes.push({
			file: call.file,
			toolCallId: call.toolCallId,
			toolName: call.toolName,
			value: report.value,
			without: report.action,
			within: within.action,
			origin: within.origin,
			reason: within.reason,
		});
	}

	/** The `--json` document's `mode` field. */
	json(): object {
		return { mode: this.setup.mode, compared: this.compared, changed: this.changes.length, changes: this.changes };
	}

	/** The text section. */
	text(): string {
		let text = `\nin mode ${this.setup.mode}: ${this.changes.length} of ${this.compared} call(s) decided differently than without it\n`;
		for (const change of this.changes.slice(0, CHANGES_SHOWN)) {
			const by = change.origin === null ? "" : ` (${change.origin})`;
			text += `  ${change.toolName} ${JSON.stringify(change.value ?? "")}: ${change.without} -> ${change.within}${by}\n`;
		}
		if (this.changes.length > CHANGES_SHOWN)
			text += `  … ${this.changes.length - CHANGES_SHOWN} more (--json lists all)\n`;
		return text;
	}
}
