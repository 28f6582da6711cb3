/**
 * Owns: the path slice of one command read alone, as `BashProgram` reads it beside the write slice: one unit walk
 * with only the path collector, for tests that hand in units they built.
 * Never: differs from the walk `BashProgram` runs; it builds the same `UnitWalk` and `PathCollector`.
 */

import { PathCollector } from "../../src/bash/effects/path-candidates";
import { UnitWalk } from "../../src/bash/effects/unit-walk";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import type { BashPaths } from "../../src/path/path-candidate-sink";
import type { PathNormalizer } from "../../src/path/path-normalizer";

export interface CollectBashPathsOptions {
	/** Directory the command starts in (a shell alias's workdir argument), resolved against cwd; the cwd when absent. */
	readonly workdir?: string;
	/** `$1`, `"$@"` outside a function are empty (Pi's `bash -c` has no arguments; ADR 0031): they name no file. */
	readonly positionalEmpty?: boolean;
	/** `$(pwd)` prints the shell's directory (no `pwd` function): it is read as `$PWD` (ADR 0031). */
	readonly pwdIsBuiltin?: boolean;
}

export function collectBashPaths(
	units: readonly CommandUnit[],
	normalizer: PathNormalizer,
	options: CollectBashPathsOptions = {},
): BashPaths {
	const start = options.workdir === undefined ? normalizer.cwd : normalizer.resolveLexical(options.workdir);
	const walk = new UnitWalk(normalizer.withProbeCache(), start);
	const collector = new PathCollector(walk, options.positionalEmpty === true, options.pwdIsBuiltin === true);
	walk.run(units, [collector]);
	return collector.sink.result();
}
