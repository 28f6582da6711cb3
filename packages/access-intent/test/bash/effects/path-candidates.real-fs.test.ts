import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, describe, expect, it } from "vitest";
import { displayPath } from "../../../src/path/access-path";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { collectBashPaths } from "../../support/collect-bash-paths";
import { command, redirect } from "../../support/command-units";
import { createTmpTree } from "../../support/tmp-tree";

const tree = createTmpTree({
	files: [
		"project/.env",
		"project/prod.env",
		"project/dev.env",
		"project/src/a.ts",
		"outside/id_rsa",
		"home/.ssh/config",
	],
	symlinks: { "project/config": ".env", "project/vendor": "../outside", "project/src/up": "../../outside" },
});
afterAll(() => tree.remove());

const cwd = tree.path("project");
const normalizer = PathNormalizer.create({
	cwd,
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});

describe("collectBashPaths against a real directory tree", () => {
	it("sees a bare symlink to `.env` as `.env`", () => {
		const [candidate] = collectBashPaths([command("cat", ["config"])], normalizer).ruleCandidates;
		expect(candidate?.matchValues).toEqual([`${cwd}/config`, "config", `${cwd}/.env`, ".env"]);
	});

	it("expands `cat *.env` to the real files and keeps the pattern", () => {
		const result = collectBashPaths([command("cat", ["*.env"])], normalizer);
		expect(result.ruleCandidates.map(displayPath)).toEqual([`${cwd}/dev.env`, `${cwd}/prod.env`, `${cwd}/*.env`]);
		expect(result.externalPaths).toEqual([]);
	});

	it("lists a path through a symlinked directory escaping cwd as external, by its canonical form", () => {
		const result = collectBashPaths([command("cat", ["vendor/id_rsa", "src/up/new-file"])], normalizer);
		expect(result.externalPaths.map((path) => path.kind === "resolved" && path.canonical)).toEqual([
			tree.path("outside/id_rsa"),
			tree.path("outside/new-file"),
		]);
	});

	it("expands a glob through a symlinked directory and lists the matches as external", () => {
		const result = collectBashPaths([command("cat", ["vendor/*"])], normalizer);
		expect(result.externalPaths.map(displayPath)).toEqual([`${cwd}/vendor/id_rsa`]);
	});

	it("folds a real cd and resolves `..` from there", () => {
		const result = collectBashPaths(
			[command("cd", ["src"]), command("cat", ["../.env", "../../outside/id_rsa"])],
			normalizer,
		);
		expect(result.externalPaths.map(displayPath)).toEqual([tree.path("outside/id_rsa")]);
		expect(result.ruleCandidates.map((path) => path.matchValues.at(-1))).toContain(".env");
	});

	it("lists `~` paths and redirect targets into the real home as external", () => {
		const result = collectBashPaths(
			[command("cat", ["~/.ssh/config"], { redirects: [redirect(">>", "~/.bashrc")] })],
			normalizer,
		);
		expect(result.externalPaths.map(displayPath)).toEqual([tree.path("home/.ssh/config"), tree.path("home/.bashrc")]);
	});
});
