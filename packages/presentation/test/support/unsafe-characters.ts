/** Test oracle: the characters no rendered text may contain (C0, DEL, C1, bidi embeddings, overrides, isolates). */
export function unsafeCharacters(text: string): string[] {
	return Array.from(text).filter((char) => {
		const code = char.codePointAt(0) ?? 0;
		return (
			code <= 0x1f ||
			(code >= 0x7f && code <= 0x9f) ||
			(code >= 0x202a && code <= 0x202e) ||
			(code >= 0x2066 && code <= 0x2069)
		);
	});
}
