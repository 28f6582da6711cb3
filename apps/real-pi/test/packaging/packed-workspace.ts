/**
 * Owns: turning the workspace into what npm would serve: every publishable package built with its own `build` script
 * and packed with `pnpm pack` (which rewrites `workspace:`/`catalog:` specs and applies `publishConfig`), and reading
 * a tarball's file list and manifest back.
 * Never: installs anything or starts Pi; the consumer side is `consumer-install.ts`.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runOk } from "./bounded-command";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const BOOTSTRAP = join(REPO_ROOT, "scripts/bootstrap");

/** The packages a user installs from npm, by workspace folder. */
export const PUBLISHABLE = {
	"@pi-permissions/policy": "packages/policy",
	"@pi-permissions/access-intent": "packages/access-intent",
	"@pi-permissions/presentation": "packages/presentation",
	"@pi-permissions/engine": "packages/engine",
	"@pi-permissions/authority": "packages/authority",
	"@pi-permissions/sandbox": "packages/sandbox",
	"@pi-permissions/pi-extension": "packages/pi-extension",
	"@pi-permissions/model-judge": "packages/model-judge",
	"@pi-permissions/cli": "apps/cli",
} as const;

export type PublishableName = keyof typeof PUBLISHABLE;
export const PUBLISHABLE_NAMES = Object.keys(PUBLISHABLE) as PublishableName[];

/** The subset of a packed `package.json` the suite reads. */
export interface PackedManifest {
	readonly name: string;
	readonly version: string;
	readonly main?: string;
	readonly types?: string;
	readonly exports?: unknown;
	readonly bin?: Readonly<Record<string, string>>;
	readonly pi?: { readonly extensions?: readonly string[] };
	readonly dependencies?: Readonly<Record<string, string>>;
	readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** The environment for workspace tools: the running Node 22 first on PATH, everything else inherited. */
export function toolEnvironment(): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
	env.PATH = `${dirname(process.execPath)}:${env.PATH ?? "/usr/bin:/bin"}`;
	return env;
}

/**
 * Builds every publishable package with its own `build` script through turbo, as `npm test` does once before the
 * suites: after that build this is a cache hit (turbo restores the same `dist/`), so only a run of this suite alone
 * pays for the build.
 */
export async function buildPublishable(timeoutMs: number): Promise<void> {
	const filters = Object.values(PUBLISHABLE).map((folder) => `--filter=./${folder}`);
	await runOk({
		command: BOOTSTRAP,
		args: ["turbo", "run", "build", ...filters, "--concurrency=2", "--output-logs=errors-only"],
		cwd: REPO_ROOT,
		env: { ...toolEnvironment(), TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
		timeoutMs,
	});
}

/** Packs every publishable package into `destination` and returns each tarball's path. */
export async function packPublishable(
	destination: string,
	timeoutMs: number,
): Promise<Record<PublishableName, string>> {
	const entries = await Promise.all(
		PUBLISHABLE_NAMES.map(async (name) => {
			const result = await runOk({
				command: BOOTSTRAP,
				args: ["pnpm", "pack", "--pack-destination", destination],
				cwd: join(REPO_ROOT, PUBLISHABLE[name]),
				env: toolEnvironment(),
				timeoutMs,
			});
			const tarball = result.stdout
				.split("\n")
				.map((line) => line.trim())
				.find((line) => line.startsWith("/") && line.endsWith(".tgz"));
			if (tarball === undefined || !existsSync(tarball)) {
				throw new Error(`pnpm pack named no tarball for ${name}:\n${result.stdout}`);
			}
			return [name, tarball] as const;
		}),
	);
	return Object.fromEntries(entries) as Record<PublishableName, string>;
}

/** The files inside a tarball, relative to its `package/` root. */
export async function tarballFiles(tarball: string): Promise<string[]> {
	const result = await runOk({
		command: "tar",
		args: ["tzf", tarball],
		cwd: dirname(tarball),
		env: toolEnvironment(),
		timeoutMs: 20_000,
	});
	return result.stdout
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => line.replace(/^package\//, ""))
		.sort();
}

/** The `package.json` inside a tarball, as npm will see it. */
export async function tarballManifest(tarball: string): Promise<PackedManifest> {
	const result = await runOk({
		command: "tar",
		args: ["xzOf", tarball, "package/package.json"],
		cwd: dirname(tarball),
		env: toolEnvironment(),
		timeoutMs: 20_000,
	});
	return JSON.parse(result.stdout) as PackedManifest;
}
