/**
 * Owns: the composition root of the `pi-permissions` command: the only module that reads `process.env`,
 * `process.cwd()` and `os.homedir()` for it, wires the process's terminal and file-system edges (`node-host.ts`) and
 * sets the exit code.
 * Never: holds command logic; `cli-program.ts` does.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { systemManagedPolicyFile } from "@pi-permissions/engine";
import type { CliHost } from "./cli-host";
import { runCli } from "./cli-program";
import { nodeFileEdges, processTerminal } from "./node-host";

// A reader that stops early (`| head`) closes the pipe; that ends the output, it is not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") process.exit(0);
	throw error;
});

/** The config schema the installed policy package ships, as a `file:` URL; `undefined` when it is not there. */
function shippedConfigSchemaUrl(): string | undefined {
	try {
		const file = createRequire(import.meta.url).resolve("@pi-permissions/policy/schema.json");
		return existsSync(file) ? pathToFileURL(file).href : undefined;
	} catch {
		return undefined;
	}
}

const configSchemaUrl = shippedConfigSchemaUrl();

const host: CliHost = {
	env: process.env,
	cwd: process.cwd(),
	home: process.env.HOME ?? homedir(),
	...processTerminal(),
	...nodeFileEdges(),
	stderrIsTerminal: process.stderr.isTTY === true,
	tmpDir: tmpdir(),
	// ADR 0060: the system managed file, as Pi reads it; `--managed FILE` checks another before it is deployed.
	managedPolicyFile: systemManagedPolicyFile(process.platform),
	now: () => Date.now(),
	today: () => {
		const now = new Date();
		const pad = (n: number) => String(n).padStart(2, "0");
		return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
	},
	...(configSchemaUrl === undefined ? {} : { configSchemaUrl }),
};

process.exitCode = await runCli(process.argv.slice(2), host);
