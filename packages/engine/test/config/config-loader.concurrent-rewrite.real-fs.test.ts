import { type ChildProcess, spawn } from "node:child_process";
import { BashProgram, PathNormalizer } from "@pi-permissions/access-intent";
import { composePolicy, type PermissionState, POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBashCommand } from "../../src/bash/bash-command-check";
import { createNodeConfigFileSystem } from "../../src/config/config-file-system";
import { ConfigLoader } from "../../src/config/config-loader";
import { type ConfigTree, createConfigTree } from "../support/config-tree";
import { EMPTY_PROBE, parser } from "../support/engine-fixture";

/**
 * ADR 0022 acceptance: a writer process saves a policy that denies `rm *` in place, alternating the whole file with
 * each of its prefixes (every byte length), while this process loads the config and decides `rm -rf x` under yolo.
 * Not one decision may be an allow, whether the loader is fresh for every decision (as `check` is) or long-lived.
 */
const POLICY = '{\n  "permission": {\n    "bash": {\n      "rm *": "deny"\n    }\n  }\n}\n';

const WRITER = `
const { writeFileSync } = require("node:fs");
const [file, text] = process.argv.slice(1);
for (;;) {
	for (let length = 0; length < text.length; length++) {
		writeFileSync(file, text);
		writeFileSync(file, text.slice(0, length));
	}
}
`;

let tree: ConfigTree;
let writer: ChildProcess | null = null;
beforeEach(() => {
	tree = createConfigTree();
	tree.writeGlobal(POLICY);
});
afterEach(() => {
	writer?.kill("SIGKILL");
	writer = null;
	tree.remove();
});

function startWriter(): Promise<void> {
	writer = spawn(process.execPath, ["-e", WRITER, tree.globalFile, POLICY], { stdio: "ignore" });
	// Give the writer a moment to be running before decisions start.
	return new Promise((resolve) => setTimeout(resolve, 50));
}

async function decide(loader: ConfigLoader): Promise<PermissionState> {
	const loaded = await loader.load({
		cwd: tree.cwd,
		agentDir: tree.agentDir,
		agentName: null,
		isProjectTrusted: () => true,
	});
	const composed = composePolicy({ scopes: loaded.scopes, env: { home: tree.home, flavor: POSIX_FLAVOR }, yolo: true });
	const normalizer = PathNormalizer.create({
		cwd: tree.cwd,
		home: tree.home,
		flavor: POSIX_FLAVOR,
		probe: EMPTY_PROBE,
	});
	const program = BashProgram.parse("rm -rf x", { parser, normalizer });
	return checkBashCommand(program, composed.decision).state;
}

async function run(decisions: number, fresh: () => ConfigLoader): Promise<Record<PermissionState, number>> {
	await startWriter();
	const counts: Record<PermissionState, number> = { allow: 0, ask: 0, deny: 0 };
	for (let i = 0; i < decisions; i++) counts[await decide(fresh())]++;
	return counts;
}

const fileSystem = createNodeConfigFileSystem();

describe("ConfigLoader under a concurrent in-place rewrite (ADR 0022)", () => {
	it("never allows `rm -rf x` across 2,000 decisions with a fresh loader each (short re-read delays)", async () => {
		const counts = await run(2000, () => new ConfigLoader({ fileSystem, flavor: "posix", rereadDelaysMs: [1, 2, 3] }));
		expect(counts.allow).toBe(0);
		expect(counts.deny + counts.ask).toBe(2000);
	}, 600_000);

	it("never allows `rm -rf x` across 2,000 decisions with one long-lived loader", async () => {
		const loader = new ConfigLoader({ fileSystem, flavor: "posix", rereadDelaysMs: [1, 2, 3] });
		await decide(loader); // the loader has seen the valid file once, as a session has
		const counts = await run(2000, () => loader);
		expect(counts.allow).toBe(0);
		// Once the loader has seen the valid file, a broken save keeps the last valid content: the deny stands.
		expect(counts.deny).toBe(2000);
	}, 600_000);

	it("never allows `rm -rf x` with the default re-read delays (50 decisions)", async () => {
		const counts = await run(50, () => new ConfigLoader({ fileSystem, flavor: "posix" }));
		expect(counts.allow).toBe(0);
	}, 600_000);
});
