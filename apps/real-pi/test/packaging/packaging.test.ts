/**
 * Owns: issue 7's proof that the published packages work on their own: built, packed with `pnpm pack`, installed by npm
 * into a project outside the repo, type-checked by a third party, and loaded by the real `pi` from settings `packages`.
 * Never: reads a workspace `dist/` or `src/` after packing; everything below runs against the install.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBounded } from "./bounded-command";
import { npmInstallTarballs, resolvedPackageDir } from "./consumer-install";
import { typecheckConsumer } from "./consumer-typecheck";
import { projectDir, runPackagedPi } from "./packaged-pi-run";
import {
	buildPublishable,
	type PackedManifest,
	PUBLISHABLE_NAMES,
	type PublishableName,
	packPublishable,
	REPO_ROOT,
	tarballFiles,
	tarballManifest,
	toolEnvironment,
} from "./packed-workspace";

/** Bounds on the outside work (the machine is shared: a parallel `.d.ts` build of all packages takes 1–1.5 min). */
const BUILD_BOUND_MS = 150_000;
const PACK_BOUND_MS = 60_000;
// npm fetches the third-party dependencies from the registry; a cold cache on a loaded machine has taken over 90 s.
const INSTALL_BOUND_MS = 240_000;
const PI_BOUND_MS = 45_000;
const TSC_BOUND_MS = 60_000;
const CLI_BOUND_MS = 20_000;

const POLICY = {
	permission: {
		"*": "allow",
		bash: { "*": "allow", "rm -rf *": { action: "deny", reason: "recursive deletes are off limits" } },
	},
};
/** Only a parsed bash program exposes the `rm -rf` unit behind `&&`: the deny proves tree-sitter loaded from the install. */
const COMPOUND_DELETE = "echo start && rm -rf tree";

/** Files each tarball must carry (beside `package.json`). */
const REQUIRED_FILES: Record<PublishableName, readonly string[]> = {
	"@pi-permissions/policy": ["dist/index.js", "dist/index.d.ts", "schema/config.schema.json", "README.md"],
	"@pi-permissions/access-intent": ["dist/index.js", "dist/index.d.ts", "dist/tree-sitter-bash.wasm", "README.md"],
	"@pi-permissions/presentation": ["dist/index.js", "dist/index.d.ts", "README.md"],
	"@pi-permissions/engine": ["dist/index.js", "dist/index.d.ts", "README.md"],
	"@pi-permissions/authority": ["dist/index.js", "dist/index.d.ts", "README.md"],
	"@pi-permissions/sandbox": ["dist/index.js", "dist/index.d.ts", "README.md"],
	"@pi-permissions/pi-extension": ["dist/index.js", "dist/index.d.ts", "README.md"],
	"@pi-permissions/model-judge": ["dist/index.js", "dist/index.d.ts", "schema/model-judge.schema.json", "README.md"],
	"@pi-permissions/cli": ["dist/main.js", "README.md"],
};
const PI_HOST_PACKAGES = ["@earendil-works/pi-coding-agent", "@earendil-works/pi-ai", "@earendil-works/pi-tui"];

let world = "";
let tarballs = {} as Record<PublishableName, string>;
const manifests = new Map<PublishableName, PackedManifest>();
const contents = new Map<PublishableName, string[]>();
let consumer = "";
let nodeModules = "";

beforeAll(
	async () => {
		world = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-packaging-")));
		await buildPublishable(BUILD_BOUND_MS);
		const packed = join(world, "tarballs");
		mkdirSync(packed);
		tarballs = await packPublishable(packed, PACK_BOUND_MS);
		for (const name of PUBLISHABLE_NAMES) {
			manifests.set(name, await tarballManifest(tarballs[name]));
			contents.set(name, await tarballFiles(tarballs[name]));
		}
		consumer = join(world, "consumer");
		mkdirSync(consumer);
		nodeModules = await npmInstallTarballs(consumer, Object.values(tarballs), INSTALL_BOUND_MS);
	},
	BUILD_BOUND_MS + PACK_BOUND_MS + INSTALL_BOUND_MS,
);

afterAll(() => {
	if (world !== "") rmSync(world, { recursive: true, force: true });
});

function installed(name: string): string {
	return join(nodeModules, name);
}

describe("the packed tarballs", () => {
	it.each(PUBLISHABLE_NAMES.map((name) => ({ name })))("$name carries its built files and nothing else", ({ name }) => {
		const files = contents.get(name) ?? [];
		expect(files).toEqual(expect.arrayContaining(["package.json", ...REQUIRED_FILES[name]]));
		expect(files.filter((file) => !/^(dist\/|schema\/|README\.md$|package\.json$)/.test(file))).toEqual([]);
	});

	it.each(PUBLISHABLE_NAMES.map((name) => ({ name })))("$name's manifest names only published things", ({ name }) => {
		const manifest = manifests.get(name);
		const text = JSON.stringify(manifest);
		expect(text).not.toMatch(/workspace:|catalog:|link:|file:/);
		// The source condition points into `src/`, which is not shipped.
		expect(JSON.stringify(manifest?.exports ?? {})).not.toMatch(/@pi-permissions\/source|\.\/src\//);
		for (const dependency of Object.keys(manifest?.dependencies ?? {})) {
			if (dependency.startsWith("@pi-permissions/")) expect(PUBLISHABLE_NAMES).toContain(dependency);
			expect(PI_HOST_PACKAGES).not.toContain(dependency);
		}
	});

	it("the adapter declares Pi's host packages as peers and points `pi.extensions` at its built entry", () => {
		const manifest = manifests.get("@pi-permissions/pi-extension");
		expect(manifest?.pi?.extensions).toEqual(["./dist/index.js"]);
		expect(contents.get("@pi-permissions/pi-extension")).toContain("dist/index.js");
		expect(manifest?.peerDependencies?.["@earendil-works/pi-coding-agent"]).toBe("*");
		expect(manifest?.exports).toMatchObject({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
		expect(manifest).toMatchObject({ main: "./dist/index.js", types: "./dist/index.d.ts" });
	});

	it("policy exports its shipped JSON Schema", () => {
		expect(manifests.get("@pi-permissions/policy")?.exports).toMatchObject({
			"./schema.json": "./schema/config.schema.json",
		});
	});
});

describe("a fresh npm install of the tarballs", () => {
	it("resolves every dependency inside the install and leaves Pi's host packages to Pi", () => {
		for (const name of PUBLISHABLE_NAMES) {
			const dependencies = Object.keys(manifests.get(name)?.dependencies ?? {});
			for (const dependency of dependencies) {
				const dir = resolvedPackageDir(dependency, installed(name));
				expect(dir, `${dependency} from ${name}`).toBeDefined();
				expect(relative(nodeModules, dir ?? "").startsWith(".."), `${dependency} from ${name} at ${dir}`).toBe(false);
			}
		}
		for (const host of PI_HOST_PACKAGES) expect(existsSync(installed(host)), host).toBe(false);
		expect(relative(REPO_ROOT, consumer).startsWith("..")).toBe(true);
	});

	it("gives access-intent web-tree-sitter's runtime wasm through its own dependency", () => {
		const webTreeSitter = resolvedPackageDir("web-tree-sitter", installed("@pi-permissions/access-intent"));
		expect(webTreeSitter).toBeDefined();
		const runtime = readdirSync(webTreeSitter ?? "").filter((file) => /^(web-)?tree-sitter\.wasm$/.test(file));
		expect(runtime).toHaveLength(1);
		expect(
			statSync(join(installed("@pi-permissions/access-intent"), "dist/tree-sitter-bash.wasm")).size,
		).toBeGreaterThan(0);
	});

	it("holds no file that names the workspace", () => {
		const mentions: string[] = [];
		const visit = (dir: string): void => {
			for (const entry of readdirSync(dir, { withFileTypes: true })) {
				const path = join(dir, entry.name);
				if (entry.isDirectory()) visit(path);
				else if (entry.isFile() && !path.endsWith(".wasm") && readFileSync(path, "utf8").includes(REPO_ROOT)) {
					mentions.push(relative(nodeModules, path));
				}
			}
		};
		visit(nodeModules);
		expect(mentions).toEqual([]);
	});

	it("type-checks a third party's use of the adapter's published types", async () => {
		const result = await typecheckConsumer(consumer, TSC_BOUND_MS);
		expect(result.stdout + result.stderr).toBe("");
		expect(result.code).toBe(0);
	});

	it("runs the cli, which denies the compound delete with exit code 3", async () => {
		const configFile = join(world, "cli-config.json");
		writeFileSync(configFile, JSON.stringify(POLICY));
		const cwd = join(world, "cli-project");
		mkdirSync(cwd);
		const result = await runBounded({
			command: join(nodeModules, ".bin/pi-permissions"),
			args: ["check", "--global", configFile, "bash", COMPOUND_DELETE],
			cwd,
			env: { ...toolEnvironment(), HOME: cwd, PI_CODING_AGENT_DIR: join(cwd, "agent") },
			timeoutMs: CLI_BOUND_MS,
		});
		expect(result.code, result.stdout + result.stderr).toBe(3);
		expect(result.stdout).toContain("recursive deletes are off limits");
	});
});

describe("the real pi with the installed adapter as a settings package", () => {
	it("blocks `rm -rf` under a deny policy, keeps the target and gives the model the operator's reason", async () => {
		const root = join(world, "pi-run");
		const victim = join(projectDir(root), "tree", "victim.txt");
		mkdirSync(join(projectDir(root), "tree"), { recursive: true });
		writeFileSync(victim, "keep me\n");
		const run = await runPackagedPi({
			root,
			adapterPackage: installed("@pi-permissions/pi-extension"),
			config: POLICY,
			bashCommand: COMPOUND_DELETE,
			timeoutMs: PI_BOUND_MS,
		});
		const transcript = `stdout: ${run.stdout}\nstderr: ${run.stderr}`;
		expect(run.code, transcript).toBe(0);
		expect(existsSync(victim)).toBe(true);
		expect(run.seen, transcript).toMatchObject({ isError: true });
		expect(run.seen?.text).toContain("[pi-permissions]");
		expect(run.seen?.text).toContain("rm -rf *");
		expect(run.seen?.text).toContain("recursive deletes are off limits");
		const reviewLog = readFileSync(join(run.agentDir, "extensions/pi-permissions/logs/review.jsonl"), "utf8");
		expect(reviewLog).toContain('"resolution":"policy_deny"');
	});
});
