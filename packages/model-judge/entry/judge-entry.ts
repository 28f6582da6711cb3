/**
 * Owns: the file Pi loads for this package (`pi.extensions`), TypeScript Pi runs without a build: it loads the built
 * judge and hands Pi its factory; when the build is missing or does not load, Pi gets an extension that says so at
 * every session start (an error, and the status line `model-judge: not active`) with the fix, instead of loading
 * nothing without a word.
 * Never: blocks a tool call (without the judge every ask it would review goes to the person, and pi-permissions' chain
 * warning says the same), or imports anything at load time but Node and Pi's types.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** The built module, relative to the package directory. */
export const BUILT_MODULE = "dist/index.js";
/** The status-line text while the judge is not active. */
export const NOT_ACTIVE = "model-judge: not active";
/** The status key the judge's notice uses. */
const STATUS_KEY = "model-judge";
/** The longest piece of an error message a notice carries (a loader error can hold a whole stack). */
const MAX_PROBLEM = 400;

/** Where the package lives and how its built module is imported (a test points both elsewhere). */
export interface EntrySource {
	readonly packageDir: string;
	readonly importBuilt: () => Promise<unknown>;
}

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");

export default async function modelJudgeEntry(pi: ExtensionAPI): Promise<void> {
	// A computed specifier: the built file need not exist for this file to type-check or load.
	const builtFile = join(PACKAGE_DIR, BUILT_MODULE);
	await loadInto(pi, { packageDir: PACKAGE_DIR, importBuilt: () => import(builtFile) });
}

/** Gives `pi` the judge from `source`, or the notice of why it is not active. */
export async function loadInto(pi: ExtensionAPI, source: EntrySource): Promise<void> {
	const builtFile = join(source.packageDir, BUILT_MODULE);
	if (!existsSync(builtFile)) {
		installNotActive(pi, `the judge is not built (${builtFile} is missing)`, source.packageDir);
		return;
	}
	let factory: (pi: ExtensionAPI) => void | Promise<void>;
	try {
		const module: unknown = await source.importBuilt();
		const candidate = (module as { default?: unknown } | null)?.default;
		if (typeof candidate !== "function") {
			installNotActive(pi, `${builtFile} does not export the judge (a stale or partial build)`, source.packageDir);
			return;
		}
		factory = candidate as (pi: ExtensionAPI) => void | Promise<void>;
	} catch (error) {
		installNotActive(pi, `the built judge cannot load: ${problemOf(error)}`, source.packageDir);
		return;
	}
	try {
		await factory(pi);
	} catch (error) {
		installNotActive(pi, `the judge failed to start: ${problemOf(error)}`, source.packageDir);
	}
}

/** The one notice shown everywhere: what is missing, what it means, how to fix it. */
export function notActiveReason(detail: string, packageDir: string): string {
	return `${NOT_ACTIVE}: ${detail}; every ask it would review goes to you. Fix: ${fixFor(packageDir)}.`;
}

function installNotActive(pi: ExtensionAPI, detail: string, packageDir: string): void {
	const reason = notActiveReason(detail, packageDir);
	pi.on("session_start", (_event, ctx) => {
		if (ctx.hasUI) {
			ctx.ui.notify(reason, "error");
			ctx.ui.setStatus(STATUS_KEY, NOT_ACTIVE);
		} else {
			// Print and JSON modes have no UI: stderr is where the user running them looks.
			process.stderr.write(`${reason}\n`);
		}
	});
}

/** The fix depends on where the package came from: a clone is set up again, an installed package reinstalled. */
function fixFor(packageDir: string): string {
	const repoRoot = join(packageDir, "..", "..");
	const fromClone =
		existsSync(join(packageDir, "src", "index.ts")) && existsSync(join(repoRoot, "scripts", "bootstrap"));
	return fromClone
		? `run \`npm run setup\` in ${repoRoot}, then restart Pi`
		: "reinstall it with `pi install npm:@pi-permissions/model-judge`, then restart Pi";
}

function problemOf(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const line = message.split("\n", 1)[0] ?? "";
	return line.length <= MAX_PROBLEM ? line : `${line.slice(0, MAX_PROBLEM)}…`;
}
