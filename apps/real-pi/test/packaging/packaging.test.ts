/**
 * Owns: issue 7's proof that the published packages work on their own: built, packed with `pnpm pack`, installed by npm
 * into a project outside the repo, type-checked by a third party, and loaded by the real `pi` from settings `packages`.
 * Never: reads a workspace `dist/` or `src/` after packing; everything below runs against the install.
 */
import {
	cpSync,
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
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NOT_ACTIVE } from "../../../../packages/pi-extension/entry/not-active";
import { CleanupStack } from "../support/cleanup-stack";
import { startInstalledRpc, uiRecords } from "../support/installed-pi";
import { PiSandbox } from "../support/pi-sandbox";
import { resultText } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";
import { runBounded, runOk } from "./bounded-command";
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
import { namedFiles, publishDryRunFiles } from "./publish-dry-run";

/**
 * Liveness bounds on the outside work (ADR 0047): each only turns a hang into a failure, several times what the step
 * takes on a 2-core machine kept busy by other work; none judges speed.
 * The build is `npm test`'s own, done once before the suites (here a turbo cache hit of seconds); only a run of this
 * suite alone builds, which takes 1–1.5 min idle and several times that on a busy machine.
 */
const BUILD_BOUND_MS = 900_000;
const PACK_BOUND_MS = 180_000;
// npm fetches the third-party dependencies from the registry; a cold cache on a loaded machine has taken over 90 s.
const INSTALL_BOUND_MS = 600_000;
const PI_BOUND_MS = 120_000;
const TSC_BOUND_MS = 180_000;
const CLI_BOUND_MS = 60_000;
const PUBLISH_BOUND_MS = 180_000;
const RPC_RUN_MS = 120_000;

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
	"@pi-permissions/pi-extension": [
		"dist/index.js",
		"dist/index.d.ts",
		"entry/pi-entry.ts",
		"entry/not-active.ts",
		"README.md",
	],
	"@pi-permissions/model-judge": [
		"dist/index.js",
		"dist/index.d.ts",
		"entry/judge-entry.ts",
		"schema/model-judge.schema.json",
		"README.md",
	],
	"@pi-permissions/cli": ["dist/main.js", "README.md"],
};
/** The workspace packages the adapter imports at run time. */
const ADAPTER_SIBLINGS = [
	"@pi-permissions/policy",
	"@pi-permissions/access-intent",
	"@pi-permissions/presentation",
	"@pi-permissions/engine",
	"@pi-permissions/authority",
	"@pi-permissions/sandbox",
] as const;
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
		expect(files.filter((file) => !/^(dist\/|schema\/|entry\/|README\.md$|package\.json$)/.test(file))).toEqual([]);
		if (name !== "@pi-permissions/pi-extension") expect(files.filter((file) => file.startsWith("entry/"))).toEqual([]);
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

	it("the adapter declares Pi's host packages as peers and points `pi.extensions` at its fail-closed entry", () => {
		const manifest = manifests.get("@pi-permissions/pi-extension");
		// The TypeScript entry Pi loads without a build; it loads dist/ and blocks every call when that fails (ADR 0034).
		expect(manifest?.pi?.extensions).toEqual(["./entry/pi-entry.ts"]);
		expect(contents.get("@pi-permissions/pi-extension")).toContain("dist/index.js");
		expect(manifest?.peerDependencies?.["@earendil-works/pi-coding-agent"]).toBe("*");
		expect(manifest?.exports).toMatchObject({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
		expect(manifest).toMatchObject({ main: "./dist/index.js", types: "./dist/index.d.ts" });
	});

	it.each(PUBLISHABLE_NAMES.map((name) => ({ name })))(
		"$name's tarball holds every file its exports, main, types, bin and pi fields name",
		({ name }) => {
			const manifest = manifests.get(name);
			expect(manifest).toBeDefined();
			const named = namedFiles(manifest as PackedManifest);
			expect(named.length).toBeGreaterThan(0);
			expect(contents.get(name)).toEqual(expect.arrayContaining(named));
		},
	);

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

describe("a publish dry run of every public package", () => {
	it(
		"uploads exactly the packed files, which hold everything the manifests name",
		async () => {
			const listed = await Promise.all(PUBLISHABLE_NAMES.map((name) => publishDryRunFiles(name, PUBLISH_BOUND_MS)));
			PUBLISHABLE_NAMES.forEach((name, index) => {
				expect(listed[index], name).toEqual(contents.get(name));
				expect(listed[index], name).toEqual(expect.arrayContaining(namedFiles(manifests.get(name) as PackedManifest)));
			});
		},
		PUBLISH_BOUND_MS * 2,
	);
});

describe("a broken install of the adapter in the real pi", () => {
	const cleanup = new CleanupStack();
	afterEach(() => cleanup.run());

	/** Runs `bash`, `read` and `write` once each with the adapter at `packageDir`; returns what the model and UI got. */
	async function runEveryTool(packageDir: string) {
		const sandbox = PiSandbox.create("real-pi-broken-");
		cleanup.defer(() => sandbox.remove());
		sandbox.writeConfig(POLICY);
		sandbox.writeFile("notes.txt", "secret\n");
		const rpc = startInstalledRpc(cleanup, {
			sandbox,
			packageDir,
			tools: ["bash", "read", "write"],
			script: [
				bashTurn("touch PWNED"),
				{ kind: "tool", tool: "read", arguments: { path: "notes.txt" } },
				{ kind: "tool", tool: "write", arguments: { path: "written.txt", content: "x" } },
				{ kind: "report" },
			],
		});
		const from = await rpc.prompt("go");
		await rpc.waitForSettled(from, RPC_RUN_MS);
		const ends = rpc.toolEnds(from);
		expect(ends.map((end) => end.toolName)).toEqual(["bash", "read", "write"]);
		expect(existsSync(sandbox.file("PWNED"))).toBe(false);
		expect(existsSync(sandbox.file("written.txt"))).toBe(false);
		expect(uiRecords(rpc.records, "setStatus")).toContainEqual(
			expect.objectContaining({ statusKey: "pi-permissions", statusText: NOT_ACTIVE }),
		);
		const reasons = ends.map((end) => ({ isError: end.isError, text: resultText(end) }));
		const errors = uiRecords(rpc.records, "notify").filter((record) => record.notifyType === "error");
		return { reasons, errors: errors.map((record) => String(record.message)) };
	}

	it(
		"blocks every tool call with the not-active reason when the access-intent tarball lost the grammar wasm",
		async () => {
			// The tarball as a broken publish would ship it: the same package, its grammar wasm removed.
			const unpacked = join(world, "no-wasm");
			mkdirSync(unpacked);
			const env = toolEnvironment();
			const accessIntent = tarballs["@pi-permissions/access-intent"];
			await runOk({ command: "tar", args: ["xzf", accessIntent], cwd: unpacked, env, timeoutMs: 20_000 });
			rmSync(join(unpacked, "package/dist/tree-sitter-bash.wasm"));
			const broken = join(unpacked, "access-intent-no-wasm.tgz");
			await runOk({ command: "tar", args: ["czf", broken, "package"], cwd: unpacked, env, timeoutMs: 20_000 });
			const project = join(world, "no-wasm-consumer");
			mkdirSync(project);
			const siblings = ADAPTER_SIBLINGS.filter((name) => name !== "@pi-permissions/access-intent");
			const modules = await npmInstallTarballs(
				project,
				[broken, tarballs["@pi-permissions/pi-extension"], ...siblings.map((name) => tarballs[name])],
				INSTALL_BOUND_MS,
			);
			expect(existsSync(join(modules, "@pi-permissions/access-intent/dist/tree-sitter-bash.wasm"))).toBe(false);

			const { reasons, errors } = await runEveryTool(join(modules, "@pi-permissions/pi-extension"));
			for (const reason of reasons) {
				expect(reason.isError).toBe(true);
				expect(reason.text.startsWith(`${NOT_ACTIVE}: the bash grammar cannot load`), reason.text).toBe(true);
				expect(reason.text).toContain("tree-sitter-bash.wasm");
				expect(reason.text).toContain("reinstall it with `pi install npm:@pi-permissions/pi-extension`");
			}
			expect(errors).toEqual([reasons[0]?.text]);
		},
		INSTALL_BOUND_MS + RPC_RUN_MS * 2,
	);

	it(
		"blocks every tool call with the not-active reason naming the sibling package that cannot load",
		async () => {
			// A partial install: the fresh install above, its engine package (which the adapter imports) without its
			// built module. (Removing the whole folder would not do here: under Pi's loader a package name also
			// resolves from Pi's own install, which for this workspace's Pi is the workspace.)
			const partial = join(world, "partial-consumer", "node_modules");
			cpSync(nodeModules, partial, { recursive: true, verbatimSymlinks: true });
			rmSync(join(partial, "@pi-permissions/engine/dist/index.js"));

			const { reasons, errors } = await runEveryTool(join(partial, "@pi-permissions/pi-extension"));
			for (const reason of reasons) {
				expect(reason.isError).toBe(true);
				expect(reason.text.startsWith(`${NOT_ACTIVE}: the built extension cannot load`), reason.text).toBe(true);
				expect(reason.text).toContain(join(partial, "@pi-permissions/engine"));
			}
			expect(errors).toEqual([reasons[0]?.text]);
		},
		RPC_RUN_MS * 2,
	);
});
