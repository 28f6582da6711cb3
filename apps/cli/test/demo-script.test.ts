import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDemo } from "../src/demo-script";
import { recommendedPolicyText } from "../src/recommended-policy";
import { ConfigTree } from "./support/cli-harness";

describe("runDemo", () => {
	let tree: ConfigTree;
	let place: { policyFile: string; projectFile: string; projectDir: string };
	beforeEach(() => {
		tree = new ConfigTree();
		tree.write(`${tree.project}/.env`, "TOKEN=x\n");
		place = {
			policyFile: tree.write(`${tree.root}/recommended.json`, recommendedPolicyText(null)),
			projectFile: tree.projectFile,
			projectDir: tree.project,
		};
	});
	afterEach(() => tree.remove());

	it("explains an allowed chain, a denied evasion, a protected .env, an MCP call and an ask", async () => {
		const { host, output } = tree.host();
		expect(await runDemo(host, place)).toBe(0);
		const decisions = output()
			.stdout.split("\n")
			.filter((text) => /^(ALLOW|ASK|DENY)$/.test(text));
		expect(decisions).toEqual(["ALLOW", "DENY", "DENY", "ASK", "ASK"]);
		expect(output().stdout).toContain('Yes, allow bash "git push *" for this session');
	});

	it("prints colour only when the host's stdout takes it", async () => {
		const plain = tree.host({ color: false });
		await runDemo(plain.host, place);
		expect(plain.output().stdout).not.toContain("\u001b[");
		const colored = tree.host({ color: true });
		await runDemo(colored.host, place);
		expect(colored.output().stdout).toContain("\u001b[");
	});
});
