/**
 * Owns: what a write-operand handler answers: the effect on a file (write, delete, create, metadata), how the
 * program writes it, and which argument word or text names it; with the two builders every handler uses.
 * Never: knows a program; the handlers in `write-operand-table.ts` and `git-write-operands.ts` do.
 */
import type { ArgTexts, OptionValue } from "../../options/option-scanner";

/** What happens to the file: its content changes, it goes away, it is made, or its mode/owner changes. */
export type WriteEffect = "write" | "delete" | "create" | "metadata";

interface SelectionBase {
	readonly effect: WriteEffect;
	/** How the program writes it, for prompts: `tee`, `sed -i`, `find -delete`, `git --output`, … */
	readonly via: string;
	/** True when everything below the path may be written too (`rm -r`, `find -delete`, `cp -r`). */
	readonly tree: boolean;
}

/**
 * One written file: an argument word (by index), a text read out of one (`of=F`, `--output=F`, a sed `w` file), or
 * a write whose file the arguments cannot name (`awk -f prog`, `sed -f script`, `print > name`).
 * `into` lists source words when the target may be an existing directory the sources land in (`cp a b dir`).
 */
export type WriteSelection =
	| (SelectionBase & { readonly kind: "word"; readonly index: number; readonly into?: readonly number[] })
	| (SelectionBase & { readonly kind: "text"; readonly text: string; readonly relativeTo?: OptionValue })
	| (SelectionBase & { readonly kind: "unknown"; readonly spelling: string });

/** The write selections of one program's argument texts (a `WRITE_OPERANDS` row). */
export type Handler = (args: ArgTexts) => WriteSelection[];

type WordSelection = Extract<WriteSelection, { kind: "word" }>;

export const word = (index: number, effect: WriteEffect, via: string, tree = false): WordSelection => ({
	kind: "word",
	index,
	effect,
	via,
	tree,
});

export const fromValue = (value: OptionValue, effect: WriteEffect, via: string, tree = false): WriteSelection =>
	value.kind === "word" ? word(value.index, effect, via, tree) : { kind: "text", text: value.text, effect, via, tree };

/** A file `name` written in each directory of `dirs`, or in the working directory when there is none. */
export function inDirs(name: string, dirs: readonly OptionValue[], via: string): WriteSelection[] {
	if (dirs.length === 0) return [{ kind: "text", text: name, effect: "write", via, tree: false }];
	return dirs.map((dir) => ({ kind: "text", text: name, relativeTo: dir, effect: "write", via, tree: false }));
}

/** The last path segment of a URL or path (`https://h/a/b.txt` -> `b.txt`), or `null` when there is none. */
export function basename(text: string | null): string | null {
	if (text === null) return null;
	const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "");
	const name = path
		.split("/")
		.filter((segment) => segment !== "")
		.at(-1);
	return name === undefined || name === "." || name === ".." ? null : name;
}
