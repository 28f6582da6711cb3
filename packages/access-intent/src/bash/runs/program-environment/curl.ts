/**
 * Owns: curl's documented environment variables that name a file, a command or a configuration, classified (curl
 * 7.88, `man curl`, section ENVIRONMENT; curl reads the proxy variables in either case).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const CURL = documentedIn("curl(1) ENVIRONMENT");

export const CURL_ENVIRONMENT: readonly EnvironmentRow[] = [
	CURL("CURL_HOME", "relocates", "curl reads `.curlrc` (options: files it writes and reads) from here"),
	CURL("XDG_CONFIG_HOME", "relocates", "git (and others) read their config from here"),
	CURL("HOME", "relocates", "git reads `~/.gitconfig` (and other programs their config) from here"),
	CURL("CURL_CA_BUNDLE", "reads-value", "curl trusts the certificates in this file"),
	CURL(
		"SSL_CERT_FILE",
		"reads-value",
		"node (with --use-openssl-ca), curl and OpenSSL trust the certificates in this file",
	),
	CURL("SSL_CERT_DIR", "reads-value", "node (with --use-openssl-ca), curl and OpenSSL trust the certificates here"),
	CURL("SSLKEYLOGFILE", "writes-value", "curl (and other TLS clients) write their session keys to this file"),
	CURL("QLOGDIR", "writes-value", "curl writes HTTP/3 logs to this directory"),
	CURL("http_proxy", "configures", "curl sends its requests through this proxy"),
	CURL("HTTPS_PROXY", "configures", "curl sends its requests through this proxy"),
	CURL("https_proxy", "configures", "curl sends its requests through this proxy"),
	CURL("ALL_PROXY", "configures", "curl sends its requests through this proxy"),
	CURL("all_proxy", "configures", "curl sends its requests through this proxy"),
	CURL("APPDATA", "relocates", "curl on Windows reads its config from here"),
	CURL("USERPROFILE", "relocates", "curl on Windows reads its config from here"),
];
