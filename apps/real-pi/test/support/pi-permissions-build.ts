/**
 * Owns: building the pi-permissions adapter (and, for the suites that need it, the model judge) from the workspace
 * sources into one ESM file each that Pi can load with `-e`: workspace packages through the `@pi-permissions/source`
 * condition (Pi's jiti loader does not honour it), plain npm code bundled in, Pi's own packages left to Pi, and the
 * tree-sitter runtime and grammar kept as files.
 * Never: writes into `packages/*` (no `dist/` is built or read), or bundles Pi.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const ADAPTER_ENTRY = join(REPO_ROOT, "packages/pi-extension/src/index.ts");
const JUDGE_ENTRY = join(REPO_ROOT, "packages/model-judge/src/index.ts");
const GRAMMAR_FILE = "tree-sitter-bash.wasm";
/** The file name of the built adapter inside the output directory. */
export const ADAPTER_FILE = "pi-permissions.js";
/** The file name of the built judge inside the output directory. */
const JUDGE_FILE = "model-judge.js";

/**
 * npm packages that locate files beside their own module (web-tree-sitter finds its runtime wasm next to its JS;
 * sandbox-runtime its seccomp helpers and proxy agent under `vendor/`):
 * they stay external, imported by absolute path so they resolve from the bundle's temp directory.
 */
const KEPT_AS_FILES = /^(?:web-tree-sitter|@anthropic-ai\/sandbox-runtime)$/;

/** Builds the adapter into `outDir` and returns the file to pass to `pi -e`. May reject on a source that fails to build. */
export async function buildPiPermissions(outDir: string): Promise<string> {
	await bundle(ADAPTER_ENTRY, ADAPTER_FILE, outDir);
	// access-intent looks for the grammar beside its module first: the bundle is that module now.
	const accessIntent = createRequire(join(REPO_ROOT, "packages/access-intent/package.json"));
	copyFileSync(accessIntent.resolve(`tree-sitter-bash/${GRAMMAR_FILE}`), join(outDir, GRAMMAR_FILE));
	return join(outDir, ADAPTER_FILE);
}

/** Builds the model judge into `outDir` and returns the file to pass to `pi -e`. May reject like the adapter's build. */
export async function buildModelJudge(outDir: string): Promise<string> {
	await bundle(JUDGE_ENTRY, JUDGE_FILE, outDir);
	return join(outDir, JUDGE_FILE);
}

async function bundle(entry: string, file: string, outDir: string): Promise<void> {
	mkdirSync(outDir, { recursive: true });
	await build({
		config: false,
		entry: { [file.replace(/\.js$/, "")]: entry },
		outDir,
		format: ["esm"],
		platform: "node",
		target: "node22",
		dts: false,
		sourcemap: false,
		splitting: false,
		clean: false,
		silent: true,
		// Pi maps these to its own copies inside its loader; bundling them would load a second Pi.
		external: [/^@earendil-works\//, /^@mariozechner\//, /^typebox/, /^@sinclair\/typebox/],
		esbuildOptions(options) {
			options.conditions = ["@pi-permissions/source"];
		},
		esbuildPlugins: [
			{
				name: "keep-as-files",
				setup(pluginBuild) {
					pluginBuild.onResolve({ filter: KEPT_AS_FILES }, async (args) => {
						if (args.pluginData === "keep-as-files") return undefined;
						const resolved = await pluginBuild.resolve(args.path, {
							kind: args.kind,
							resolveDir: args.resolveDir,
							importer: args.importer,
							pluginData: "keep-as-files",
						});
						return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, external: true };
					});
				},
			},
		],
	});
}
