/**
 * Owns: writing argument vectors and bytes as bash text: one word per argument, single-quoted where it must be, and a
 * byte string as a `printf` format of `\xHH` escapes (bash cannot hold a NUL byte in a word).
 * Never: interprets a word; what it writes, bash reads back as exactly the argument given.
 */

/** Words that need no quotes: bash reads them as themselves in every position. */
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argument as a bash word. */
export function shellWord(argument: string): string {
	if (argument.length > 0 && PLAIN.test(argument)) return argument;
	// Inside single quotes nothing is special but the quote itself, which is closed, escaped and reopened.
	return `'${argument.replaceAll("'", `'\\''`)}'`;
}

/** An argument vector as bash text. */
export function shellWords(argv: readonly string[]): string {
	return argv.map(shellWord).join(" ");
}

/** A `printf` format (single-quoted) that prints exactly `bytes`. */
export function printfBytes(bytes: Uint8Array): string {
	let out = "";
	for (const byte of bytes) out += `\\x${byte.toString(16).padStart(2, "0")}`;
	return `'${out}'`;
}
