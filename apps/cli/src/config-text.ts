/**
 * Owns: `readConfigText`, a config file re-read as text for source positions (`lint`, `doctor`), bounded as the
 * loader bounds it.
 * Never: interprets the text or throws; an unreadable file is `null`.
 */
import { DEFAULT_MAX_CONFIG_BYTES } from "@pi-permissions/engine";
import type { CliHost } from "./cli-host";

const UTF8 = new TextDecoder("utf-8");

export async function readConfigText(host: CliHost, file: string): Promise<string | null> {
	try {
		const stat = await host.configFileSystem.stat(file);
		if (stat.kind !== "file") return null;
		return UTF8.decode(await host.configFileSystem.readFile(file, DEFAULT_MAX_CONFIG_BYTES));
	} catch {
		return null;
	}
}
