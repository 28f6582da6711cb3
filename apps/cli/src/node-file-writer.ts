/**
 * Owns: the real `NewFileWriter`: creates parent directories and writes a file exclusively (`wx`), so an existing
 * file is never overwritten, even by a race.
 * Never: is built outside a composition root or a real-fs test.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { NewFileWriter } from "./cli-host";

export function createNodeFileWriter(): NewFileWriter {
	return {
		async writeNew(path, text) {
			await mkdir(dirname(path), { recursive: true });
			try {
				await writeFile(path, text, { flag: "wx", mode: 0o644 });
				return { kind: "written" };
			} catch (error) {
				if (typeof error === "object" && error !== null && "code" in error && error.code === "EEXIST") {
					return { kind: "exists" };
				}
				throw error;
			}
		},
	};
}
