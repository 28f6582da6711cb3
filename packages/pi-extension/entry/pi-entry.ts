/**
 * Owns: the file Pi loads for this package (`pi.extensions`), TypeScript Pi runs without a build: it loads the built
 * extension, checks the parts it needs (the built module and its sibling packages, the bash grammar, the config
 * schema) and hands Pi the real factory; when any of that fails, Pi gets the not-active extension instead, which
 * blocks every tool call and says what is missing and how to fix it.
 * Never: leaves Pi ungated because something did not load; imports nothing at load time but Node and Pi's types.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { installNotActive, type NotActiveCause } from "./not-active";

/** The built module, relative to the package directory. */
export const BUILT_MODULE = "dist/index.js";
/** The longest piece of an error message a reason carries (a loader error can hold a whole stack). */
const MAX_PROBLEM = 400;

/** Where the package lives and how its built module is imported (a test points both elsewhere). */
export interface EntrySource {
	readonly packageDir: string;
	readonly importBuilt: () => Promise<unknown>;
}

/** What the built module must export for the entry to hand it to Pi. */
interface BuiltModule {
	readonly default: (pi: ExtensionAPI) => void | Promise<void>;
	readonly checkReadiness: () => Promise<
		{ readonly ready: true } | { readonly ready: false; readonly part: string; readonly problem: string }
	>;
}

type Loaded =
	| { readonly kind: "loaded"; readonly module: BuiltModule }
	| { readonly kind: "failed"; readonly detail: string };

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");

export default async function piPermissionsEntry(pi: ExtensionAPI): Promise<void> {
	// A computed specifier: the built file need not exist for this file to type-check or load.
	const builtFile = join(PACKAGE_DIR, BUILT_MODULE);
	await loadInto(pi, { packageDir: PACKAGE_DIR, importBuilt: () => import(builtFile) });
}

/** Gives `pi` the working extension from `source`, or the not-active one with the reason it could not. */
export async function loadInto(pi: ExtensionAPI, source: EntrySource): Promise<void> {
	const loaded = await loadBuilt(source);
	if (loaded.kind === "loaded") {
		try {
			await loaded.module.default(pi);
			return;
		} catch (error) {
			// Whatever the factory registered before it threw stays; the not-active handlers added below block every call.
			installNotActive(pi, causeOf(`the extension failed to start: ${problemOf(error)}`, source.packageDir));
			return;
		}
	}
	installNotActive(pi, causeOf(loaded.detail, source.packageDir));
}

async function loadBuilt(source: EntrySource): Promise<Loaded> {
	const builtFile = join(source.packageDir, BUILT_MODULE);
	if (!existsSync(builtFile)) return { kind: "failed", detail: `the extension is not built (${builtFile} is missing)` };
	let module: unknown;
	try {
		module = await source.importBuilt();
	} catch (error) {
		return { kind: "failed", detail: `the built extension cannot load: ${problemOf(error)}` };
	}
	if (!isBuiltModule(module)) {
		return {
			kind: "failed",
			detail: `${builtFile} does not export the extension and its readiness check (a stale or partial build)`,
		};
	}
	try {
		const readiness = await module.checkReadiness();
		if (!readiness.ready)
			return { kind: "failed", detail: `the ${readiness.part} cannot load: ${clip(readiness.problem)}` };
	} catch (error) {
		return { kind: "failed", detail: `the readiness check failed: ${problemOf(error)}` };
	}
	return { kind: "loaded", module };
}

function isBuiltModule(module: unknown): module is BuiltModule {
	if (typeof module !== "object" || module === null) return false;
	const candidate = module as Partial<Record<keyof BuiltModule, unknown>>;
	return typeof candidate.default === "function" && typeof candidate.checkReadiness === "function";
}

/** The fix depends on where the package came from: a clone is set up again, an installed package reinstalled. */
function causeOf(detail: string, packageDir: string): NotActiveCause {
	const repoRoot = join(packageDir, "..", "..");
	const fromClone =
		existsSync(join(packageDir, "src", "index.ts")) && existsSync(join(repoRoot, "scripts", "bootstrap"));
	const fix = fromClone
		? `run \`npm run setup\` in ${repoRoot}, then restart Pi`
		: "reinstall it with `pi install npm:@pi-permissions/pi-extension`, then restart Pi";
	return { detail, fix };
}

function problemOf(error: unknown): string {
	return clip(error instanceof Error ? error.message : String(error));
}

/** The first line of a message, bounded. */
function clip(message: string): string {
	const line = message.split("\n", 1)[0] ?? "";
	return line.length <= MAX_PROBLEM ? line : `${line.slice(0, MAX_PROBLEM)}…`;
}
