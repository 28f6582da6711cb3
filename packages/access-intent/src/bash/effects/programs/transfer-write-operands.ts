/**
 * Owns: what downloaders and archivers write, read from their arguments: `curl` and `wget` output files and
 * directories (`-o`, `-O`, `--output-dir`, `-P`, …), `tar` archives and extraction targets, `unzip -d`, `patch`
 * targets.
 * Never: fetches or unpacks anything; their rows in `write-operand-table.ts` point here.
 */
import { gnuGrammar } from "../../options/option-grammar";
import { hasOption, optionValues } from "../../options/option-queries";
import { type ArgTexts, scanOptions } from "../../options/option-scanner";
import { basename, fromValue, inDirs, type WriteSelection, word } from "./write-selection";

const CURL_VALUES = "oDcdHXuAebFTxmKrwyYzEtQ";
const CURL_LONG = [
	"output",
	"output-dir",
	"dump-header",
	"cookie-jar",
	"trace",
	"trace-ascii",
	"stderr",
	"libcurl",
	"etag-save",
	"hsts",
	"alt-svc",
	"data",
	"header",
	"request",
	"user",
	"user-agent",
	"referer",
	"cookie",
	"form",
	"upload-file",
	"proxy",
	"max-time",
	"config",
	"url",
	"write-out",
];

const CURL_OPTIONS = gnuGrammar({ shortValue: CURL_VALUES, longValue: CURL_LONG });

export function curl(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, CURL_OPTIONS);
	const out = optionValues(
		scanned,
		"-o",
		"--output",
		"-D",
		"--dump-header",
		"-c",
		"--cookie-jar",
		"--trace",
		"--trace-ascii",
		"--stderr",
		"--libcurl",
		"--etag-save",
		"--hsts",
		"--alt-svc",
	).map((value) => fromValue(value, "write", "curl -o"));
	if (hasOption(scanned, "-O", "--remote-name", "--remote-name-all")) {
		const dirs = optionValues(scanned, "--output-dir");
		for (const index of scanned.operands) {
			const name = basename(args[index] ?? null);
			if (name === null)
				out.push({ kind: "unknown", spelling: "a file named by a URL", effect: "write", via: "curl -O", tree: false });
			else out.push(...inDirs(name, dirs, "curl -O"));
		}
	}
	return out;
}

const WGET_OPTIONS = gnuGrammar({
	shortValue: "OoaPeiUTtwQlAR",
	longValue: [
		"output-document",
		"output-file",
		"append-output",
		"directory-prefix",
		"execute",
		"input-file",
		"user-agent",
		"timeout",
		"tries",
		"wait",
		"quota",
		"level",
		"accept",
		"reject",
	],
});

export function wget(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, WGET_OPTIONS);
	const documents = optionValues(scanned, "-O", "--output-document");
	const out = [...documents, ...optionValues(scanned, "-o", "--output-file", "-a", "--append-output")].map((value) =>
		fromValue(value, "write", "wget -O"),
	);
	if (documents.length > 0) return out;
	const dirs = optionValues(scanned, "-P", "--directory-prefix");
	if (hasOption(scanned, "-r", "--recursive", "-m", "--mirror")) {
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "create", via: "wget -r", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "create", "wget -r"));
		return out;
	}
	for (const index of scanned.operands)
		out.push(...inDirs(basename(args[index] ?? null) ?? "index.html", dirs, "wget"));
	return out;
}

const TAR_OPTIONS = gnuGrammar({
	shortValue: "fCTXbHKLNVgF",
	longValue: [
		"file",
		"directory",
		"files-from",
		"exclude-from",
		"blocking-factor",
		"format",
		"starting-file",
		"newer",
		"label",
		"listed-incremental",
		"info-script",
		"new-volume-script",
	],
});

/** `tar` modes: create/append/update write the archive; extract writes the target directory (names are data). */
export function tar(args: ArgTexts): WriteSelection[] {
	const first = args[0];
	const bundled = first !== undefined && first !== null && !first.startsWith("-") ? first : null;
	const normalized = bundled === null ? args : [`-${bundled}`, ...args.slice(1)];
	const scanned = scanOptions(normalized, TAR_OPTIONS);
	const mode = (letters: string, ...long: string[]) => hasOption(scanned, ...[...letters].map((l) => `-${l}`), ...long);
	const out: WriteSelection[] = [];
	if (mode("cruA", "--create", "--append", "--update", "--catenate", "--concatenate", "--delete")) {
		for (const value of optionValues(scanned, "-f", "--file")) out.push(fromValue(value, "write", "tar -f"));
	}
	if (mode("x", "--extract", "--get")) {
		const dirs = optionValues(scanned, "-C", "--directory");
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "create", via: "tar -x", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "create", "tar -x"));
	}
	return out;
}

const UNZIP_OPTIONS = gnuGrammar({ shortValue: "dP" });

export function unzip(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, UNZIP_OPTIONS);
	if (hasOption(scanned, "-l", "-p", "-t", "-v", "-Z", "-z")) return [];
	const dirs = optionValues(scanned, "-d");
	if (dirs.length === 0) return [{ kind: "text", text: ".", effect: "create", via: "unzip", tree: false }];
	return dirs.map((dir) => fromValue(dir, "create", "unzip -d"));
}

const PATCH_OPTIONS = gnuGrammar({
	shortValue: "BDdFiopruVYzg",
	longValue: [
		"prefix",
		"ifdef",
		"directory",
		"fuzz",
		"input",
		"output",
		"strip",
		"reject-file",
		"version-control",
		"basename-prefix",
		"suffix",
		"get",
	],
});

export function patch(args: ArgTexts): WriteSelection[] {
	const scanned = scanOptions(args, PATCH_OPTIONS);
	const out = optionValues(scanned, "-o", "--output", "-r", "--reject-file").map((value) =>
		fromValue(value, "write", "patch"),
	);
	const file = scanned.operands[0];
	if (file !== undefined) out.push(word(file, "write", "patch"));
	else if (optionValues(scanned, "-o", "--output").length === 0) {
		const dirs = optionValues(scanned, "-d", "--directory");
		if (dirs.length === 0) out.push({ kind: "text", text: ".", effect: "write", via: "patch", tree: false });
		for (const dir of dirs) out.push(fromValue(dir, "write", "patch"));
	}
	return out;
}
