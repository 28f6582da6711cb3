/**
 * Owns: the demo's throwaway directories under one temporary root: the project (cwd), the home, Pi's agent dir with
 * the demo policy as its global pi-permissions config, and a private temp dir; and removing them all.
 * Never: writes outside its root.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DEMO_HOME_FILES, DEMO_POLICY, DEMO_PROJECT_FILES } from "./demo-policy";
import type { DemoPath } from "./demo-steps";

export class DemoWorkspace {
	private constructor(
		readonly root: string,
		readonly cwd: string,
		readonly home: string,
		readonly agentDir: string,
		readonly tmp: string,
	) {}

	/** Creates a fresh root under `parentDir` and fills it. May reject on an IO failure. */
	static async create(parentDir: string): Promise<DemoWorkspace> {
		const root = await mkdtemp(join(parentDir, "pi-permissions-demo-"));
		const space = new DemoWorkspace(
			root,
			join(root, "project"),
			join(root, "home"),
			join(root, "agent"),
			join(root, "tmp"),
		);
		for (const dir of [space.cwd, space.home, space.agentDir, space.tmp]) await mkdir(dir, { recursive: true });
		await writeTree(space.cwd, DEMO_PROJECT_FILES);
		await writeTree(space.home, DEMO_HOME_FILES);
		await writeTree(space.agentDir, { "extensions/pi-permissions/config.json": JSON.stringify(DEMO_POLICY, null, 2) });
		return space;
	}

	get configFile(): string {
		return join(this.agentDir, "extensions", "pi-permissions", "config.json");
	}

	get reviewLogFile(): string {
		return join(this.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl");
	}

	resolve(target: DemoPath): string {
		return join(target.under === "project" ? this.cwd : this.home, target.path);
	}

	exists(target: DemoPath): boolean {
		return existsSync(this.resolve(target));
	}

	/** Replaces the temporary prefixes in `text` with short names (`<project>`, `~`, `<agent>`). */
	shorten(text: string): string {
		return text.split(this.cwd).join("<project>").split(this.home).join("~").split(this.agentDir).join("<agent>");
	}

	/** Removes the whole root. Never rejects. */
	async remove(): Promise<void> {
		await rm(this.root, { recursive: true, force: true }).catch(() => undefined);
	}
}

async function writeTree(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
	for (const [path, text] of Object.entries(files)) {
		const file = join(dir, path);
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, text);
	}
}
