/**
 * Owns: the `init` command: writes the bundled recommended policy to the global config file, or the project one
 * with `--project` (or an explicit `--file`), with the installed package's schema as `$schema`, and refuses to
 * overwrite anything already there.
 * Never: merges with or edits an existing config.
 */
import { posix, win32 } from "node:path";
import type { CliHost } from "./cli-host";
import { initTarget, resolvePolicySetup } from "./config-options";
import { EXIT_CODES, type ExitCode } from "./exit-code";
import { recommendedPolicyText } from "./recommended-policy";

export interface InitOptions {
	readonly project?: boolean;
	readonly file?: string;
	readonly cwd?: string;
}

export async function runInit(host: CliHost, options: InitOptions): Promise<ExitCode> {
	const setup = resolvePolicySetup(host, options.cwd === undefined ? {} : { cwd: options.cwd });
	const path = host.flavor === "win32" ? win32 : posix;
	const target =
		options.file === undefined
			? initTarget(setup, options.project === true ? "project" : "global")
			: path.resolve(host.cwd, options.file);
	const written = await host.files.writeNew(target, recommendedPolicyText(host.configSchemaUrl ?? null));
	switch (written.kind) {
		case "written":
			host.stdout.write(`wrote the recommended policy to ${target}\n`);
			return EXIT_CODES.allow;
		case "exists":
			host.stderr.write(`pi-permissions: ${target} already exists; not overwriting it (edit it, or remove it first)\n`);
			return EXIT_CODES.usage;
		default: {
			const unhandled: never = written;
			throw new Error(`unhandled write result ${String(unhandled)}`);
		}
	}
}
