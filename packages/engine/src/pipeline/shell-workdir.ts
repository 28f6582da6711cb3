/**
 * Owns: parsing a shell alias's command where it will really run: the one parse starts path resolution in the call's
 * working directory, so every relative token, `..` and later `cd` resolves from there.
 * Never: changes the command text shown or matched (the parse sees exactly what the model sent).
 */
import type {
	AccessPath,
	BashProgram,
	CommandUnit,
	NetworkDestination,
	RecursiveRead,
	Unparseable,
	WriteTarget,
} from "@pi-permissions/access-intent";

/** The parts of one parse the gates read; a `BashProgram` when no working directory applies. */
export interface ShellParse {
	/** The command exactly as the model sent it. */
	readonly command: string;
	readonly units: readonly CommandUnit[];
	readonly externalPaths: readonly AccessPath[];
	readonly pathCandidates: readonly AccessPath[];
	readonly unparseable: Unparseable | null;
	readonly writeTargets: readonly WriteTarget[];
	/** Every tree a program reads whole by itself (`grep -r`, `rg`, `tar c`, …). */
	readonly recursiveReads: readonly RecursiveRead[];
	/** True when path collection stopped at its work bound (the path slices are incomplete). */
	readonly pathsTruncated: boolean;
	/** Every host a unit connects to, or that it connects where the text does not tell (ADR 0058). */
	readonly networkDestinations: readonly NetworkDestination[];
}

export function parseInWorkdir(
	command: string,
	workdir: string | null,
	parse: (text: string, workdir?: string) => BashProgram,
): ShellParse {
	return workdir === null ? parse(command) : parse(command, workdir);
}
