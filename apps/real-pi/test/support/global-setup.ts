/**
 * Owns: the real-Pi suites' one-time setup: build the adapter from source into a temp directory, hand its path to
 * every test file (`inject("piPermissionsExtension")`), and remove it afterwards.
 * Never: starts Pi; each test starts and kills its own processes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildPiPermissions } from "./pi-permissions-build";

declare module "vitest" {
	export interface ProvidedContext {
		/** The built adapter file to load with `pi -e`. */
		piPermissionsExtension: string;
	}
}

export default async function setup(project: TestProject): Promise<() => void> {
	const dir = mkdtempSync(join(tmpdir(), "real-pi-adapter-"));
	project.provide("piPermissionsExtension", await buildPiPermissions(dir));
	return () => rmSync(dir, { recursive: true, force: true });
}
