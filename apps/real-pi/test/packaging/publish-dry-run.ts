/**
 * Owns: what publishing would do, without publishing: `pnpm publish --dry-run` of one workspace package (pnpm's own
 * packing, `publishConfig` applied, no registry write) and the file list it reports; and every file a packed manifest
 * names (`main`, `types`, each `exports` target, each `bin`, each `pi` resource), which that list must hold.
 * Never: publishes (`--dry-run` always), or reads a workspace file beyond the package it is pointed at.
 */
import { join } from "node:path";
import { runOk } from "./bounded-command";
import type { PackedManifest } from "./packed-workspace";
import { PUBLISHABLE, type PublishableName, REPO_ROOT, toolEnvironment } from "./packed-workspace";

const BOOTSTRAP = join(REPO_ROOT, "scripts/bootstrap");

/** The files `pnpm publish --dry-run` would upload for `name`, relative to the package root. */
export async function publishDryRunFiles(name: PublishableName, timeoutMs: number): Promise<string[]> {
	const result = await runOk({
		command: BOOTSTRAP,
		args: ["pnpm", "publish", "--dry-run", "--no-git-checks", "--json"],
		cwd: join(REPO_ROOT, PUBLISHABLE[name]),
		env: toolEnvironment(),
		timeoutMs,
	});
	const start = result.stdout.indexOf("{");
	if (start < 0) throw new Error(`pnpm publish --dry-run printed no JSON for ${name}:\n${result.stdout}`);
	const report = JSON.parse(result.stdout.slice(start)) as Record<
		string,
		{ readonly files?: { readonly path: string }[] }
	>;
	const files = report[name]?.files;
	if (files === undefined) throw new Error(`pnpm publish --dry-run reported no files for ${name}:\n${result.stdout}`);
	return files.map((file) => file.path).sort();
}

/** Every file path the manifest names, without a leading `./` (glob patterns of `pi` resources are not expanded). */
export function namedFiles(manifest: PackedManifest): string[] {
	const named = new Set<string>();
	const add = (target: string): void => {
		named.add(target.replace(/^\.\//, ""));
	};
	if (manifest.main !== undefined) add(manifest.main);
	if (manifest.types !== undefined) add(manifest.types);
	const visitExports = (value: unknown): void => {
		if (typeof value === "string") add(value);
		else if (typeof value === "object" && value !== null) for (const inner of Object.values(value)) visitExports(inner);
	};
	visitExports(manifest.exports);
	for (const target of Object.values(manifest.bin ?? {})) add(target);
	for (const resources of Object.values(manifest.pi ?? {})) {
		for (const target of resources ?? []) if (!/[*!]/.test(target)) add(target);
	}
	return [...named].sort();
}
