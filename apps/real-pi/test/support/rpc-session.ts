/**
 * Owns: `RpcSession`, a client for `pi --mode rpc` over a `PiProcess`: JSONL commands on stdin, every stdout record
 * kept in order, bounded waits for a record, and answers to `extension_ui_request` dialogs.
 * Never: answers a dialog on its own; the test decides every answer.
 */
import { pollUntil } from "./bounded-wait";
import type { PiProcess } from "./pi-process";

/** One stdout record (a response, an event, an extension UI request). */
export interface RpcRecord {
	readonly type: string;
	readonly [key: string]: unknown;
}

export interface UiRequest extends RpcRecord {
	readonly type: "extension_ui_request";
	readonly id: string;
	readonly method: string;
	readonly title?: string;
	readonly options?: readonly string[];
	readonly timeout?: number;
}

export interface ToolExecutionEnd extends RpcRecord {
	readonly type: "tool_execution_end";
	readonly toolName: string;
	readonly isError: boolean;
	readonly result: { readonly content: readonly { readonly type: string; readonly text?: string }[] };
}

/**
 * The default bound of one wait: a liveness margin (ADR 0047), many times what Pi takes to start and answer on a busy
 * 2-core machine; it only turns a hang into a failure that names what was awaited.
 */
export const RPC_WAIT_MS = 120_000;

const DIALOG_METHODS = new Set(["select", "confirm", "input", "editor"]);

export class RpcSession {
	readonly records: RpcRecord[] = [];
	private nextId = 1;

	constructor(readonly process: PiProcess) {
		process.onLine((line) => {
			if (line.trim() === "") return;
			try {
				this.records.push(JSON.parse(line) as RpcRecord);
			} catch {
				this.records.push({ type: "unparsed-stdout", line });
			}
		});
	}

	/** Sends a command and waits for its response; rejects on `success: false`. */
	async command(type: string, fields: Readonly<Record<string, unknown>> = {}): Promise<RpcRecord> {
		const id = `cmd-${this.nextId++}`;
		this.process.writeLine({ id, type, ...fields });
		const response = await this.waitFor(`the response to ${type}`, (r) => r.type === "response" && r.id === id);
		if (response.success !== true) throw new Error(`${type} failed: ${JSON.stringify(response)}`);
		return response;
	}

	/** Sends a prompt; returns the record index from which its run's records start. */
	async prompt(message: string): Promise<number> {
		const from = this.records.length;
		await this.command("prompt", { message });
		return from;
	}

	/** Waits for the run that started at `from` to settle (Pi will not continue on its own). */
	waitForSettled(from: number, timeoutMs = RPC_WAIT_MS): Promise<RpcRecord> {
		return this.waitFor("agent_settled", (r) => r.type === "agent_settled", { from, timeoutMs });
	}

	/** The next dialog request at or after `from`. */
	waitForDialog(from: number, timeoutMs = RPC_WAIT_MS): Promise<UiRequest> {
		return this.waitFor("an extension UI dialog", (r) => isDialog(r), { from, timeoutMs }) as Promise<UiRequest>;
	}

	/** Answers a `select`/`input` dialog with a value. */
	answer(request: UiRequest, value: string): void {
		this.process.writeLine({ type: "extension_ui_response", id: request.id, value });
	}

	/** Dismisses a dialog. */
	cancel(request: UiRequest): void {
		this.process.writeLine({ type: "extension_ui_response", id: request.id, cancelled: true });
	}

	/** Every dialog request at or after `from`. */
	dialogs(from = 0): UiRequest[] {
		return this.records.slice(from).filter(isDialog);
	}

	/** Every finished tool execution at or after `from`. */
	toolEnds(from = 0): ToolExecutionEnd[] {
		return this.records.slice(from).filter((r): r is ToolExecutionEnd => r.type === "tool_execution_end");
	}

	/** The first record at or after `from` that matches, waiting at most `timeoutMs`. */
	waitFor(
		what: string,
		matches: (record: RpcRecord) => boolean,
		options: { readonly from?: number; readonly timeoutMs?: number } = {},
	): Promise<RpcRecord> {
		const from = options.from ?? 0;
		return pollUntil(
			() => {
				const found = this.records.slice(from).find(matches);
				if (found !== undefined) return found;
				const exit = this.process.exited;
				if (exit !== null)
					throw new Error(`pi exited (${JSON.stringify(exit)}) before ${what}\n${this.process.describe()}`);
				return undefined;
			},
			{ what, timeoutMs: options.timeoutMs ?? RPC_WAIT_MS, intervalMs: 20, detail: () => this.process.describe() },
		);
	}
}

/** The text of a tool result, as the model receives it. */
export function resultText(end: ToolExecutionEnd): string {
	return end.result.content.map((block) => block.text ?? "").join("");
}

function isDialog(record: RpcRecord): record is UiRequest {
	return record.type === "extension_ui_request" && DIALOG_METHODS.has(String(record.method));
}
