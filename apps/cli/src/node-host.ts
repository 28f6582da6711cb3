/**
 * Owns: the parts of a `CliHost` every composition root (`main.ts`, `demo.ts`, the replay bench) takes from the
 * running Node process: its terminal streams and colour, and the real file-system edges.
 * Never: chooses a cwd, home, environment or date; each root decides those for itself.
 */
import { createNodeFileSystemProbe } from "@pi-permissions/access-intent";
import { createNodeConfigFileSystem, createNodeGrantFileSystem, nodeManagedFileSystem } from "@pi-permissions/engine";
import type { CliHost } from "./cli-host";
import { createNodeFileWriter } from "./node-file-writer";
import { createNodeHistoryReader } from "./node-history-reader";

/** The process's platform flavor, stdin, stdout and stderr, and colour when stdout is a terminal without `NO_COLOR`. */
export function processTerminal(): Pick<CliHost, "flavor" | "stdin" | "stdout" | "stderr" | "color"> {
	return {
		flavor: process.platform === "win32" ? "win32" : "posix",
		stdin: process.stdin,
		stdout: { write: (text) => void process.stdout.write(text) },
		stderr: { write: (text) => void process.stderr.write(text) },
		color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
	};
}

/** The real file-system edges: config files, the path probe, written files, shell history and grant files. */
export function nodeFileEdges(): Pick<
	CliHost,
	"configFileSystem" | "probe" | "files" | "history" | "grantFileSystem" | "managedFileSystem"
> {
	return {
		managedFileSystem: nodeManagedFileSystem(),
		configFileSystem: createNodeConfigFileSystem(),
		probe: createNodeFileSystemProbe(),
		files: createNodeFileWriter(),
		history: createNodeHistoryReader(),
		grantFileSystem: createNodeGrantFileSystem(),
	};
}
