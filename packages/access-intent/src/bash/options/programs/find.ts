/**
 * Owns: find's expression words (GNU findutils 4.9, find(1) EXPRESSION) that name a command, a file read or
 * written: the inventory its row tests check.
 * Never: reads find's expression for what it runs (`runs/special-wrappers.ts` reads `-exec`, `-ok` and their
 * terminators) or which files it writes (`effects/programs/write-operand-table.ts`).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const ACTIONS = "find(1) EXPRESSION: ACTIONS";
const TESTS = "find(1) EXPRESSION: TESTS";

/** find's expression: single-dash words read whole, anywhere after the start points. */
export const FIND_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, singleDash: "word", abbreviations: "none", longOptions: false, endOfOptions: false },
		[
			named(["-exec"], "command", `${ACTIONS}: -exec command ;`),
			named(["-execdir"], "command", `${ACTIONS}: -execdir command ;`),
			named(["-ok"], "command", `${ACTIONS}: -ok command ;`),
			named(["-okdir"], "command", `${ACTIONS}: -okdir command ;`),
			named(["-fprint"], "writes", `${ACTIONS}: -fprint file`),
			named(["-fprint0"], "writes", `${ACTIONS}: -fprint0 file`),
			named(["-fls"], "writes", `${ACTIONS}: -fls file`),
			named(["-fprintf"], "writes", `${ACTIONS}: -fprintf file format`, { valueWords: 2 }),
			named(["-newer"], "reads", `${TESTS}: -newer reference`),
			named(["-anewer"], "reads", `${TESTS}: -anewer reference`),
			named(["-cnewer"], "reads", `${TESTS}: -cnewer reference`),
			named(["-samefile"], "reads", `${TESTS}: -samefile name`),
			named(["-files0-from"], "reads", "find(1) OPTIONS: -files0-from file"),
		],
	),
	readBy: "special-wrappers.ts",
};
