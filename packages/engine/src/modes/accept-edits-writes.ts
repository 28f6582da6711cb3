/**
 * Owns: the data table of the bash writes accept-edits mode allows inside the project (ADR 0054): the writes the gate
 * sees whole (`mkdir`, `touch`, `cp`, `mv`, and a redirect to a file), and which programs they are.
 * Never: decides a call (`mode-overlay.ts` does), or covers a write the table does not name (`rm`, `sed -i`, `tee`,
 * `dd`: those stay as the policy says).
 */

/** The programs whose own writes accept-edits allows, by their normalised command name. */
export const ACCEPT_EDITS_PROGRAMS: ReadonlyMap<string, string> = new Map([
	["mkdir", "creates directories"],
	["touch", "creates or touches files"],
	["cp", "copies files"],
	["mv", "moves or renames files"],
]);

/** A write's `via` (how the parse says it writes) that accept-edits allows: one of the programs, or a redirect. */
export function isAcceptedWrite(via: string): boolean {
	return ACCEPT_EDITS_PROGRAMS.has(via) || isRedirect(via);
}

/** `>`, `>>`, `>|`, `&>`, `&>>`, `2>`, `1>>`: a redirect operator opening a file for writing. */
function isRedirect(via: string): boolean {
	return /^(?:\d*|&)>{1,2}\|?$/.test(via);
}
