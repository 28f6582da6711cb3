import { composePolicy, POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeConfigFileSystem } from "../../src/config/config-file-system";
import { formatConfigLoadIssue, formatKeyPath } from "../../src/config/config-load-issue";
import { ConfigLoader } from "../../src/config/config-loader";
import { agentMarkdown, type ConfigTree, createConfigTree } from "../support/config-tree";
import { BROKEN_FILE_ROWS } from "./14-broken-files.cases";

let tree: ConfigTree;
beforeEach(() => {
	tree = createConfigTree();
});
afterEach(() => tree.remove());

const SCOPES = ["global", "project"] as const;
const rows = SCOPES.flatMap((scope) => BROKEN_FILE_ROWS.map((row) => ({ ...row, scope })));

async function load(scope: (typeof SCOPES)[number], content: string | Uint8Array, yolo: boolean) {
	const path = scope === "global" ? tree.globalFile : tree.projectFile;
	tree.write(path, content);
	const loader = new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix", rereadDelaysMs: [] });
	const loaded = await loader.load({
		cwd: tree.cwd,
		agentDir: tree.agentDir,
		agentName: null,
		isProjectTrusted: () => true,
	});
	const composed = composePolicy({ scopes: loaded.scopes, env: { home: tree.home, flavor: POSIX_FLAVOR }, yolo });
	return { path, loaded, composed };
}

describe("ADR 0022: a broken config file keeps its denies and asks every allow", () => {
	it.each(rows)("$scope $id $title", async (row) => {
		for (const yolo of [false, true]) {
			const { path, loaded, composed } = await load(row.scope, row.content, yolo);
			const policy = composed.decision;
			const denied = row.keepsDenies ? "deny" : "ask";
			// SECURITY: every valid deny still denies, under yolo too; every allow is asked.
			expect(policy.evaluate("bash", "rm -rf x").state).toBe(denied);
			expect(policy.evaluate("read", `${tree.cwd}/.env`).state).toBe(denied);
			expect(policy.evaluate("bash", "git status").state).toBe("ask");
			expect(policy.evaluate("read", `${tree.cwd}/notes.txt`).state).toBe("ask");
			expect(composed.failClosedScopes).toEqual([row.scope]);
			expect(composed.yolo).toBe(false);
			expect(composed.yoloSuspended).toBe(yolo);
			// The message names the file, the line, the key path and the fix.
			const error = loaded.issues.find((issue) => issue.severity === "error");
			expect(error).toBeDefined();
			if (error === undefined) return;
			expect(error.file).toBe(path);
			expect(formatConfigLoadIssue(error)).toContain(path);
			if (row.keyPath !== null) {
				expect(error.line).not.toBeNull();
				expect(formatKeyPath(error.keyPath)).toBe(row.keyPath);
				expect(formatConfigLoadIssue(error)).toContain(`${row.keyPath}:`);
			} else if (row.keepsDenies) {
				expect(error.line).not.toBeNull();
			}
			expect(error.hint).toMatch(row.fix);
		}
	});

	it("keeps the denies of an agent's broken frontmatter and floors every allow", async () => {
		tree.writeGlobal('{"permission": {"bash": {"git status": "allow"}}}');
		tree.writeAgent("reviewer", agentMarkdown('permission:\n  bash:\n    "rm *": deny\n    "ls": alow'));
		const loader = new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix", rereadDelaysMs: [] });
		const loaded = await loader.load({
			cwd: tree.cwd,
			agentDir: tree.agentDir,
			agentName: "reviewer",
			isProjectTrusted: () => true,
		});
		const composed = composePolicy({
			scopes: loaded.scopes,
			env: { home: tree.home, flavor: POSIX_FLAVOR },
			yolo: true,
		});
		expect(composed.decision.evaluate("bash", "rm -rf x").state).toBe("deny");
		expect(composed.decision.evaluate("bash", "git status").state).toBe("ask");
		expect(composed.failClosedScopes).toEqual(["agent"]);
		const error = loaded.issues.find((issue) => issue.severity === "error");
		expect(error).toMatchObject({ file: tree.agentFile("reviewer"), keyPath: ["permission", "bash", "ls"] });
		expect(error?.line).toBe(5);
	});

	it("applies a deny written under a mistyped surface to the surface it was meant for", async () => {
		const { composed } = await load("global", '{"permission": {"paths": {"*.key": "deny"}}}', false);
		expect(composed.decision.evaluate("path", `${tree.cwd}/id.key`).state).toBe("deny");
	});
});
