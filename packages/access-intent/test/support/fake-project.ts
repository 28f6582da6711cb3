/**
 * Owns: the fake project tree (cwd `/projects/app`, home `/home/u`) and result helpers shared by path-candidate tests.
 * Never: touches the real file system.
 */
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import { displayPath } from "../../src/path/access-path";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { type CollectBashPathsOptions, collectBashPaths } from "./collect-bash-paths";
import { createFakeProbe } from "./fake-probe";

const probe = createFakeProbe({
	directories: ["/projects/app/src", "/projects/app/sub", "/tmp", "/etc", "/home/u", "/projects/other"],
	files: [
		"/projects/app/a.env",
		"/projects/app/b.env",
		"/projects/app/.hidden.env",
		"/projects/app/.env",
		"/projects/app/README",
		"/projects/app/src/x.ts",
		"/projects/other/secret",
		"/etc/hosts",
	],
});
export const normalizer = PathNormalizer.create({ cwd: "/projects/app", home: "/home/u", flavor: POSIX_FLAVOR, probe });

/** Display forms of the external paths. */
export function external(units: readonly CommandUnit[], options: CollectBashPathsOptions = {}): string[] {
	return collectBashPaths(units, normalizer, options).externalPaths.map(displayPath);
}

/** Match values of each rule candidate. */
export function ruleValues(units: readonly CommandUnit[]): string[][] {
	return collectBashPaths(units, normalizer).ruleCandidates.map((path) => [...path.matchValues]);
}
