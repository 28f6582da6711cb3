/**
 * Owns: the composition root of the `pi-permissions` command: the only module that reads `process.env`,
 * `process.cwd()`, `os.homedir()` and `process.platform`, builds the real file-system edges and sets the exit code.
 * Never: holds command logic; `cli-program.ts` does.
 */
import { homedir, tmpdir } from "node:os";
import { createNodeFileSystemProbe } from "@pi-permissions/access-intent";
import { createNodeConfigFileSystem, createNodeGrantFileSystem } from "@pi-permissions/engine";
import type { CliHost } from "./cli-host";
import { runCli } from "./cli-program";
import { createNodeFileWriter } from "./node-file-writer";
import { createNodeHistoryReader } from "./node-history-reader";

// A reader that stops early (`| head`) closes the pipe; that ends the output, it is not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") process.exit(0);
	throw error;
});

const host: CliHost = {
	env: process.env,
	cwd: process.cwd(),
	home: process.env.HOME ?? homedir(),
	flavor: process.platform === "win32" ? "win32" : "posix",
	stdin: process.stdin,
	stdout: { write: (text) => void process.stdout.write(text) },
	stderr: { write: (text) => void process.stderr.write(text) },
	color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
	configFileSystem: createNodeConfigFileSystem(),
	probe: createNodeFileSystemProbe(),
	files: createNodeFileWriter(),
	history: createNodeHistoryReader(),
	stderrIsTerminal: process.stderr.isTTY === true,
	tmpDir: tmpdir(),
	grantFileSystem: createNodeGrantFileSystem(),
	today: () => {
		const now = new Date();
		const pad = (n: number) => String(n).padStart(2, "0");
		return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
	},
};

process.exitCode = await runCli(process.argv.slice(2), host);
