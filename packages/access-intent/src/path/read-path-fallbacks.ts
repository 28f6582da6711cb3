/**
 * Owns: the other spellings Pi's `read` tool opens when the path it resolved does not exist (Pi 1.6
 * `resolveReadPath`), in the order Pi tries them: a narrow no-break space before `AM.`/`PM.` (macOS screenshot
 * names), the NFD form, U+2019 for every `'`, and NFD with U+2019.
 * Never: touches the file system: every candidate is returned whether or not it exists, since which one Pi opens
 * depends on the disk at the moment it reads (a gate that judged only the one it found could be raced).
 */

const NARROW_NO_BREAK_SPACE = "\u202f";
const RIGHT_SINGLE_QUOTATION_MARK = "\u2019";

// biome-ignore lint/suspicious/noControlCharactersInRegex: every ASCII character but the apostrophe.
const NO_VARIANTS = /^[\x00-\x26\x28-\x7f]*$/;
const AM_PM = / (AM|PM)\./i;
const NONE: readonly string[] = [];

/** The fallback spellings of `resolved` (an absolute path as Pi resolved it), without `resolved` itself. */
export function readPathFallbacks(resolved: string): readonly string[] {
	// ASCII without an apostrophe is its own NFD form, and without ` AM.`/` PM.` nothing else varies: most paths, read
	// on every call of a file tool, skip the normalisation.
	if (NO_VARIANTS.test(resolved) && !AM_PM.test(resolved)) return NONE;
	const amPm = resolved.replace(/ (AM|PM)\./gi, `${NARROW_NO_BREAK_SPACE}$1.`);
	const nfd = resolved.normalize("NFD");
	const curly = resolved.replaceAll("'", RIGHT_SINGLE_QUOTATION_MARK);
	const nfdCurly = nfd.replaceAll("'", RIGHT_SINGLE_QUOTATION_MARK);
	return [...new Set([amPm, nfd, curly, nfdCurly])].filter((candidate) => candidate !== resolved);
}
