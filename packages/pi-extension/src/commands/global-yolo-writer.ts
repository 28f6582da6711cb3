/**
 * Owns: persisting `yoloMode` to the GLOBAL config file: created when absent, other keys kept, written through a
 * temporary file and a rename so a crash never leaves half a file.
 * Never: overwrites a file it could not parse as a JSON object (comments, syntax errors, an array): it refuses.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "@pi-permissions/policy";

/** The global scope's file under Pi's agent dir (the loader reads the same place). */
export function globalConfigFile(agentDir: string): string {
	return join(agentDir, "extensions", "pi-permissions", "config.json");
}

type PersistYoloError =
	| { readonly kind: "unparseable"; readonly file: string }
	| { readonly kind: "not-an-object"; readonly file: string }
	| { readonly kind: "io"; readonly file: string; readonly message: string };

export async function persistGlobalYolo(file: string, on: boolean): Promise<Result<void, PersistYoloError>> {
	let current: Record<string, unknown> = {};
	let text: string | null;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") return err(ioError(file, error));
		text = null;
	}
	if (text !== null) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			return err({ kind: "unparseable", file });
		}
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
			return err({ kind: "not-an-object", file });
		}
		current = parsed as Record<string, unknown>;
	}
	const next = `${JSON.stringify({ ...current, yoloMode: on }, null, "\t")}\n`;
	const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
	try {
		await mkdir(dirname(file), { recursive: true, mode: 0o700 });
		await writeFile(temporary, next, { mode: 0o600 });
		await rename(temporary, file);
	} catch (error) {
		return err(ioError(file, error));
	}
	return ok(undefined);
}

export function persistYoloErrorText(error: PersistYoloError): string {
	switch (error.kind) {
		case "unparseable":
			return `pi-permissions: not changed: ${error.file} is not plain JSON (comments or a syntax error); edit it by hand and set "yoloMode"`;
		case "not-an-object":
			return `pi-permissions: not changed: ${error.file} does not hold a JSON object; fix it by hand`;
		case "io":
			return `pi-permissions: could not write ${error.file}: ${error.message}`;
		default: {
			const unhandled: never = error;
			throw new Error(`unhandled persist error ${String(unhandled)}`);
		}
	}
}

function ioError(file: string, error: unknown): PersistYoloError {
	return { kind: "io", file, message: error instanceof Error ? error.message : String(error) };
}
