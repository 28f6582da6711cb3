/**
 * Owns: the destinations and the data sent of the HTTP clients: curl (its URL operands, `--url`, the proxy it goes
 * through; `-d @file`, `-F name=@file`, `-T file`), wget (URL operands, `--post-file`, `--body-file`) and httpie/xh
 * (the URL after an optional method, `:3000` as localhost; `field=@file` items).
 * Never: reads the files sent; it names them for the person asked.
 */

import { gnuGrammar } from "../../options/option-grammar";
import { scanOptions } from "../../options/option-scanner";
import { CURL_TABLE } from "../../options/programs/curl";
import { httpOperandHost } from "./network-destination";
import {
	type Finding,
	finding,
	type NetworkReadContext,
	optionsNamed,
	optionText,
	present,
	sentFile,
	type UnitReading,
	uncertainOptions,
	unresolved,
} from "./network-reading";

/** A URL operand (or option value) as a finding; a computed one is unresolved. */
function urlFinding(text: string | null | undefined, defaultScheme: "http" | "https"): Finding | null {
	if (text === undefined) return null;
	if (text === null) return unresolved("the URL is computed when the command runs");
	return finding(httpOperandHost(text, defaultScheme));
}

/** curl's data options: whose value is a file after a leading `@` (`-d @f`), after `=@`/`=<` (`-F a=@f`), or always. */
const CURL_SENDS: readonly { readonly names: readonly string[]; readonly file: (value: string) => string | null }[] = [
	{
		names: ["-d", "--data", "--data-ascii", "--data-binary", "--json"],
		file: (value) => (value.startsWith("@") ? value.slice(1) : null),
	},
	{ names: ["--data-raw"], file: () => null },
	{
		names: ["--data-urlencode"],
		file: (value) => {
			const at = value.indexOf("@");
			const equals = value.indexOf("=");
			return at !== -1 && (equals === -1 || at < equals) ? value.slice(at + 1) : null;
		},
	},
	{
		names: ["-F", "--form"],
		file: (value) => /^[^=]*=[@<]([^;]*)/.exec(value)?.[1] ?? null,
	},
	{ names: ["--form-string"], file: () => null },
	{ names: ["-T", "--upload-file"], file: (value) => value },
];

export function curlReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const scan = scanOptions(texts, CURL_TABLE.global.grammar);
	const found: (Finding | null)[] = [uncertainOptions(scan, context.program)];
	for (const index of scan.operands) found.push(urlFinding(texts[index] ?? null, "http"));
	for (const entry of optionsNamed(scan, ["--url"])) found.push(urlFinding(optionText(entry, texts), "http"));
	// The proxy is where the bytes go first: it is a destination of its own.
	for (const entry of optionsNamed(scan, [
		"-x",
		"--proxy",
		"--preproxy",
		"--socks4",
		"--socks4a",
		"--socks5",
		"--socks5-hostname",
	]))
		found.push(urlFinding(optionText(entry, texts), "http"));
	for (const entry of optionsNamed(scan, ["-K", "--config"]))
		found.push(
			unresolved(`curl reads more options, URLs included, from ${optionText(entry, texts) ?? "a computed file"}`),
		);
	for (const entry of optionsNamed(scan, ["--resolve", "--connect-to"]))
		found.push(unresolved(`\`${entry.written}\` makes curl connect elsewhere than the URL names`));
	const sends: string[] = [];
	for (const row of CURL_SENDS)
		for (const entry of optionsNamed(scan, row.names)) {
			const value = optionText(entry, texts);
			sends.push(value === null || value === undefined ? "data the command computes" : sentFile(row.file(value)));
		}
	return { found: present(found), sends };
}

const WGET = gnuGrammar({
	shortFlag: "VhbdqvnNxEkKpr46cSF",
	shortValue: "eoaiBtTwQOPDIXAlRU",
	longValue: [
		...["execute", "output-file", "append-output", "input-file", "base", "config", "bind-address", "tries"],
		...["output-document", "wait", "waitretry", "quota", "limit-rate", "directory-prefix", "header", "max-redirect"],
		...["proxy-user", "proxy-password", "referer", "save-cookies", "load-cookies", "post-data", "post-file"],
		...["method", "body-data", "body-file", "certificate", "certificate-type", "private-key", "private-key-type"],
		...["ca-certificate", "ca-directory", "user", "password", "user-agent", "level", "accept", "reject"],
		...["include-directories", "exclude-directories", "domains", "exclude-domains", "timeout", "dns-timeout"],
		...["connect-timeout", "read-timeout", "cut-dirs", "default-page", "adjust-extension", "restrict-file-names"],
		...["secure-protocol", "https-only", "http-user", "http-password", "ftp-user", "ftp-password", "use-askpass"],
		...["local-encoding", "remote-encoding", "progress", "backups", "e-robots", "warc-file", "report-speed"],
	],
});

export function wgetReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const scan = scanOptions(texts, WGET);
	const found: (Finding | null)[] = [uncertainOptions(scan, context.program)];
	for (const index of scan.operands) found.push(urlFinding(texts[index] ?? null, "http"));
	for (const entry of optionsNamed(scan, ["-i", "--input-file"]))
		found.push(unresolved(`wget reads its URLs from ${optionText(entry, texts) ?? "a computed file"}`));
	for (const entry of optionsNamed(scan, ["-e", "--execute", "--config"]))
		found.push(unresolved(`\`${entry.written}\` may set wget's proxy or URLs`));
	const sends: string[] = [];
	for (const entry of optionsNamed(scan, ["--post-file", "--body-file"]))
		sends.push(sentFile(optionText(entry, texts) ?? "a computed file"));
	for (const entry of optionsNamed(scan, ["--post-data", "--body-data"]))
		sends.push(optionText(entry, texts) === null ? "data the command computes" : "data given inline");
	return { found: present(found), sends };
}

const HTTPIE = gnuGrammar({
	shortFlag: "jfxFIvhqSdcbV",
	shortValue: "aApsoP",
	longValue: [
		...["auth", "auth-type", "session", "session-read-only", "output", "pretty", "style", "print", "verify"],
		...["cert", "cert-key", "cert-key-pass", "proxy", "timeout", "max-redirects", "max-headers", "format-options"],
		...["ssl", "ciphers", "response-charset", "response-mime", "boundary", "raw", "history-print"],
	],
});

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]);

/** httpie items that send a file: `field@file` (a form upload), `field=@file`, `field:=@file`, `@file` as the body. */
const ITEM_FILE = /^(?:[^=@:]*(?:=|:=)?)?@(.+)$/;

export function httpieReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const scan = scanOptions(texts, HTTPIE);
	const found: (Finding | null)[] = [uncertainOptions(scan, context.program)];
	const operands = [...scan.operands];
	const first = operands[0];
	if (first !== undefined && METHODS.has((texts[first] ?? "").toUpperCase()) && operands.length > 1) operands.shift();
	const scheme = context.program === "https" || context.program === "xhs" ? "https" : "http";
	const url = operands.shift();
	if (url !== undefined) found.push(urlFinding(texts[url] ?? null, scheme));
	for (const entry of optionsNamed(scan, ["--proxy"])) {
		const value = optionText(entry, texts);
		// `--proxy=http:http://proxy:3128`: the protocol, then the proxy's URL.
		found.push(
			urlFinding(value === null || value === undefined ? value : value.replace(/^[a-z]+:(?=[a-z]+:\/\/)/, ""), "http"),
		);
	}
	const sends: string[] = [];
	for (const index of operands) {
		const text = texts[index] ?? null;
		if (text === null) sends.push("data the command computes");
		else if (ITEM_FILE.test(text)) sends.push(sentFile(ITEM_FILE.exec(text)?.[1] ?? null));
		else if (/^[^=:@]+(?:=|:=)/.test(text)) sends.push("data given inline");
	}
	return { found: present(found), sends };
}
