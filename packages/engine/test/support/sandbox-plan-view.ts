/**
 * Owns: hand-made sandbox plans for engine tests (the shape `@pi-permissions/sandbox`'s `planSandbox` returns, which
 * the engine reads structurally and cannot import): `path` denies with their globs, the project, skipped entries.
 * Never: translates a pattern itself (the sandbox package's tables do); each test writes the globs it means.
 */
import type { SandboxPlanView } from "../../src/sandbox/sandbox-coverage";

export interface PlanViewSpec {
	readonly cwd: string;
	/** `path` deny patterns the plan holds, each with the globs it masks. */
	readonly pathDenies?: Readonly<Record<string, readonly string[]>>;
	/** Directories an `external_directory` allow makes writable. */
	readonly externalDirs?: readonly string[];
	/** Rules the plan could not express: `path` patterns, and protected patterns. */
	readonly skippedPath?: readonly string[];
	readonly skippedProtected?: readonly string[];
	/** Protected places that exist, mounted read-only inside. */
	readonly readOnly?: readonly string[];
}

export function planView(spec: PlanViewSpec): SandboxPlanView {
	return {
		readDenies: Object.entries(spec.pathDenies ?? {}).flatMap(([pattern, globs]) =>
			globs.map((path) => ({ path, because: { kind: "rule", surface: "path", pattern } })),
		),
		writeAllows: [
			{ path: spec.cwd, because: { kind: "project" } },
			{ path: "/tmp", because: { kind: "temp" } },
			...(spec.externalDirs ?? []).map((path) => ({ path, because: { kind: "external-directory", pattern: path } })),
		],
		writeDenies: (spec.readOnly ?? []).map((path) => ({ path, because: { kind: "protected", pattern: path } })),
		skipped: [
			...(spec.skippedPath ?? []).map((pattern) => ({ because: { kind: "rule", surface: "path", pattern } })),
			...(spec.skippedProtected ?? []).map((pattern) => ({ because: { kind: "protected", pattern } })),
		],
	};
}
