/**
 * Owns: what a destination host is matched as on the `network` surface (ADR 0058): one spelling of a host (lower case,
 * no trailing dot, IPv6 without brackets), the values a rule meets (`host`, and `host:port` when the port is known),
 * and why a written `network` pattern can match no host (a URL, a path, a port that is no number).
 * Never: reads a command or a URL (access-intent finds the host) or decides; the rules decide as on any surface.
 */

/** One spelling of `host`: lower case (DNS names ignore case), no trailing root dot, IPv6 without brackets. */
export function canonicalHost(host: string): string {
	let text = host.trim().toLowerCase();
	if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
	while (text.endsWith(".") && text.length > 1) text = text.slice(0, -1);
	return text;
}

/**
 * The values a `network` rule is matched against for a destination: `github.com` and, with a known port,
 * `github.com:443` (`[::1]:8080` for IPv6). A pattern without a port names the host on every port; `localhost:*` and
 * `example.com:8443` name ports. Last match wins over both values, as over a path's aliases.
 */
export function networkMatchValues(host: string, port: number | null): readonly string[] {
	const name = canonicalHost(host);
	if (port === null) return [name];
	return [name, `${name.includes(":") ? `[${name}]` : name}:${port}`];
}

/** Why `pattern`, written under `network`, can match no host; `null` when it is a host pattern. */
export function networkPatternIssue(pattern: string): string | null {
	if (pattern.includes("://"))
		return "a `network` pattern names a host, not a URL: write `example.com`, not `https://example.com`";
	if (pattern.includes("/"))
		return "a `network` pattern names a host and no path: write `example.com`, not `example.com/api`";
	if (/\s/.test(pattern)) return "a `network` pattern names one host and has no spaces";
	if (pattern !== canonicalHost(pattern) && !pattern.startsWith("["))
		return `host names are matched in lower case without a trailing dot: write \`${canonicalHost(pattern)}\``;
	const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(pattern)?.[1];
	if (port !== undefined && port !== "*" && !/^[0-9]{1,5}$/.test(port))
		return "the part after `:` is a port: a number or `*`";
	return null;
}

/**
 * The host of a `network` decision value (`github.com:443` -> `github.com`, `[::1]:80` -> `::1`), or `null` when the
 * value names no single host (a wildcard, text with spaces: a computed destination's description).
 */
export function networkHostOf(value: string): string | null {
	const bracketed = /^\[([^\]]+)\](?::[0-9]+)?$/.exec(value);
	const host = bracketed !== null ? (bracketed[1] as string) : value.replace(/:[0-9]+$/, "");
	if (host === "" || /[\s*?/]/.test(host)) return null;
	return canonicalHost(host);
}
