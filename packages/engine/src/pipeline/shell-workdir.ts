/**
 * Owns: parsing a shell alias's command where it will really run: when the call names a working directory, the one
 * parse sees `cd <workdir>` on a line before the command, so every relative token, `..` and later `cd` resolves from
 * there; the synthetic `cd` unit is then removed from the units the bash gate judges.
 * Never: changes the command text shown or matched as a whole (an unparseable command is matched as sent).
 */
import type { AccessPath, BashProgram, CommandUnit, Unparseable } from "@pi-permissions/access-intent";

/** The parts of one parse the gates read; a `BashProgram` when no working directory applies. */
export interface ShellParse {
	/** The command exactly as the model sent it. */
	readonly command: string;
	readonly units: readonly CommandUnit[];
	readonly externalPaths: readonly AccessPath[];
	readonly pathCandidates: readonly AccessPath[];
	readonly unparseable: Unparseable | null;
}

/** A single-quoted shell word: inert whatever it holds (`'` is closed, escaped and reopened). */
function singleQuoted(text: string): string {
	return `'${text.replaceAll("'", "'\\''")}'`;
}

export function parseInWorkdir(
	command: string,
	workdir: string | null,
	parse: (text: string) => BashProgram,
): ShellParse {
	if (workdir === null) return parse(command);
	const cd = `cd ${singleQuoted(workdir)}`;
	const program = parse(`${cd}\n${command}`);
	if (program.unparseable !== null) {
		return { command, units: [], externalPaths: [], pathCandidates: [], unparseable: program.unparseable };
	}
	const [first, ...rest] = program.units;
	// INVARIANT: the prefix is one plain `cd` on its own line; anything else means the parse was not what we built.
	if (first === undefined || first.text !== cd) throw new Error("the working-directory prefix did not parse as one cd");
	return {
		command,
		units: rest,
		// The workdir itself is judged by the tool's own path gates; here it may appear again as the `cd` target.
		externalPaths: program.externalPaths,
		pathCandidates: program.pathCandidates,
		unparseable: null,
	};
}
