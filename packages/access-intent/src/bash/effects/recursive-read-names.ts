/**
 * Owns: the file-name filters a recursive reader applies before reading (`find`'s `-name`/`-iname` tests in a plain
 * conjunction, `grep`'s `--include` globs) and matching a name against them as fnmatch does.
 * Never: walks or decides; a filter it cannot read filters nothing (the program is taken to read every name).
 */
import type { ArgTexts, OptionScan } from "../options/option-scanner";

/** A glob on a file's name (`find -name`, `-iname`; `grep --include`): `*`, `?` and `[…]` as fnmatch reads them. */
export interface NameGlob {
	readonly glob: string;
	readonly caseless: boolean;
}

/**
 * The name filters a program applies before reading: `find`'s `-name`/`-iname` tests when its expression is a plain
 * conjunction (no `-o`, `!`, `-not`, `,` or parentheses: anything else reads every name), `grep`'s `--include` globs.
 */
export function nameClauses(name: string, scanned: OptionScan, texts: ArgTexts): NameGlob[][] {
	if (name === "find") {
		const clauses: NameGlob[][] = [];
		for (let index = 0; index < texts.length; index++) {
			const text = texts[index];
			if (text === "-exec" || text === "-execdir" || text === "-ok" || text === "-okdir") break;
			// SECURITY: a name that is not a literal, or an expression that is not a plain conjunction, filters nothing.
			if (text === null || text === undefined || FIND_BRANCHES.has(text)) return [];
			if (text !== "-name" && text !== "-iname") continue;
			const glob = texts[index + 1];
			if (glob === null || glob === undefined) return [];
			clauses.push([{ glob, caseless: text === "-iname" }]);
			index++;
		}
		return clauses;
	}
	if (GREP_NAMES.has(name)) {
		const includes = scanned.options
			.filter((option) => option.name === "--include")
			.map((option) =>
				option.value?.kind === "text" ? option.value.text : (texts[option.value?.index ?? -1] ?? null),
			);
		if (includes.length === 0 || includes.some((glob) => glob === null)) return [];
		return [includes.map((glob) => ({ glob: glob as string, caseless: false }))];
	}
	return [];
}

const FIND_BRANCHES: ReadonlySet<string> = new Set(["-o", "-or", "!", "-not", ",", "(", ")"]);
const GREP_NAMES: ReadonlySet<string> = new Set(["grep", "egrep", "fgrep", "rgrep"]);

/** Whether a program with these name clauses reads a file named `name`: it meets every clause. */
export function readsFileNamed(names: readonly (readonly NameGlob[])[], name: string): boolean {
	return names.every((clause) => clause.some((glob) => globMatches(glob, name)));
}

function globMatches({ glob, caseless }: NameGlob, name: string): boolean {
	let source = "";
	for (let i = 0; i < glob.length; i++) {
		const c = glob[i] as string;
		if (c === "*") source += "[\\s\\S]*";
		else if (c === "?") source += "[\\s\\S]";
		else if (c === "\\" && i + 1 < glob.length) source += literalChar(glob[++i] as string);
		else if (c === "[") {
			const close = glob.indexOf("]", i + 2);
			// SECURITY: a bracket the matcher cannot read as a class matches any one character (reads more, never less).
			if (close === -1) source += "[\\s\\S]";
			else {
				const body = glob.slice(i + 1, close);
				source += /^[!^]/.test(body) ? `[^${classBody(body.slice(1))}]` : `[${classBody(body)}]`;
				i = close;
			}
		} else source += literalChar(c);
	}
	try {
		return new RegExp(`^${source}$`, caseless ? "iu" : "u").test(name);
	} catch {
		// SECURITY: a class the matcher cannot read (`[z-a]`) is taken to match: the file counts as read.
		return true;
	}
}

function classBody(body: string): string {
	return body.replace(/[\\\]^]/g, (c) => `\\${c}`);
}

function literalChar(c: string): string {
	return c.replace(/[.*+?^${}()|[\]\\/]/g, (m) => `\\${m}`);
}
