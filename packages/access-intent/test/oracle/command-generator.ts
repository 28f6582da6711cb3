/**
 * Owns: the fast-check generator of bash command text for the differential oracle: allowed and denied names, every
 * separator, quote and escape form, control characters and Unicode spaces inside and outside quotes, comments, line
 * continuations, heredocs, expansions, tilde forms, arithmetic, `[[ ]]`, subshells, groups and redirects.
 * Never: generates a loop that cannot end (`while`/`until` over a stub that always succeeds) or a NUL (argv cannot
 * carry one). To cover a new class, add its pieces here and say so in ADR 0020.
 */
import fc from "fast-check";

/** Names the policy would allow or deny, spelled as a model might (quoted, escaped, absolute, unknown). */
const NAMES = [
	...["ls", "cat", "echo", "rm", "curl", "git", "grep", "sed", "wc", "head", "touch", "printf", "zzz"],
	...["\\rm", "'rm'", '"rm"', 'r""m', "r\\m", "$'rm'", "/bin/rm", "/usr/bin/rm", "/usr/local/bin/curl", "/sbin/x"],
	...["sudo rm", "env rm", "env A=1 curl", "timeout 5 rm", "nice rm", "nohup rm", "xargs rm", "command rm", "exec rm"],
	...["builtin echo", "time rm", "git status"],
];
/**
 * Payload wrappers take no further words: bash evaluates `eval A B` as `A B` joined, which the gate does not model
 * (ADR 0026; `oracle.tables.test.ts` asserts that gap on one row).
 */
const PAYLOADS = ["bash -c 'rm x'", 'sh -c "curl y"', "eval 'rm z'", "bash -c 'ls; rm x' 2>&1"];

/** Characters bash and a grammar may read differently: every C0 control but NUL, DEL, and the Unicode spaces. */
export const ODD_CHARACTERS: readonly string[] = [
	...Array.from({ length: 31 }, (_, k) => String.fromCharCode(k + 1)),
	"\x7f",
	"\u0085",
	"\u00a0",
	"\u1680",
	...Array.from({ length: 12 }, (_, k) => String.fromCharCode(0x2000 + k)),
	"\u2028",
	"\u2029",
	"\u202f",
	"\u205f",
	"\u3000",
	"\ufeff",
];

const odd = fc.constantFrom(...ODD_CHARACTERS);
/** `arb` about one time in `oneIn`, otherwise `null`. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
	fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
const plainText = fc.constantFrom(
	"a",
	"x",
	"notes.txt",
	"-rf",
	"somedir",
	".env",
	"src/a.ts",
	"-n",
	"1",
	"é",
	"日本",
	"🙂",
);
/** Text inside quotes: ordinary text, separators and openers that are inert there, and odd characters. */
const quotedText = fc.oneof(
	{ weight: 6, arbitrary: plainText },
	{ weight: 3, arbitrary: fc.constantFrom(" ", ";", "&&", "|", "#", "$(rm q)", "`rm q`", "*", "~", "\\", "'", '"') },
);
const joined = (parts: fc.Arbitrary<string>, max: number) =>
	fc.array(parts, { minLength: 0, maxLength: max }).map((list) => list.join(""));

const singleQuoted = joined(quotedText, 4).map((inner) => `'${inner.replaceAll("'", "")}'`);
const doubleQuoted = joined(
	fc.oneof(quotedText, fc.constantFrom("$x", "${x}", "$(ls)", "$(rm d)", '\\"', "\\$", "\\`", "`ls`")),
	4,
).map((inner) => `"${inner.replace(/(?<!\\)"/g, "").replace(/\\+$/, "")}"`);
const ansiEscape = fc.constantFrom(
	"\\n",
	"\\t",
	"\\r",
	"\\v",
	"\\f",
	"\\x41",
	"\\x24",
	"\\'",
	"\\\\",
	"\\e",
	"\\u3000",
	"\\101",
	"\\cA",
	"\\0",
);
const ansiC = joined(fc.oneof(plainText, ansiEscape, fc.constantFrom(" ", "$(rm a)", ";")), 4).map(
	(inner) => `$'${inner.replaceAll("'", "")}'`,
);
const localeQuoted = joined(plainText, 2).map((inner) => `$"${inner}"`);
const escaped = fc.constantFrom("\\;", "\\ ", "\\#", "\\$x", "\\\\", "\\'", '\\"', "\\&", "\\|", "\\\t", "\\\n");
const expansion = fc.constantFrom(
	...["$x", "${x}", "${x:-a}", "${x:-$(rm e)}", "$(ls)", "$(rm f)", "`ls`", "`rm g`", "$((1+2))", "$HOME"],
	...["$PWD", "$?", "$#", "${#x}", "$1", '"$@"', "${x//a/b}"],
);
const tilde = fc.constantFrom("~", "~/x", "~+", "~-", "~u", "~/.ssh", "~+/notes.txt");
const glob = fc.constantFrom("*", "?", "[ab]", "*.ts", "src/*");
const brace = fc.constantFrom("{a,b}", "{1..3}", "{rm,x}");

const piece = fc.oneof(
	{ weight: 14, arbitrary: plainText },
	{ weight: 2, arbitrary: singleQuoted },
	{ weight: 2, arbitrary: doubleQuoted },
	{ weight: 1, arbitrary: ansiC },
	{ weight: 1, arbitrary: localeQuoted },
	{ weight: 1, arbitrary: escaped },
	{ weight: 2, arbitrary: expansion },
	{ weight: 1, arbitrary: tilde },
	{ weight: 1, arbitrary: glob },
	{ weight: 1, arbitrary: brace },
	{ weight: 1, arbitrary: fc.constantFrom("a\u00a0b", "日本\u3000語", "a\u2003b", "a\ufeff", "a\u200bb") },
);
const word = fc.array(piece, { minLength: 1, maxLength: 2 }).map((parts) => parts.join(""));
const blank = fc.oneof(
	{ weight: 8, arbitrary: fc.constant(" ") },
	{ weight: 1, arbitrary: fc.constantFrom("\t", "  ", " \\\n ") },
);
const redirect = fc.constantFrom(
	" > out",
	" 2>&1",
	" >> log",
	" < notes.txt",
	" <<< word",
	" 2>/dev/null",
	" > $(rm h)",
	" &> o",
);
const comment = fc.constantFrom(" # rm c", " #x", " # $(rm i)", ";# ';rm'");

const plainSimple = fc
	.tuple(
		sometimes(fc.constantFrom("A=1 ", "x=$(rm j) ", "f=.env ", "B=$x ", "C='a b' ", "D=", "x=\u3000 "), 8),
		fc.constantFrom(...NAMES),
		fc.array(fc.tuple(blank, word), { maxLength: 2 }),
		sometimes(redirect, 4),
		sometimes(comment, 6),
	)
	.map(
		([assign, name, args, redir, note]) =>
			`${assign ?? ""}${name}${args.map(([space, text]) => space + text).join("")}${redir ?? ""}${note ?? ""}`,
	);
const simple = fc.oneof({ weight: 12, arbitrary: plainSimple }, { weight: 1, arbitrary: fc.constantFrom(...PAYLOADS) });

const SEPARATORS = [";", " ; ", " && ", "||", " | ", " & ", "\n", " |& ", ";\n", "&&\n"];

/** A list of statements: a heredoc always ends its line, so the statement after it starts on the next. */
const list = (depth: number): fc.Arbitrary<string> =>
	fc
		.array(fc.tuple(statement(depth), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: depth === 2 ? 3 : 2 })
		.map((items) =>
			items
				.map(([text, separator], i) => (i === items.length - 1 ? text : text + (text.endsWith("\n") ? "" : separator)))
				.join(""),
		);

const heredoc = fc
	.tuple(
		fc.constantFrom("cat", "rm", "sh", "grep x"),
		fc.boolean(),
		joined(fc.oneof(quotedText, expansion, fc.constant("\n")), 4),
	)
	.map(([name, quoted, body]) => `${name} <<${quoted ? "'EOF'" : "EOF"}\n${body.replaceAll("EOF", "")}\nEOF\n`);

/** A body before `}`, `fi`, `done`, `;;`: a newline already ends it (a heredoc's last line), else a `;`. */
const terminated = (body: string) => (body.endsWith("\n") ? body : `${body};`);

function statement(depth: number): fc.Arbitrary<string> {
	if (depth <= 0) return fc.oneof({ weight: 6, arbitrary: simple }, { weight: 1, arbitrary: heredoc });
	const inner = list(depth - 1);
	return fc.oneof(
		{ weight: 10, arbitrary: simple },
		{ weight: 1, arbitrary: heredoc },
		{ weight: 1, arbitrary: inner.map((body) => `( ${body} )`) },
		{ weight: 1, arbitrary: inner.map((body) => `{ ${terminated(body)} }`) },
		{ weight: 1, arbitrary: fc.tuple(simple, inner).map(([cond, body]) => `if ${cond}; then ${terminated(body)} fi`) },
		{
			weight: 1,
			arbitrary: fc.tuple(word, inner).map(([items, body]) => `for f in ${items}; do ${terminated(body)} done`),
		},
		{
			weight: 1,
			arbitrary: fc
				.tuple(word, inner)
				.map(([subject, body]) => `case ${subject} in a) ${body.endsWith("\n") ? body : `${body} `};; *) ls;; esac`),
		},
		{ weight: 1, arbitrary: word.map((operand) => `[[ -n ${operand} ]]`) },
		{ weight: 1, arbitrary: fc.constantFrom("(( 1 + 2 ))", "(( x = $(rm k) ))", "echo $(( 3 * 4 ))", "(( y++ ))") },
		{ weight: 1, arbitrary: simple.map((body) => `! ${body}`) },
		// One function name per depth: a body never calls the function it is in.
		{ weight: 1, arbitrary: inner.map((body) => `f${depth}() { ${terminated(body)} }; f${depth}`) },
		{ weight: 1, arbitrary: inner.map((body) => `echo $(${body})`) },
		{ weight: 1, arbitrary: inner.map((body) => `cat <(${body})`) },
	);
}

/**
 * One generated command: one to three statements, compounds nested up to two levels; about one in eight carries an odd
 * character at an arbitrary offset (so inside and outside quotes, words, comments and heredocs alike).
 */
export const commandArbitrary: fc.Arbitrary<string> = fc
	.tuple(list(2), sometimes(fc.tuple(odd, fc.nat()), 8))
	.map(([text, insert]) => {
		if (insert === null) return text;
		const [character, at] = insert;
		const offset = at % (text.length + 1);
		return text.slice(0, offset) + character + text.slice(offset);
	});
