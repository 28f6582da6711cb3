/**
 * Owns: the proof that the first release is ready: `changeset version`, run for real on a copy of the workspace's
 * manifests and pending changesets, takes every public package from `0.0.0` to `0.1.0` and writes its CHANGELOG.md;
 * once that release is done (versions past `0.0.0`), every public package keeps a CHANGELOG.md in the repository.
 * Never: versions the repository itself (the lead runs `npm run changeset version` once, after the merges).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const CHANGESET_BIN = join(ROOT, "node_modules/@changesets/cli/bin.js");

interface Manifest {
	readonly name: string;
	readonly version: string;
	readonly private?: boolean;
}

/** Every workspace package folder, relative to the root. */
function packageFolders(): string[] {
	return ["packages", "apps"].flatMap((group) =>
		readdirSync(join(ROOT, group))
			.map((name) => `${group}/${name}`)
			.filter((folder) => existsSync(join(ROOT, folder, "package.json"))),
	);
}

function manifest(root: string, folder: string): Manifest {
	return JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as Manifest;
}

const publicFolders = packageFolders().filter((folder) => manifest(ROOT, folder).private !== true);
let copy = "";

beforeAll(() => {
	copy = mkdtempSync(join(tmpdir(), "pi-permissions-release-"));
	for (const file of ["package.json", "pnpm-workspace.yaml"]) cpSync(join(ROOT, file), join(copy, file));
	cpSync(join(ROOT, ".changeset"), join(copy, ".changeset"), { recursive: true });
	for (const folder of packageFolders()) {
		mkdirSync(join(copy, folder), { recursive: true });
		cpSync(join(ROOT, folder, "package.json"), join(copy, folder, "package.json"));
		const changelog = join(ROOT, folder, "CHANGELOG.md");
		if (existsSync(changelog)) cpSync(changelog, join(copy, folder, "CHANGELOG.md"));
	}
	// The changelog generator named in .changeset/config.json resolves from the workspace's install.
	symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
	const result = spawnSync(process.execPath, [CHANGESET_BIN, "version"], { cwd: copy, encoding: "utf8" });
	if (result.status !== 0) throw new Error(`changeset version failed:\n${result.stdout}\n${result.stderr}`);
}, 60_000);

afterAll(() => {
	if (copy !== "") rmSync(copy, { recursive: true, force: true });
});

describe("the first release", () => {
	it("has public packages to release", () => {
		expect(publicFolders.length).toBeGreaterThanOrEqual(8);
	});

	it.each(publicFolders.map((folder) => ({ folder, name: manifest(ROOT, folder).name })))(
		"$name leaves 0.0.0 for 0.1.0 through the pending changesets, with a CHANGELOG",
		({ folder }) => {
			const before = manifest(ROOT, folder).version;
			const after = manifest(copy, folder).version;
			if (before === "0.0.0") {
				expect(after).toBe("0.1.0");
			} else {
				// Released already: the changelog is committed beside the manifest.
				expect(existsSync(join(ROOT, folder, "CHANGELOG.md"))).toBe(true);
			}
			const changelog = readFileSync(join(copy, folder, "CHANGELOG.md"), "utf8");
			expect(changelog).toContain(`## ${after}`);
		},
	);
});
