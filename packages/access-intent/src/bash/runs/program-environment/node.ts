/**
 * Owns: node's documented environment variables that name a file, a command or a configuration, classified (node 22:
 * `man node` ENVIRONMENT, `node --help` "Environment variables"), and what an option string in `NODE_OPTIONS` does:
 * read as node reads it (its own tokenizer removes double quotes anywhere, `_` is `-` in a name) by the grammar of
 * the options node allows there (`options/environment-grammars/node-options-grammar.ts`).
 * Never: decides; `environment-effects.ts` reads these rows.
 */

import { NODE_OPTIONS_GRAMMAR } from "../../options/environment-grammars/node-options-grammar";
import { scanOptions } from "../../options/option-scanner";
import { optionStringWords } from "../../options/option-string-words";
import { documentedIn, type EnvironmentRow, type OptionsVerdict } from "../environment-row";

/**
 * Options that load or run code (a module, a loader, a snapshot, an OpenSSL config with its engines, a test reporter
 * module) or open the inspector (anyone who connects runs code), or write a file the write check cannot see.
 */
const RUNS_CODE: ReadonlySet<string> = new Set([
	"--require",
	"--import",
	"--experimental-loader",
	"--inspect",
	"--inspect-brk",
	"--inspect-wait",
	"--openssl-config",
	"--snapshot-blob",
	"--test-reporter",
	// Writes: warnings, reports, profiles, TLS keys, trace events and a test report go to a file the value names.
	"--redirect-warnings",
	"--report-dir",
	"--report-filename",
	"--diagnostic-dir",
	"--cpu-prof-dir",
	"--cpu-prof-name",
	"--heap-prof-dir",
	"--heap-prof-name",
	"--tls-keylog",
	"--trace-event-file-pattern",
	"--test-reporter-destination",
]);

/** Options whose effect on what runs is not known to be harmless: module resolution and files node reads. */
const NOT_KNOWN: ReadonlySet<string> = new Set([
	"--conditions",
	"--preserve-symlinks",
	"--preserve-symlinks-main",
	"--icu-data-dir",
	"--localstorage-file",
	"--watch-path",
]);

/** node's built-in test reporters, named instead of a module path. */
const BUILT_IN_REPORTERS = /^(?:spec|tap|dot|junit|lcov)$/;

/**
 * What `NODE_OPTIONS` (or npm's `node-options`) does: `inert` when every word is an option node allows there and
 * none of them loads code, writes a file or changes module resolution; `runs-code` when one does; `unknown` when a
 * word is not read (an operand, an unlisted option, an unterminated quote: node refuses those, but a newer node may not).
 */
export function nodeOptionsVerdict(value: string): OptionsVerdict {
	const words = optionStringWords(value, "node");
	if (words === null) return "unknown";
	const scan = scanOptions(words, NODE_OPTIONS_GRAMMAR);
	let verdict: OptionsVerdict = "inert";
	for (const option of scan.options) {
		const text =
			option.value?.kind === "text" ? option.value.text : option.value === null ? null : words[option.value.index];
		if (option.name === "--test-reporter" && text !== null && text !== undefined && BUILT_IN_REPORTERS.test(text))
			continue;
		if (RUNS_CODE.has(option.name)) return "runs-code";
		if (NOT_KNOWN.has(option.name)) verdict = "unknown";
	}
	if (scan.uncertain !== null || scan.operands.length > 0) return "unknown";
	return verdict;
}

const MAN = documentedIn("node(1) ENVIRONMENT");
const CLI_DOCS = documentedIn("nodejs.org/api/cli.html Environment variables (not in node 22's `--help`)");

export const NODE_ENVIRONMENT: readonly EnvironmentRow[] = [
	MAN("NODE_OPTIONS", "options", "node reads these options before the script", { readOptions: nodeOptionsVerdict }),
	MAN("NODE_PATH", "relocates", "node loads modules from these directories"),
	MAN("NODE_EXTRA_CA_CERTS", "reads-value", "node trusts the certificates in this file"),
	MAN("NODE_ICU_DATA", "reads-value", "node reads its Intl data from this file"),
	MAN("NODE_REDIRECT_WARNINGS", "writes-value", "node writes its warnings to this file"),
	MAN("NODE_REPL_HISTORY", "terminal-only", "node's REPL, which needs a terminal, keeps its history in this file"),
	MAN("NODE_REPL_EXTERNAL_MODULE", "relocates", "node loads this module in place of its REPL", {
		harmless: /^$/,
	}),
	MAN("NODE_V8_COVERAGE", "writes-value", "node writes coverage files to this directory"),
	MAN("NODE_TLS_REJECT_UNAUTHORIZED", "configures", "node does not verify TLS certificates when it is 0", {
		harmless: /^1$/,
	}),
	MAN("NODE_PRESERVE_SYMLINKS", "configures", "node resolves modules through symbolic links"),
	MAN("OPENSSL_CONF", "relocates", "node and OpenSSL read this config, which may load engines (code)"),
	MAN("SSL_CERT_DIR", "reads-value", "node (with --use-openssl-ca), curl and OpenSSL trust the certificates here"),
	MAN(
		"SSL_CERT_FILE",
		"reads-value",
		"node (with --use-openssl-ca), curl and OpenSSL trust the certificates in this file",
	),
	CLI_DOCS("NODE_COMPILE_CACHE", "relocates", "node reads compiled code from the cache in this directory"),
	CLI_DOCS("NODE_USE_ENV_PROXY", "configures", "node sends its requests through the proxy variables"),
];
