/**
 * Owns: the files a command writes (redirect targets, `tee`, `cp`/`mv`/`install`/`ln` destinations, `dd of=`) and
 * whether a later unit of the same command runs one (`echo … > p.py; python3 p.py`, `… > x.sh; ./x.sh`).
 * Never: reads the file system; paths are compared as written, `./` folded.
 */
import { commandNameOf } from "../reading/command-name";
import { literalWordText } from "../reading/shell-word";
import type { UnitDraft } from "../reading/unit-draft";
import { BASH_COMPATIBLE_SHELLS, interpreterEntry } from "./wrapper-table";

/** Programs whose last operand is the file they write. */
const DESTINATION_LAST: ReadonlySet<string> = new Set(["cp", "mv", "install", "ln", "rsync"]);
/** Programs that run a file named in their operands. */
const RUNS_OPERAND: ReadonlySet<string> = new Set([...BASH_COMPATIBLE_SHELLS, "fish", "source", ".", "exec"]);

export class WrittenFiles {
	/** Made at the first write: most commands write nothing a later unit could run. */
	private paths: Set<string> | null = null;

	/** Records what `draft` writes; call after judging it, so a unit never counts its own write. */
	record(draft: UnitDraft, commandName: string | null = draftName(draft)): void {
		for (const redirect of draft.redirects) {
			if (!redirect.operator.includes(">")) continue;
			this.add(literalWordText(redirect.target));
		}
		const name = commandName;
		// Most units write nothing by name: read their words only for the programs that do.
		if (name === null || (name !== "tee" && name !== "dd" && !DESTINATION_LAST.has(name))) return;
		const args = draft.args.map((ref) => literalWordText(ref.word));
		if (name === "tee") for (const arg of args) if (arg !== null && !arg.startsWith("-")) this.add(arg);
		if (DESTINATION_LAST.has(name)) this.add(args[args.length - 1] ?? null);
		if (name === "dd") for (const arg of args) if (arg?.startsWith("of=")) this.add(arg.slice(3));
	}

	/** True when `draft` runs a file this command wrote before it: as its command name or an interpreter's operand. */
	runsWritten(draft: UnitDraft, commandName: string | null = draftName(draft)): boolean {
		const paths = this.paths;
		if (paths === null || draft.name === null) return false;
		const head = literalWordText(draft.name.word);
		if (head !== null && paths.has(fold(head))) return true;
		const name = commandName;
		if (name === null || (!RUNS_OPERAND.has(name) && interpreterEntry(name) === null)) return false;
		return draft.args.some((ref) => {
			const text = literalWordText(ref.word);
			return text !== null && paths.has(fold(text));
		});
	}

	private add(path: string | null): void {
		if (path === null || path === "" || path.startsWith("/dev/")) return;
		this.paths ??= new Set();
		this.paths.add(fold(path));
	}
}

/** `commandName` arguments: the caller's reading of the draft's name when it has one (`commandNameOf`). */
function draftName(draft: UnitDraft): string | null {
	return draft.name === null ? null : commandNameOf(draft.name.word);
}

function fold(path: string): string {
	let folded = path;
	while (folded.startsWith("./")) folded = folded.slice(2);
	return folded;
}
