/**
 * Owns: `NetworkDestination`, one host a bash unit connects to (or the fact that it connects somewhere the text does not
 * tell), and the readers of the ways programs write a destination: a URL, an scp-like `[user@]host:path`, a bare
 * `host[:port]`. Hosts are in `canonicalHost` form (ADR 0058).
 * Never: decides, or reads a file; the program rows say which words are destinations and what the unit sends.
 */
import { canonicalHost } from "@pi-permissions/policy";

/** How the destination was named: written in the command, read from a configuration file, or a program's default. */
export type DestinationSource = "command" | "configuration" | "default";

export type NetworkDestination =
	| {
			readonly kind: "host";
			readonly host: string;
			/** The port when the command, the scheme or the program fixes it; `null` when unknown. */
			readonly port: number | null;
			readonly program: string;
			/** The unit's text, for the person asked ("from `npm install`"). */
			readonly unit: string;
			readonly source: DestinationSource;
			/** Where a configured or default destination came from (`remote origin in /repo/.git/config`); `null` when written. */
			readonly via: string | null;
			/** What the command says it sends (`the file notes.txt`, `data given inline`); empty when it says nothing. */
			readonly sends: readonly string[];
	  }
	| {
			readonly kind: "unresolved";
			readonly program: string;
			readonly unit: string;
			/** Why no host can be named before the command runs. */
			readonly reason: string;
			readonly sends: readonly string[];
	  };

/** The default port of each scheme a destination is written with. */
const SCHEME_PORTS: Readonly<Record<string, number>> = {
	http: 80,
	https: 443,
	ws: 80,
	wss: 443,
	ftp: 21,
	ftps: 990,
	sftp: 22,
	ssh: 22,
	scp: 22,
	git: 9418,
	rsync: 873,
	telnet: 23,
	ldap: 389,
	ldaps: 636,
	smtp: 25,
	smtps: 465,
	imap: 143,
	imaps: 993,
	pop3: 110,
	pop3s: 995,
	mqtt: 1883,
	redis: 6379,
	postgres: 5432,
	postgresql: 5432,
	mysql: 3306,
	mongodb: 27017,
	dict: 2628,
	gopher: 70,
	tftp: 69,
};

/** A host and port, or why none can be read; `local` for a destination on this machine's file system (`file:`). */
export type HostReading =
	| { readonly kind: "host"; readonly host: string; readonly port: number | null }
	| { readonly kind: "local" }
	| { readonly kind: "unreadable"; readonly reason: string };

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//;

/**
 * The host of a URL (`https://user@Example.com:8443/x`), with the scheme's default port. `git+https://`,
 * `git+ssh://` are read by their transport. A `file://` URL is local.
 */
export function urlHost(text: string): HostReading {
	const scheme = SCHEME.exec(text);
	if (scheme === null) return { kind: "unreadable", reason: `\`${text}\` is not a URL` };
	const name = (scheme[1] as string).toLowerCase();
	const transport = name.includes("+") ? (name.split("+").findLast((part) => part in SCHEME_PORTS) ?? name) : name;
	if (transport === "file") return { kind: "local" };
	const rest = text.slice((scheme[0] as string).length);
	const authority = rest.split(/[/?#]/, 1)[0] ?? "";
	return authorityHost(authority, SCHEME_PORTS[transport] ?? null, text);
}

/** `[user[:password]@]host[:port]`, IPv6 in brackets. */
export function authorityHost(authority: string, defaultPort: number | null, written: string): HostReading {
	// SECURITY: the host follows the last `@` (`http://github.com@evil.example/` connects to evil.example).
	const at = authority.lastIndexOf("@");
	const hostPort = at === -1 ? authority : authority.slice(at + 1);
	let host: string;
	let portText: string | undefined;
	if (hostPort.startsWith("[")) {
		const close = hostPort.indexOf("]");
		if (close === -1) return { kind: "unreadable", reason: `\`${written}\` has an unclosed IPv6 address` };
		host = hostPort.slice(1, close);
		const after = hostPort.slice(close + 1);
		if (after !== "" && !after.startsWith(":"))
			return { kind: "unreadable", reason: `\`${written}\` has text after its IPv6 address` };
		portText = after === "" ? undefined : after.slice(1);
	} else {
		const colon = hostPort.indexOf(":");
		host = colon === -1 ? hostPort : hostPort.slice(0, colon);
		portText = colon === -1 ? undefined : hostPort.slice(colon + 1);
	}
	if (host === "") return { kind: "unreadable", reason: `\`${written}\` names no host` };
	if (!/^[A-Za-z0-9._:%-]+$/.test(host))
		return { kind: "unreadable", reason: `\`${written}\` has a host the command fills in or that is not a name` };
	const port = portText === undefined || portText === "" ? defaultPort : Number(portText);
	if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535 || !/^[0-9]*$/.test(portText ?? "")))
		return { kind: "unreadable", reason: `\`${written}\` has a port that is not a number` };
	return { kind: "host", host: canonicalHost(host), port };
}

/**
 * A destination as an HTTP client reads an operand: a URL, or `host[:port][/path]` taken as `defaultScheme`
 * (curl, wget: `http`). httpie's `:3000/x` is `localhost:3000`.
 */
export function httpOperandHost(text: string, defaultScheme: "http" | "https"): HostReading {
	if (SCHEME.test(text)) return urlHost(text);
	const withLocal = text.startsWith(":") ? `localhost${text}` : text;
	return urlHost(`${defaultScheme}://${withLocal}`);
}

/**
 * scp, rsync and git's `[user@]host:path` (a colon before any slash), or a URL; `null` when the word is a local path
 * (no colon, or a slash before it: `./a:b`, `/x:y`).
 */
export function remoteSpecHost(text: string, defaultPort: number | null): HostReading | null {
	if (SCHEME.test(text)) return urlHost(text);
	const colon = text.indexOf(":");
	if (colon <= 0) return null;
	const slash = text.indexOf("/");
	if (slash !== -1 && slash < colon) return null;
	const authority = text.slice(0, colon);
	// `[::1]:path`: an IPv6 host in brackets.
	if (authority.startsWith("[")) {
		const close = text.indexOf("]");
		return close === -1 ? null : authorityHost(text.slice(0, close + 1), defaultPort, text);
	}
	return authorityHost(authority, defaultPort, text);
}
