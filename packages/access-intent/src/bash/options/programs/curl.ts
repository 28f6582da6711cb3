/**
 * Owns: curl's options (curl 7.88, `curl --help all`, curl(1)) and the ones whose value names a configuration, code,
 * a file read or written or a directory; data options name a file when their value starts with `@`.
 * Never: reads the config file or the files named.
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const OPTIONS = "curl(1) OPTIONS";

const READS = [
	["--cacert"],
	["-E", "--cert"],
	["--key"],
	["--crlfile"],
	["--netrc-file"],
	["--etag-compare"],
	["--proxy-cacert"],
	["--proxy-cert"],
	["--proxy-key"],
	["--proxy-crlfile"],
	["--random-file"],
	["--egd-file"],
	["--pinnedpubkey"],
	["-T", "--upload-file"],
];

/** Data that names a file as `@file` (`name@file`, `name=@file` for a form field; a cookie file has no `=`). */
const DATA = [
	["-b", "--cookie"],
	["-d", "--data"],
	["--data-ascii"],
	["--data-binary"],
	["--data-urlencode"],
	["--json"],
	["-F", "--form"],
	["-H", "--header"],
	["--proxy-header"],
	["-w", "--write-out"],
	["--url-query"],
];

const WRITES = [
	["-o", "--output"],
	["-D", "--dump-header"],
	["-c", "--cookie-jar"],
	["--trace"],
	["--trace-ascii"],
	["--stderr"],
	["--libcurl"],
	["--etag-save"],
	["--hsts"],
	["--alt-svc"],
];

/** curl's own parser: short options bundle and take an attached value (`-sSd@f`), long names abbreviate. */
export const CURL_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["-K", "--config"], "config", `${OPTIONS}: -K, --config (any option, \`-o\` included)`),
			named(["--engine"], "code", `${OPTIONS}: --engine (an OpenSSL engine module)`),
			named(["--output-dir"], "directory", `${OPTIONS}: --output-dir`),
			named(["--capath"], "directory", `${OPTIONS}: --capath`),
			named(["--proxy-capath"], "directory", `${OPTIONS}: --proxy-capath`),
			...READS.map((spellings) => named(spellings, "reads", `${OPTIONS}: ${spellings.join(", ")}`)),
			...DATA.map((spellings) =>
				named(spellings, "reads", `${OPTIONS}: ${spellings.join(", ")} @file`, { atFile: true }),
			),
			...WRITES.map((spellings) => named(spellings, "writes", `${OPTIONS}: ${spellings.join(", ")}`)),
		],
		{
			shortValue: "ACPQUXYehmrtuxyz",
			shortFlag: "#012346:BGIJLMNORSVZafgijklnpqsv",
			longValue: [
				...["abstract-unix-socket", "aws-sigv4", "cert-type", "ciphers", "connect-timeout", "connect-to"],
				...["continue-at", "create-file-mode", "curves", "delegation", "dns-interface", "dns-ipv4-addr"],
				...["dns-ipv6-addr", "dns-servers", "doh-url", "expect100-timeout", "form-string", "ftp-account"],
				...["ftp-alternative-to-user", "ftp-method", "ftp-port", "ftp-ssl-ccc-mode", "happy-eyeballs-timeout-ms"],
				...["hostpubmd5", "hostpubsha256", "interface", "keepalive-time", "key-type", "krb", "limit-rate"],
				...["local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt", "max-filesize", "max-redirs"],
				...["max-time", "noproxy", "oauth2-bearer", "parallel-max", "pass", "proto", "proto-default"],
				...["proto-redir", "proxy", "preproxy", "proxy-cert-type", "proxy-ciphers", "proxy-key-type"],
				...["proxy-pass", "proxy-pinnedpubkey", "proxy-service-name", "proxy-tls13-ciphers"],
				...["proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0", "pubkey"],
				...["quote", "range", "rate", "referer", "request", "request-target", "resolve", "retry", "retry-delay"],
				...["retry-max-time", "sasl-authzid", "service-name", "socks4", "socks4a", "socks5"],
				...["socks5-gssapi-service", "socks5-hostname", "speed-limit", "speed-time", "telnet-option"],
				...["tftp-blksize", "time-cond", "tls-max", "tls13-ciphers", "tlsauthtype", "tlspassword", "tlsuser"],
				...["unix-socket", "url", "user", "user-agent", "variable"],
			],
			longOptional: ["help"],
		},
	),
};
