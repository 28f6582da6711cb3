/**
 * Owns: finding pi-permissions' inline dialog on a captured TUI screen: its rows from the title to the key hint, split
 * into the body (the request) and the footer (choices and hint).
 * Never: asserts anything; the TUI suite decides what the rows must show.
 */

export interface DialogOnScreen {
	/** The rows of the request: title, facts, evidence, elision hint. */
	readonly body: readonly string[];
	/** The choice rows and the key hint. */
	readonly footer: readonly string[];
	/** Body and footer as one text. */
	readonly text: string;
}

const TITLE = "Permission request:";
const CHOICE = /^[›\s]\s\[[ysagnr]\] /u;
/** The last row of each step: its key hint (ADR 0049's wording). */
const HINTS = ["enter to confirm", "enter deny with this reason", "any key cancels"];
/** The first footer row of a step that is not the choice list. */
const STEP_TITLES = ["Reason for denying", "Always allow:", "Apply the session approval to:"];

/** The dialog on the screen, or `undefined` when none is shown. */
export function findDialog(rows: readonly string[]): DialogOnScreen | undefined {
	const start = rows.findIndex((row) => row.trimStart().startsWith(TITLE));
	if (start < 0) return undefined;
	const end = rows.findIndex((row, index) => index > start && HINTS.some((hint) => row.includes(hint)));
	if (end < 0) return undefined;
	const rowsOfDialog = rows.slice(start, end + 1);
	const firstFooter = rowsOfDialog.findIndex(
		(row) => CHOICE.test(row) || STEP_TITLES.some((title) => row.trimStart().startsWith(title)),
	);
	const split = firstFooter < 0 ? rowsOfDialog.length - 1 : firstFooter;
	return {
		body: rowsOfDialog.slice(0, split),
		footer: rowsOfDialog.slice(split),
		text: rowsOfDialog.join("\n"),
	};
}
