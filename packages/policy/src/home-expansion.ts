/**
 * Owns: expanding a leading `~`, `$HOME` or `${HOME}` in a pattern or value to the home directory.
 * Never: expands anything else (`~user`, `$HOMEDIR`, `${HOME:-x}` stay literal) or reads the environment.
 */

const PREFIXES = ["${HOME}", "$HOME", "~"] as const;

/**
 * Replaces a leading home reference when it is the whole text or followed by a separator (`/`, or `\` for win32 input).
 * `home` is passed in; an empty home leaves the text unchanged.
 */
export function expandHome(text: string, home: string): string {
	if (home === "" || text === "") return text;
	const first = text.charCodeAt(0);
	if (first !== 126 /* ~ */ && first !== 36 /* $ */) return text;
	for (const prefix of PREFIXES) {
		if (!text.startsWith(prefix)) continue;
		const rest = text.slice(prefix.length);
		if (rest === "") return home;
		const next = rest[0];
		if (next === "/" || next === "\\") return joinHome(home, rest);
		return text;
	}
	return text;
}

function joinHome(home: string, rest: string): string {
	const trimmed = home.endsWith("/") || home.endsWith("\\") ? home.slice(0, -1) : home;
	return trimmed + rest;
}
