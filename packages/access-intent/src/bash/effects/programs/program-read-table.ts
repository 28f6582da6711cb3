/**
 * Owns: the data table of files programs read by their own syntax that no operand shows as a file (ADR 0026, reads
 * are reads): `--files0-from=F`, `tar -T F`, `rsync --files-from=F`, `curl -d @F` / `-F name=@F` / `-T F`, a
 * compiler's `@F` response file, `git show REV:path`, git pathspecs (`-- '*.env'`), and file names read from data the parse cannot see (`tar -T -`,
 * `cpio -o`, `zip -@`), which are unresolved.
 * Never: resolves paths or reads the file system (`path-candidates.ts` does). To add a program: one row in
 * `PROGRAM_READS` and one row in `test/bash/effects/program-read-table.test.ts`.
 */

import {
	GNU_READING,
	type OptionGrammar,
	type OptionReading,
	option,
	optionGrammar,
} from "../../options/option-grammar";
import { valueText } from "../../options/option-queries";
import { scanOptions } from "../../options/option-scanner";
import { CURL_TABLE } from "../../options/programs/curl";
import type { ShellWord } from "../../reading/shell-word";
import { literalWordText, literalWordTexts } from "../../reading/shell-word";
import { gitPathspecReads } from "../git-pathspec-reads";
import { gitRevisionReads } from "../git-revision-reads";

/** A file the program reads (`file`), or file names it reads from data this parse cannot see (`names`). */
export type ProgramRead =
	| { readonly kind: "file"; readonly text: string }
	| { readonly kind: "names"; readonly spelling: string };

type Handler = (args: readonly ShellWord[]) => ProgramRead[];

const STDIN = new Set(["-", "/dev/stdin"]);

/**
 * How these programs' options are found: wherever they stand up to `--`; a word with one dash is one option, its
 * value attached or in the next word (`-T F`, `-TF`; `-cT` is not `-T`), and a single-dash long name as a whole
 * word or with `=value` (`-files0-from=F`).
 */
const FILES_FROM_READING: OptionReading = {
	...GNU_READING,
	abbreviations: "none",
	singleDash: "letter",
	singleDashEquals: true,
};

/** The value of each listed option at each place it is written; `null` for a computed value or none. */
function values(args: readonly ShellWord[], grammar: OptionGrammar): (string | null)[] {
	const texts = literalWordTexts(args);
	return scanOptions(texts, grammar).options.flatMap((option) =>
		option.known ? [option.value === null ? null : valueText(option.value, texts)] : [],
	);
}

/** `F` is read, and the names in it are files read too: unresolved (`sort --files0-from=F`, `tar -T F`). */
function namesFrom(option: string, value: string | null): ProgramRead[] {
	const names: ProgramRead = {
		kind: "names",
		spelling: `file names read by ${option} from ${value ?? "a computed file"}`,
	};
	return value === null || STDIN.has(value) ? [names] : [{ kind: "file", text: value }, names];
}

/**
 * The spellings getopt_long takes for `long`: the name and each abbreviation down to `shortest`, the shortest prefix
 * no other long option of the program shares (measured with the program's own `--help`: an ambiguous one is an
 * error, and a one-option grammar with prefix abbreviations would read `tar --file=x.tar` as `--files-from`).
 */
function abbreviations(long: string, shortest: string): string[] {
	const out: string[] = [];
	for (let end = shortest.length; end <= long.length; end++) out.push(long.slice(0, end));
	return out;
}

function filesFromOption(long: string, short: readonly string[] = [], shortest: string = long): Handler {
	// SECURITY: `sort --fil=.env`, `wc --f=.env`, `tar --files=.env` read the list file as `--files0-from` does.
	const grammar = optionGrammar(FILES_FROM_READING, {
		options: [option([...abbreviations(long, shortest), ...short], "value")],
	});
	return (args) => values(args, grammar).flatMap((value) => namesFrom(long, value));
}

/** GNU tar: `-T F`, `-TF`, `--files-from[=]F`; `T` inside another cluster (`-cT F`, `cfT x F`) names its list too. */
function tar(args: readonly ShellWord[]): ProgramRead[] {
	const reads = filesFromOption("--files-from", ["-T"], "--files")(args);
	const first = args[0] === undefined ? null : literalWordText(args[0]);
	const clustered = args.some((arg) => {
		const text = literalWordText(arg);
		return text !== null && /^-[A-Za-z]+$/.test(text) && !text.startsWith("-T") && text.includes("T");
	});
	if (clustered || (first !== null && /^[A-Za-z]*T[A-Za-z]*$/.test(first)))
		reads.push({ kind: "names", spelling: "file names tar reads from a list file" });
	return reads;
}

/** `cpio -o` / `-p` read the files whose names arrive on stdin. */
function cpio(args: readonly ShellWord[]): ProgramRead[] {
	const copies = args.some((arg) => {
		const text = literalWordText(arg);
		return (
			text === null ||
			text === "--create" ||
			text === "--pass-through" ||
			(/^-[A-Za-z]+$/.test(text) && /[op]/.test(text))
		);
	});
	return copies ? [{ kind: "names", spelling: "file names cpio reads from standard input" }] : [];
}

/** `zip -@` reads the names of the files to add from stdin. */
function zip(args: readonly ShellWord[]): ProgramRead[] {
	const fromStdin = args.some((arg) => {
		const text = literalWordText(arg);
		return text === "-@" || text === "--names-stdin" || (text !== null && /^-[A-Za-z]*@/.test(text));
	});
	return fromStdin ? [{ kind: "names", spelling: "file names zip reads from standard input" }] : [];
}

/** Options whose value names a file as `@F` (ADR 0052: headers, write-out formats and queries too, curl(1)). */
const CURL_DATA = ["-d", "--data-ascii", "--data-binary", "--data-urlencode", "--json", "-H", "--proxy-header", "-w"];
/** `name@F` (or `@F`): the file after the `@`. */
const CURL_NAMED_DATA = ["--data-urlencode", "--url-query"];
const CURL_FORM = ["-F", "--form"];
const CURL_FILES = ["-T", "--upload-file", "-K", "--config"];
/** `-b F`: a cookie value without `=` is a file of cookies. */
const CURL_COOKIE = "-b";

const CURL_READING = [...CURL_DATA, ...CURL_NAMED_DATA, ...CURL_FORM, ...CURL_FILES, CURL_COOKIE];

/**
 * How curl's reading options are found here: by curl's own grammar (`options/programs/curl.ts`: `-d @F`, `-d@F`,
 * `-sSd@F`, `--data=@F`, abbreviations), a computed word read as an operand.
 */
const CURL_READS: OptionGrammar = {
	...CURL_TABLE.global.grammar,
	reading: { ...CURL_TABLE.global.grammar.reading, computed: "operand" },
};

/**
 * curl reads `@F` of a data, header or write-out option (`name@F` for `--data-urlencode`, `--url-query`), `name=@F` /
 * `name=<F` of a form field, a cookie file (`-b F`, no `=`), and the file of `-T` / `-K`; `@-` and `-` are stdin. A
 * computed value that may begin with `@` is an unresolved read.
 */
function curl(args: readonly ShellWord[]): ProgramRead[] {
	const reads: ProgramRead[] = [];
	const texts = literalWordTexts(args);
	const scan = scanOptions(texts, CURL_READS);
	// SECURITY: `curl file://$PWD/.env`, `FILE://…`, `file://localhost/…`, `.e%6ev`: a file URL reads the file (red-team
	// round 4). Every operand is a URL, and so is `--url`'s value.
	for (const index of scan.operands) reads.push(...fileUrlReads(args[index] as ShellWord, texts[index] ?? null));
	for (const { name, value } of scan.options) {
		if (name !== "--url" || value === null) continue;
		if (value.kind === "word") reads.push(...fileUrlReads(args[value.index] as ShellWord, texts[value.index] ?? null));
		else reads.push(...fileUrlReads(null, value.text));
	}
	for (const { name: option, known, value: given } of scan.options) {
		// SECURITY: `curl -d@.env`, `-sSd@.env`: a data option's value attached to its letter (ADR 0052).
		if (!known || !CURL_READING.includes(option)) continue;
		const valueWord = given?.kind === "word" ? args[given.index] : undefined;
		const value = given === null ? null : valueText(given, texts);
		if (value === null) {
			// SECURITY: `curl -d "$BODY"` may send `@.env`; a value whose first character is computed is unresolved.
			const first = valueWord?.parts[0];
			if (
				first === undefined ||
				first.kind !== "literal" ||
				first.text === "" ||
				/^[@<]/.test(first.text) ||
				CURL_FILES.includes(option)
			)
				reads.push({ kind: "names", spelling: `a file curl ${option} may read` });
			continue;
		}
		const file = CURL_FILES.includes(option)
			? value
			: CURL_FORM.includes(option)
				? (/^[^=]*=[@<]([^;]*)/.exec(value)?.[1] ?? null)
				: CURL_NAMED_DATA.includes(option)
					? (/^[^=@]*@(.*)$/s.exec(value)?.[1] ?? null)
					: option === CURL_COOKIE
						? value.includes("=")
							? null
							: value
						: value.startsWith("@")
							? value.slice(1)
							: null;
		if (file !== null && file !== "" && !STDIN.has(file) && file !== ".") reads.push({ kind: "file", text: file });
	}
	return reads;
}

const FILE_SCHEME = /^file:/i;

/**
 * The file a `file:` URL names, as curl reads it: `file://[localhost]/path`, percent-decoded; a computed URL that
 * starts as a file URL, or one curl may expand by its URL globbing (`{a,b}`, `[1-3]`), is unresolved.
 */
function fileUrlReads(word: ShellWord | null, text: string | null): ProgramRead[] {
	if (text === null) {
		const first = word?.parts[0];
		const literal = first?.kind === "literal" ? first.text : "";
		// `"$URL"` is judged by the command rules; only a URL written as a file URL is a file read here.
		return /^file:/i.test(literal) || (literal !== "" && "file:".startsWith(literal.toLowerCase()))
			? [{ kind: "names", spelling: "the file a computed `file:` URL names" }]
			: [];
	}
	if (!FILE_SCHEME.test(text)) return [];
	let rest = text.slice(5);
	if (rest.startsWith("//")) {
		const slash = rest.indexOf("/", 2);
		rest = slash === -1 ? "" : rest.slice(slash);
	}
	let path: string;
	try {
		path = decodeURIComponent(rest);
	} catch {
		return [{ kind: "names", spelling: `the file the URL \`${text}\` names` }];
	}
	if (/[{}[\]]/.test(path)) return [{ kind: "names", spelling: `the files curl's URL glob \`${text}\` may name` }];
	return path === "" || path === "/" ? [] : [{ kind: "file", text: path }];
}

/** A compiler reads options and file names from `@F` (a response file); the names in it are unresolved. */
function responseFiles(args: readonly ShellWord[]): ProgramRead[] {
	return args.flatMap((arg): ProgramRead[] => {
		const text = literalWordText(arg);
		if (text === null || !text.startsWith("@") || text.length === 1) return [];
		return [
			{ kind: "file", text: text.slice(1) },
			{ kind: "names", spelling: `file names in the response file ${text.slice(1)}` },
		];
	});
}

/**
 * `git show HEAD:.env`, `git cat-file -p :0:.env`, `git -C d diff main:f`: the blob path after the colon is the file
 * read (as of that rev); `git-revision-reads.ts` knows the sub-commands and global options.
 */
function git(args: readonly ShellWord[]): ProgramRead[] {
	const texts = literalWordTexts(args);
	const reads: ProgramRead[] = gitRevisionReads(texts).map((path) => ({
		kind: "file",
		text: path.replace(/^\.\//, ""),
	}));
	// `git log -p -- '*.env'`, `':(icase).ENV'`, `-L1,1:.env`: the files a pathspec names (`git-pathspec-reads.ts`).
	for (const read of gitPathspecReads(texts)) {
		if (read.kind === "unresolved") reads.push({ kind: "names", spelling: read.spelling });
		else if (!reads.some((known) => known.kind === "file" && known.text === read.text))
			reads.push({ kind: "file", text: read.text });
	}
	return reads;
}

const GCC_FAMILY = ["gcc", "g++", "cc", "c++", "clang", "clang++", "ld"];

/** Per program, what its own syntax reads. */
export const PROGRAM_READS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
	// The shortest abbreviations GNU coreutils 9.1 takes (`sort --fi` is ambiguous with `--field-separator`).
	["sort", filesFromOption("--files0-from", [], "--fil")],
	["wc", filesFromOption("--files0-from", [], "--f")],
	["du", filesFromOption("--files0-from", [], "--f")],
	["tar", tar],
	["gtar", tar],
	["gnutar", tar],
	["bsdtar", tar],
	["rsync", filesFromOption("--files-from")],
	// GNU find 4.9 reads its start points from `-files0-from F` (`-` is stdin).
	["find", filesFromOption("-files0-from")],
	["cpio", cpio],
	["zip", zip],
	["curl", curl],
	["git", git],
	...GCC_FAMILY.map((name): [string, Handler] => [name, responseFiles]),
]);

/** What `commandName args` reads by its own syntax (beyond its operands). */
export function programReads(commandName: string | null, args: readonly ShellWord[]): readonly ProgramRead[] {
	const handler = commandName === null ? undefined : PROGRAM_READS.get(commandName);
	return handler === undefined ? [] : handler(args);
}
