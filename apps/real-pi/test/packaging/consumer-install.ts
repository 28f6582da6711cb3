/**
 * Owns: a third party's install of the packed tarballs: a fresh project outside the repo, `npm install` of the
 * tarballs (third-party dependencies from the npm registry, Pi's host packages left to the Pi that loads the
 * adapter, as Pi itself installs packages), and where a package's dependencies resolve from there.
 * Never: links anything from the workspace into the project.
 */
import { writeFileSync } from "node:fs";
import { findPackageJSON } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { runOk } from "./bounded-command";
import { toolEnvironment } from "./packed-workspace";

/** Installs `tarballs` into `project` (created by the caller) and returns its `node_modules`. */
export async function npmInstallTarballs(
	project: string,
	tarballs: readonly string[],
	timeoutMs: number,
): Promise<string> {
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "third-party-consumer", private: true }));
	await runOk({
		command: "npm",
		args: [
			"install",
			"--no-audit",
			"--no-fund",
			"--no-package-lock",
			"--prefer-offline",
			// Pi installs packages without their host peers; they come from the Pi that loads them.
			"--legacy-peer-deps",
			...tarballs,
		],
		cwd: project,
		env: npmEnvironment(),
		timeoutMs,
	});
	return join(project, "node_modules");
}

/** The directory of `specifier`'s package as Node resolves it from `packageDir`, or `undefined` when it does not resolve. */
export function resolvedPackageDir(specifier: string, packageDir: string): string | undefined {
	try {
		const manifest = findPackageJSON(specifier, pathToFileURL(join(packageDir, "package.json")));
		return manifest === undefined ? undefined : dirname(manifest);
	} catch {
		return undefined;
	}
}

/** The tool environment without the `npm_*` settings a workspace script run exports (they name workspace paths). */
function npmEnvironment(): Record<string, string> {
	const env = toolEnvironment();
	for (const key of Object.keys(env)) if (/^npm_/i.test(key)) delete env[key];
	return env;
}
