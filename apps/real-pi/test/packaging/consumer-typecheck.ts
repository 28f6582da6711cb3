/**
 * Owns: compiling `third-party-consumer.ts` inside an installed project with the workspace's `tsc`, strict and with
 * Node's own resolution, Pi's host packages mapped to the Pi that would load the adapter (a consumer has Pi installed).
 * Never: maps any `@pi-permissions/*` name: those must resolve from the installed tarballs.
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BoundedResult, runBounded } from "./bounded-command";
import { REPO_ROOT, toolEnvironment } from "./packed-workspace";

const HERE = dirname(fileURLToPath(import.meta.url));
const CONSUMER_SOURCE = join(HERE, "third-party-consumer.ts");
const PI_PACKAGES = resolve(HERE, "../../node_modules/@earendil-works");
const TSC = join(REPO_ROOT, "node_modules/typescript/bin/tsc");

/** Type-checks the consumer file inside `project` (an install made by `npmInstallTarballs`); exit code 0 is clean. */
export function typecheckConsumer(project: string, timeoutMs: number): Promise<BoundedResult> {
	const manifestFile = join(project, "package.json");
	// An ESM consumer, as a Pi extension is.
	writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, "utf8")), type: "module" }));
	copyFileSync(CONSUMER_SOURCE, join(project, "consumer.ts"));
	const host = (name: string): string[] => [join(PI_PACKAGES, name, "dist/index.d.ts")];
	writeFileSync(
		join(project, "tsconfig.json"),
		JSON.stringify({
			compilerOptions: {
				target: "ES2023",
				lib: ["ES2023"],
				module: "NodeNext",
				moduleResolution: "NodeNext",
				strict: true,
				exactOptionalPropertyTypes: true,
				noEmit: true,
				skipLibCheck: true,
				types: [],
				paths: {
					"@earendil-works/pi-coding-agent": host("pi-coding-agent"),
					"@earendil-works/pi-ai": host("pi-ai"),
					"@earendil-works/pi-tui": host("pi-tui"),
				},
			},
			files: ["consumer.ts"],
		}),
	);
	return runBounded({
		command: process.execPath,
		args: [TSC, "-p", join(project, "tsconfig.json"), "--pretty", "false"],
		cwd: project,
		env: toolEnvironment(),
		timeoutMs,
	});
}
