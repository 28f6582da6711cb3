import { readFileSync } from "node:fs";
import { join } from "node:path";
import { composePolicy, POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterEach, describe, expect, it } from "vitest";
import { previewGrant } from "../src/grant-preview";
import { ConfigTree } from "./support/cli-harness";

const trees: ConfigTree[] = [];
afterEach(() => {
	for (const tree of trees.splice(0)) tree.remove();
});

const PROJECT = { permission: { bash: { "*": "ask", "npm test": "allow", "rm -rf *": "deny" } } };

/** One review-log decision record as the adapter writes it (the fields a preview reads). */
function record(toolCallId: string, time: string, value: string, resolution: string, surface = "bash"): string {
	return JSON.stringify({ time, event: "permission_decision", toolCallId, surface, value, resolution });
}

function logDir(tree: ConfigTree): string {
	return join(tree.agentDir, "extensions", "pi-permissions", "logs");
}

describe("pi-permissions grants add --preview", () => {
	it("counts the asked calls the rule would allow, with up to three examples, and writes nothing", async () => {
		const tree = new ConfigTree();
		trees.push(tree);
		const file = tree.writeProject(PROJECT);
		const before = readFileSync(file, "utf8");
		tree.write(
			join(logDir(tree), "review.jsonl.1"),
			[
				record("c1", "2026-11-30T10:00:00.000Z", "npm run build", "user_approved"),
				// Older than 30 days before today (2026-12-01): outside the window.
				record("c0", "2026-10-01T10:00:00.000Z", "npm run lint", "user_approved"),
			].join("\n"),
		);
		tree.write(
			join(logDir(tree), "review.jsonl"),
			[
				record("c2", "2026-12-01T09:00:00.000Z", "npm run test", "user_denied"),
				record("c3", "2026-12-01T09:01:00.000Z", "npm run dev", "confirmation_unavailable"),
				record("c4", "2026-12-01T09:02:00.000Z", "npm run e2e", "user_approved_for_session"),
				// Allowed already, another program, another surface, a torn line: none changes.
				record("c5", "2026-12-01T09:03:00.000Z", "npm run x", "policy_allow"),
				record("c6", "2026-12-01T09:04:00.000Z", "git push", "user_approved"),
				record("c7", "2026-12-01T09:05:00.000Z", "/p/npm run", "user_approved", "read"),
				'{"torn',
			].join("\n"),
		);
		const run = await tree.run(["grants", "add", "bash", "npm run *", "--project", "--preview"]);
		expect(run).toMatchObject({ code: 0, stderr: "" });
		expect(run.stdout).toBe(
			[
				'bash "npm run *": of the last 7 decisions in the review log (30 days at most), it would have allowed 4 asked calls',
				"  e.g. 2026-12-01T09:00:00.000Z  npm run test",
				"  e.g. 2026-12-01T09:01:00.000Z  npm run dev",
				"  e.g. 2026-12-01T09:02:00.000Z  npm run e2e",
				"nothing written (--preview)",
				"",
			].join("\n"),
		);
		expect(readFileSync(file, "utf8")).toBe(before);
	});

	it("names the allows it makes redundant and the denied calls that stay denied", async () => {
		const tree = new ConfigTree();
		trees.push(tree);
		tree.writeProject(PROJECT);
		tree.write(join(logDir(tree), "review.jsonl"), record("c1", "2026-12-01T09:00:00.000Z", "npm test", "policy_deny"));
		const run = await tree.run(["grants", "add", "bash", "npm *", "--project", "--preview"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("it would have allowed 0 asked calls");
		expect(run.stdout).toContain("  1 denied call it matches stay denied: no grant lifts a deny");
		expect(run.stdout).toContain('  makes the project rule "npm test": "allow" redundant');
	});

	it("says when the law would refuse the rule, with the reason, and exits 1", async () => {
		const tree = new ConfigTree();
		trees.push(tree);
		tree.writeGlobal({ permission: { bash: { "rm *": "deny" } } });
		tree.writeProject('{ "permission": { "read": "allow" } }\n');
		const run = await tree.run(["grants", "add", "bash", "rm tmp *", "--project", "--preview"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain('would lift the deny `bash: "rm *" → deny` (global)');
		expect(readFileSync(tree.projectFile, "utf8")).toBe('{ "permission": { "read": "allow" } }\n');
	});

	it("reads a 10 MB review log from its end: the last 1,000 decisions, counted right (liveness bound; prints the time)", async () => {
		const tree = new ConfigTree();
		trees.push(tree);
		// 10 MB of decisions, all in the window; the newest 1,000 alternate an asked `npm run` and an allowed `ls`.
		const lines: string[] = [];
		let bytes = 0;
		for (let index = 0; bytes < 10 * 1024 * 1024; index++) {
			const time = new Date(Date.UTC(2026, 10, 20) + index * 1_000).toISOString();
			const padding = "x".repeat(150);
			const line =
				index % 2 === 0
					? record(`c${index}`, time, `npm run t${index} ${padding}`, "user_approved")
					: record(`c${index}`, time, `ls ${padding}`, "policy_allow");
			lines.push(line);
			bytes += line.length + 1;
		}
		tree.write(join(logDir(tree), "review.jsonl"), `${lines.join("\n")}\n`);
		const { host } = tree.host();
		const env = { home: tree.home, flavor: POSIX_FLAVOR };
		const policy = composePolicy({ scopes: [], env });
		const logs = [join(logDir(tree), "review.jsonl.1"), join(logDir(tree), "review.jsonl")];
		const started = performance.now();
		const preview = await previewGrant(host, logs, policy, env, { surface: "bash", pattern: "npm run *" });
		const elapsed = performance.now() - started;
		console.log(`grant preview over a ${(bytes / 1024 / 1024).toFixed(1)} MB review log: ${elapsed.toFixed(1)} ms`);
		expect(preview.considered).toBe(1_000);
		expect(preview.changed).toBe(500);
		const last = lines.length - 1 - ((lines.length - 1) % 2);
		expect(preview.examples.map((example) => example.value.split(" ")[2])).toEqual([
			`t${last - 4}`,
			`t${last - 2}`,
			`t${last}`,
		]);
		const again = performance.now();
		await previewGrant(host, logs, policy, env, { surface: "bash", pattern: "npm run *" });
		console.log(`… and again, warm: ${(performance.now() - again).toFixed(1)} ms`);
		// Liveness only, generous for a loaded machine: the whole log read forward took about a second (ADR 0057).
		expect(elapsed).toBeLessThan(10_000);
	}, 60_000);
});
