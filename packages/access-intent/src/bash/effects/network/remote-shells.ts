/**
 * Owns: the destinations of the programs that name a host as an operand: ssh (`[user@]host`, `ssh://host:port`,
 * `-p`, `-J` jump hosts), scp/sftp/rsync (`host:path`, `host::module`, `rsync://`; the local files an upload sends),
 * nc/ncat/netcat/telnet (`host port`), socat addresses (`TCP:host:port`, `OPENSSL:host:port`, `SOCKS4:…`).
 * Never: reads `~/.ssh/config` (an alias is judged by the name written; ADR 0058 says why).
 */
import { gnuGrammar } from "../../options/option-grammar";
import { scanOptions } from "../../options/option-scanner";
import { SSH_TABLE } from "../../options/programs/ssh";
import { authorityHost, remoteSpecHost, urlHost } from "./network-destination";
import {
	type Finding,
	finding,
	type NetworkReadContext,
	optionsNamed,
	optionText,
	present,
	type UnitReading,
	uncertainOptions,
	unresolved,
} from "./network-reading";

/** An ssh `-o` key that makes ssh connect elsewhere than its operand names. */
const SSH_ELSEWHERE = /^(?:hostname|proxycommand|proxyjump|port)\s*[= ]/i;

function sshHost(text: string | null, port: number | null): Finding | null {
	if (text === null) return unresolved("the host is computed when the command runs");
	if (text.startsWith("ssh://")) return finding(urlHost(text));
	return finding(authorityHost(text, port, text));
}

function portOf(text: string | null | undefined): number | null {
	return text === null || text === undefined || !/^[0-9]{1,5}$/.test(text) ? null : Number(text);
}

export function sshReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const scan = scanOptions(texts, SSH_TABLE.global.grammar);
	const found: (Finding | null)[] = [uncertainOptions(scan, context.program)];
	const portOption = optionsNamed(scan, ["-p"]).at(-1);
	const port = portOption === undefined ? 22 : portOf(optionText(portOption, texts));
	const host = scan.operands[0];
	if (host !== undefined) found.push(sshHost(texts[host] ?? null, port));
	for (const entry of optionsNamed(scan, ["-J"]))
		for (const jump of (optionText(entry, texts) ?? "").split(",")) found.push(sshHost(jump || null, 22));
	for (const entry of optionsNamed(scan, ["-o"])) {
		const value = optionText(entry, texts);
		if (value === null || value === undefined || SSH_ELSEWHERE.test(value))
			found.push(unresolved("an `-o` setting changes where ssh connects"));
	}
	for (const entry of optionsNamed(scan, ["-F"]))
		found.push(unresolved(`ssh reads its hosts from ${optionText(entry, texts) ?? "a computed file"}`));
	return { found: present(found), sends: [] };
}

const SCP = gnuGrammar(
	{ shortFlag: "346ABCOpqRrTv", shortValue: "cDFiJloPS" },
	{ longOptions: false, abbreviations: "none" },
);

const RSYNC = gnuGrammar({
	shortFlag: "vqcarRbudlLkKHpEAXogDtUNOJnWxCySPzih0",
	shortValue: "efBTM",
	longValue: [
		...["rsh", "rsync-path", "filter", "exclude", "include", "exclude-from", "include-from", "files-from"],
		...["block-size", "port", "password-file", "log-file", "log-file-format", "temp-dir", "partial-dir"],
		...["backup-dir", "suffix", "compare-dest", "copy-dest", "link-dest", "chmod", "timeout", "contimeout"],
		...["bwlimit", "max-size", "min-size", "out-format", "info", "debug", "usermap", "groupmap", "chown"],
		...["remote-option", "address", "sockopts", "iconv", "checksum-choice", "compress-choice", "compress-level"],
		...["skip-compress", "modify-window", "stop-after", "stop-at", "write-batch", "read-batch", "only-write-batch"],
		...["protocol", "outbuf", "max-delete", "early-input", "checksum-seed", "max-alloc"],
	],
});

/**
 * scp, sftp and rsync: each operand naming a remote (`host:path`, `host::module`, a URL) is a destination; when the
 * last operand is remote, the operands before it are local files sent to it.
 */
export function remoteCopyReading(context: NetworkReadContext): UnitReading {
	const { texts, program } = context;
	const isRsync = program === "rsync";
	const scan = scanOptions(texts, isRsync ? RSYNC : SCP);
	const found: (Finding | null)[] = [uncertainOptions(scan, program)];
	const portOption = optionsNamed(scan, isRsync ? ["--port"] : ["-P"]).at(-1);
	const port = portOption === undefined ? 22 : portOf(optionText(portOption, texts));
	const remote: boolean[] = [];
	for (const index of scan.operands) {
		const text = texts[index] ?? null;
		if (text === null) {
			found.push(unresolved("a host or path is computed when the command runs"));
			remote.push(true);
			continue;
		}
		// rsync's `host::module` is the rsync daemon's port.
		const daemon = isRsync && /^[^/]+::/.test(text);
		const reading = remoteSpecHost(daemon ? text.replace("::", ":") : text, daemon ? 873 : port);
		// sftp names a host alone (`sftp host`), the others `host:path`.
		const hostOnly = reading === null && program === "sftp" && remote.length === 0;
		const read = hostOnly ? authorityHost(text, port, text) : reading;
		remote.push(read !== null);
		if (read !== null) found.push(finding(read));
	}
	for (const entry of optionsNamed(scan, ["-J"]))
		for (const jump of (optionText(entry, texts) ?? "").split(",")) found.push(sshHost(jump || null, 22));
	for (const entry of optionsNamed(scan, ["-o"])) {
		const value = optionText(entry, texts);
		if (value === null || value === undefined || SSH_ELSEWHERE.test(value))
			found.push(unresolved("an `-o` setting changes where the copy connects"));
	}
	const sends: string[] = [];
	if (remote.length > 1 && remote.at(-1) === true)
		scan.operands.slice(0, -1).forEach((index, position) => {
			if (remote[position] === false) sends.push(`the file ${texts[index] ?? "the command computes"}`);
		});
	return { found: present(found), sends };
}

const NETCAT = gnuGrammar(
	{ shortFlag: "46bCDdFhklNnrStUuvz", shortValue: "IiMmOPpqsTVWwXxecgG" },
	{ longOptions: true },
);

/** nc/ncat/netcat/telnet: `host [port]`; listening (`-l`) connects nowhere. */
export function netcatReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const scan = scanOptions(texts, NETCAT);
	if (optionsNamed(scan, ["-l", "--listen"]).length > 0) return { found: [], sends: [] };
	const found: (Finding | null)[] = [uncertainOptions(scan, context.program)];
	const [hostIndex, portIndex] = scan.operands;
	if (hostIndex !== undefined) {
		const host = texts[hostIndex] ?? null;
		const portText = portIndex === undefined ? undefined : (texts[portIndex] ?? null);
		if (host === null || portText === null)
			found.push(unresolved("the host or port is computed when the command runs"));
		else found.push(finding(authorityHost(host, portOf(portText) ?? (context.program === "telnet" ? 23 : null), host)));
	}
	for (const entry of optionsNamed(scan, ["-x", "--proxy"])) {
		const value = optionText(entry, texts);
		found.push(
			value === null || value === undefined
				? unresolved("the proxy is computed")
				: finding(authorityHost(value, null, value)),
		);
	}
	return { found: present(found), sends: [] };
}

/** socat address types that connect, and the fields of their parameters that name the host and the port. */
const SOCAT_CONNECTING =
	/^(?:tcp[46]?(?:-connect)?|udp[46]?(?:-connect|-sendto|-datagram)?|openssl(?:-connect)?|ssl|sctp[46]?(?:-connect)?|dccp[46]?(?:-connect)?)$/;
const SOCAT_PROXIES = /^(?:socks4a?|socks5|proxy(?:-connect)?)$/;

export function socatReading(context: NetworkReadContext): UnitReading {
	const found: (Finding | null)[] = [];
	for (const text of context.texts) {
		if (text === null) {
			found.push(unresolved("a socat address is computed when the command runs"));
			continue;
		}
		if (text.startsWith("-")) continue;
		const address = text.split(",", 1)[0] ?? "";
		const [type = "", ...fields] = address.split(":");
		const kind = type.toLowerCase();
		if (SOCAT_CONNECTING.test(kind)) found.push(hostPort(fields[0], fields[1], text));
		else if (SOCAT_PROXIES.test(kind)) {
			// `SOCKS4:proxy:host:port`, `PROXY:proxy:host:port`: the proxy is connected to, the host through it.
			found.push(hostPort(fields[0], kind.startsWith("socks") ? "1080" : "8080", text));
			found.push(hostPort(fields[1], fields[2], text));
		}
	}
	return { found: present(found), sends: [] };
}

function hostPort(host: string | undefined, port: string | undefined, written: string): Finding | null {
	if (host === undefined || host === "") return unresolved(`\`${written}\` names no host`);
	return finding(authorityHost(host, portOf(port), written));
}
