/**
 * Owns: node's options (node 20, `node --help`, node(1)) whose value names a module, code, a configuration, a file
 * or a directory; node reads `_` for `-` in option names and stops at the script.
 * Never: judges inline code (`-e`, `-p`: the interpreter analysis) or reads `NODE_OPTIONS` (the environment tables).
 */
import { POSIX_READING } from "../option-grammar";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const OPTIONS = "node(1) OPTIONS";

export const NODE_TABLE: ProgramTable = {
	global: programOptions(
		{
			...GETOPT_LONG_READING,
			order: POSIX_READING.order,
			abbreviations: "none",
			underscores: true,
			endOfOptions: true,
		},
		[
			named(["-r", "--require"], "module", `${OPTIONS}: -r, --require`),
			named(["--import"], "module", `${OPTIONS}: --import`),
			named(["--loader", "--experimental-loader"], "module", `${OPTIONS}: --experimental-loader`),
			named(["--test-reporter"], "module", `${OPTIONS}: --test-reporter`),
			named(["--env-file"], "config", `${OPTIONS}: --env-file (NODE_OPTIONS in it is read)`),
			named(["--env-file-if-exists"], "config", `${OPTIONS}: --env-file-if-exists`),
			named(["--openssl-config"], "config", `${OPTIONS}: --openssl-config (loads OpenSSL providers)`),
			named(["--experimental-policy"], "config", `${OPTIONS}: --experimental-policy`),
			named(["--experimental-sea-config"], "config", `${OPTIONS}: --experimental-sea-config`),
			named(["--build-snapshot-config"], "config", `${OPTIONS}: --build-snapshot-config`),
			named(["--snapshot-blob"], "code", `${OPTIONS}: --snapshot-blob (a heap snapshot to start from)`),
			named(["--icu-data-dir"], "directory", `${OPTIONS}: --icu-data-dir`),
			named(["--redirect-warnings"], "writes", `${OPTIONS}: --redirect-warnings`),
			named(["--diagnostic-dir"], "directory", `${OPTIONS}: --diagnostic-dir`),
			named(["--report-dir", "--report-directory"], "directory", `${OPTIONS}: --report-directory`),
			named(["--report-filename"], "writes", `${OPTIONS}: --report-filename`),
			named(["--cpu-prof-dir"], "directory", `${OPTIONS}: --cpu-prof-dir`),
			named(["--heap-prof-dir"], "directory", `${OPTIONS}: --heap-prof-dir`),
			named(["--test-reporter-destination"], "writes", `${OPTIONS}: --test-reporter-destination`),
			named(["--tls-keylog"], "writes", `${OPTIONS}: --tls-keylog`),
			named(["--watch-path"], "directory", `${OPTIONS}: --watch-path`),
		],
		{
			shortValue: "C",
			shortFlag: "cihv",
			longValue: [
				...["conditions", "cpu-prof-interval", "cpu-prof-name", "disable-proto", "disable-warning"],
				...["dns-result-order", "experimental-default-type", "heap-prof-interval", "heap-prof-name"],
				...["heapsnapshot-near-heap-limit", "heapsnapshot-signal", "input-type", "inspect-port", "debug-port"],
				...["inspect-publish-uid", "max-http-header-size", "policy-integrity", "report-signal", "secure-heap"],
				...["secure-heap-min", "test-concurrency", "test-name-pattern", "test-shard", "test-timeout", "title"],
				...["tls-cipher-list", "trace-event-categories", "trace-event-file-pattern", "unhandled-rejections"],
				...["use-largepages", "v8-pool-size", "stack-trace-limit", "allow-fs-read", "allow-fs-write"],
			],
			// `-e`, `-p` take the code (the interpreter analysis reads them); `--inspect[=port]` takes an attached one.
			options: [
				{ spellings: ["-e", "--eval"], takes: "value", valueWords: 1 },
				{ spellings: ["-p", "--print"], takes: "value", valueWords: 1 },
				{ spellings: ["--inspect"], takes: "optional", valueWords: 1 },
				{ spellings: ["--inspect-brk"], takes: "optional", valueWords: 1 },
				{ spellings: ["--inspect-wait"], takes: "optional", valueWords: 1 },
			],
		},
	),
};
