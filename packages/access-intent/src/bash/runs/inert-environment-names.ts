/**
 * Owns: the environment variable names known to change nothing a permission can see (colour, locale, terminal size,
 * `CI`), so `export CI=1` is decided by the shell model. A minimal stand-in, every name also in the table of
 * known-inert names of issue 39 (`inert-environment-table.ts`), which replaces this module with the same export.
 * Never: says what a variable runs (`code-running-environment-table.ts` does; no name here has a row there).
 */

const INERT_NAMES: ReadonlySet<string> = new Set([
	"CI",
	"NO_COLOR",
	"FORCE_COLOR",
	"CLICOLOR",
	"CLICOLOR_FORCE",
	"COLUMNS",
	"LINES",
	"TZ",
	"LANG",
	"LANGUAGE",
	"LC_ALL",
	"NODE_ENV",
	"PYTHONUNBUFFERED",
	"PYTHONDONTWRITEBYTECODE",
]);

/** `LC_CTYPE`, `LC_MESSAGES`, …: the locale categories. */
const LOCALE_CATEGORY = /^LC_[A-Z]+$/;

/** True when setting `name` in the environment changes nothing a permission can see. */
export function isInertEnvironmentName(name: string): boolean {
	return INERT_NAMES.has(name) || LOCALE_CATEGORY.test(name);
}
