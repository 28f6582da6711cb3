/**
 * Owns: reading the public answer key a serving parent published in its own environment (`PI_PERMISSIONS_PARENT_KEY`,
 * ADR 0046) the way a process it starts inherits it: printed by a command Pi itself runs with its environment (the
 * RPC `bash` command, or `!` in the TUI), never read from a file Pi wrote.
 * Never: sees anything secret; the key is public by design.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pollUntil } from "./bounded-wait";
import type { PiSandbox } from "./pi-sandbox";
import type { RpcSession } from "./rpc-session";
import type { TmuxTerminal } from "./tmux-terminal";

const KEY_SHAPE = /^[A-Za-z0-9+/]{59}=$/;
const PRINT_KEY = "printenv PI_PERMISSIONS_PARENT_KEY";

function checked(text: string): string {
	const key = text.trim();
	if (!KEY_SHAPE.test(key)) throw new Error(`the parent published no answer key: \`${text}\``);
	return key;
}

/** The key of a `pi --mode rpc` parent, printed by its own `bash` command. */
export async function rpcParentKey(rpc: RpcSession): Promise<string> {
	const response = await rpc.command("bash", { command: PRINT_KEY, excludeFromContext: true });
	return checked((response.data as { output?: string } | undefined)?.output ?? "");
}

/** The key of a TUI parent, printed by a `!` command into a file of the sandbox. */
export async function tuiParentKey(terminal: TmuxTerminal, sandbox: PiSandbox): Promise<string> {
	const file = join(sandbox.cwd, "parent-key.txt");
	await terminal.type(`!${PRINT_KEY} > ${file}`);
	await terminal.press("Enter");
	return pollUntil(
		() => {
			const text = existsSync(file) ? readFileSync(file, "utf8") : "";
			return KEY_SHAPE.test(text.trim()) ? text.trim() : undefined;
		},
		{ what: "the parent's key printed by `!printenv`", timeoutMs: 20_000 },
	);
}
