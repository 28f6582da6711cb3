import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { interpretConfigText } from "../../src/config/config-text-interpretation";
import { listPersistedGrants } from "../../src/grants/persisted-grant-list";

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("PersistedGrantWriter: concurrent sessions (ADR 0032)", () => {
	it("four processes adding 20 grants each to one file at once: all 80 present, the file valid JSONC", async () => {
		const root = mkdtempSync(join(tmpdir(), "grants-concurrent-"));
		roots.push(root);
		const file = join(root, ".pi", "extensions", "pi-permissions", "config.json");
		mkdirSync(dirname(file), { recursive: true });
		const original =
			'{\n\t// shared by four sessions\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"rm -rf *": "deny"\n\t\t}\n\t}\n}\n';
		writeFileSync(file, original);
		const script = join(here, "fixtures", "add-grants.ts");
		const workers = [0, 1, 2, 3].map((worker) =>
			run(
				process.execPath,
				["--import", "tsx", "--conditions=@pi-permissions/source", script, file, String(worker), "20"],
				{
					cwd: join(here, "..", ".."),
					timeout: 120_000,
				},
			),
		);
		await Promise.all(workers);
		const text = readFileSync(file, "utf8");
		const read = interpretConfigText(text, "config-json", { scope: "project", file });
		expect(read.status).toBe("valid");
		const grants = listPersistedGrants(text, "project", file);
		expect(grants).toHaveLength(80);
		for (const worker of [0, 1, 2, 3]) {
			for (let i = 0; i < 20; i++) {
				expect(grants.some((g) => g.pattern === `npm run job-${worker}-${i} *`)).toBe(true);
			}
		}
		expect(text).toContain("// shared by four sessions");
		expect(text).toContain('"rm -rf *": "deny"');
	}, 180_000);
});
