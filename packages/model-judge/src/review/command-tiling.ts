/**
 * Owns: the completeness check on a model's decomposition of a shell payload: the proposed commands must appear in
 * the payload in order and, between them, leave nothing but whitespace and list/pipe operators.
 * Never: parses shell or decides; it only proves the model cannot have left a command out of its list.
 */

/** Text allowed between two proposed commands: blanks and `;`, `&`, `|` (so `&&`, `||`, `|&`, newlines). */
const SEPARATOR_ONLY = /^[\s;&|]*$/;

type Tiling =
	| { readonly kind: "complete" }
	| { readonly kind: "missing"; readonly command: string }
	| { readonly kind: "residue"; readonly text: string };

/**
 * Whether `commands` tile `payload`. Work is bounded by `payload.length * commands.length` (one forward `indexOf`
 * per command from the cursor).
 * SECURITY: a model that omits a command (`git status; rm -rf ~` proposed as `git status`) leaves residue, so the
 * omission is seen without trusting the model's list to be complete.
 */
export function tileCommands(payload: string, commands: readonly string[]): Tiling {
	let cursor = 0;
	for (const command of commands) {
		if (command.trim() === "") return { kind: "missing", command };
		const at = payload.indexOf(command, cursor);
		if (at < 0) return { kind: "missing", command };
		const gap = payload.slice(cursor, at);
		if (!SEPARATOR_ONLY.test(gap)) return { kind: "residue", text: gap };
		cursor = at + command.length;
	}
	const tail = payload.slice(cursor);
	if (!SEPARATOR_ONLY.test(tail) || cursor === 0) return { kind: "residue", text: tail };
	return { kind: "complete" };
}
