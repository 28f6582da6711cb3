import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		path: { "*.env": { action: "deny", reason: "secrets" } },
		bash: { "*": "ask", "git status *": "allow", "ls *": "allow", "rm *": "deny" },
	},
};

describe("pi-permissions check", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
	});
	afterEach(() => tree.remove());

	it.each([
		{ tool: "bash", input: "git status && ls -la", action: "allow", code: 0 },
		{ tool: "bash", input: "git push origin main", action: "ask", code: 2 },
		{ tool: "bash", input: "echo $(rm -rf x)", action: "deny", code: 3 },
		{ tool: "read", input: '{"path":"notes.md"}', action: "allow", code: 0 },
		{ tool: "read", input: '{"path":".env"}', action: "deny", code: 3 },
	])("exits $code for $action on $tool $input", async ({ tool, input, action, code }) => {
		const run = await tree.run(["check", tool, input, "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action });
		expect(run.code).toBe(code);
	});

	it("prints the gate, surface, pattern, origin and reason of a deny", async () => {
		const run = await tree.run(["check", "read", '{"path":".env"}']);
		expect(run.stdout).toContain("DENY");
		expect(run.stdout).toMatch(/gate\s+path/);
		expect(run.stdout).toMatch(/pattern\s+"\*\.env"/);
		expect(run.stdout).toMatch(/origin\s+global/);
		expect(run.stdout).toMatch(/reason\s+secrets/);
		expect(run.stdout).not.toContain("\u001b[");
	});

	it("prints the session suggestion of an ask", async () => {
		const run = await tree.run(["check", "bash", "git push origin main", "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({
			action: "ask",
			gate: "tool",
			surface: "bash",
			matchedPattern: "*",
			origin: "global",
			suggestion: { surface: "bash", patterns: ["git push *"] },
		});
	});

	it("colours the decision only when the host says stdout takes colour", async () => {
		const run = await tree.run(["check", "bash", "ls"], { color: true });
		expect(run.stdout).toContain("\u001b[32m");
	});

	it("exits 1 when a non-shell tool's input is not a JSON object", async () => {
		const run = await tree.run(["check", "read", "notes.md"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("not JSON");
		const array = await tree.run(["check", "read", "[1]"]);
		expect(array.code).toBe(1);
	});

	it("treats the input of a configured shell alias as command text", async () => {
		tree.writeGlobal({ ...POLICY, shellTools: { shell: { commandArgument: "script" } } });
		const run = await tree.run(["check", "shell", "rm -rf build", "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", surface: "bash", matchedPattern: "rm *" });
	});

	it("denies a shell call whose command is not a string as a gate error", async () => {
		tree.writeGlobal({ permission: { "*": "allow" } });
		const run = await tree.run(["eval"], { stdin: ['{"id":"a","tool":"bash","input":{"command":5}}\n'] });
		expect(JSON.parse(run.stdout)).toMatchObject({ id: "a", action: "deny", gate: null });
	});

	it("reads the agent dir from PI_CODING_AGENT_DIR", async () => {
		const agentDir = `${tree.root}/custom-agent`;
		tree.write(`${agentDir}/extensions/pi-permissions/config.json`, { permission: { bash: { "*": "deny" } } });
		const run = await tree.run(["check", "bash", "ls", "--json"], { env: { PI_CODING_AGENT_DIR: agentDir } });
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", origin: "global" });
	});

	it("uses explicit --global and --project files instead of the standard locations", async () => {
		const global = tree.write(`${tree.root}/g.json`, { permission: { bash: { "*": "allow" } } });
		const project = tree.write(`${tree.root}/p.json`, { permission: { bash: { "touch *": "deny" } } });
		const run = await tree.run(["check", "bash", "touch a", "--json", "--global", global, "--project", project]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", origin: "project" });
		const other = await tree.run(["check", "bash", "cat a", "--json", "--global", global, "--project", project]);
		expect(JSON.parse(other.stdout)).toMatchObject({ action: "allow", origin: "global" });
	});

	it("reads the project scope of --cwd", async () => {
		const elsewhere = `${tree.root}/elsewhere`;
		tree.write(`${elsewhere}/.pi/extensions/pi-permissions/config.json`, { permission: { bash: { "ls *": "deny" } } });
		const run = await tree.run(["check", "bash", "ls", "--json", "--cwd", elsewhere]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", origin: "project" });
	});

	it("applies the --agent frontmatter over the main policy", async () => {
		tree.write(
			`${tree.agentDir}/agents/reviewer.md`,
			'---\nname: reviewer\npermission:\n  bash:\n    "git status *": deny\n---\nReviews.\n',
		);
		const run = await tree.run(["check", "bash", "git status", "--json", "--agent", "reviewer"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", origin: "agent" });
	});

	it("says on stderr when --agent names no agent file, and keeps the decision's exit code", async () => {
		const plain = await tree.run(["check", "bash", "git status"]);
		const run = await tree.run(["check", "bash", "git status", "--agent", "reviewr"]);
		expect(run.stderr).toContain("notice: no agent `reviewr`");
		expect(run.stderr).toContain(`${tree.agentDir}/agents/reviewr.md`);
		expect(run.stderr).toContain(`${tree.project}/.pi/agents/reviewr.md`);
		expect(run.code).toBe(plain.code);
		expect(run.stdout).toBe(plain.stdout);
		expect(plain.stderr).not.toContain("no agent");
	});

	it("says nothing about an agent whose file exists without permission frontmatter", async () => {
		tree.write(`${tree.agentDir}/agents/helper.md`, "---\nname: helper\n---\nHelps.\n");
		const run = await tree.run(["check", "bash", "git status", "--agent", "helper"]);
		expect(run.stderr).not.toContain("no agent");
	});

	it("splits native MCP names by the servers given with --mcp-server", async () => {
		tree.writeGlobal({ permission: { mcp: { "*": "ask", "my__srv:*": "allow" } } });
		const guessed = await tree.run(["check", "mcp__my__srv__search", "{}", "--json"]);
		expect(JSON.parse(guessed.stdout)).toMatchObject({ action: "ask" });
		const named = await tree.run(["check", "mcp__my__srv__search", "{}", "--json", "--mcp-server", "my__srv"]);
		expect(JSON.parse(named.stdout)).toMatchObject({ action: "allow", matchedPattern: "my__srv:*" });
	});

	it("turns an ask into allow under --yolo and keeps a deny", async () => {
		const ask = await tree.run(["check", "bash", "git push", "--json", "--yolo"]);
		expect(JSON.parse(ask.stdout)).toMatchObject({ action: "allow", origin: "yolo" });
		const deny = await tree.run(["check", "bash", "rm x", "--json", "--yolo"]);
		expect(JSON.parse(deny.stdout)).toMatchObject({ action: "deny" });
	});

	it("approves a wrapper floor under --yolo with origin yolo", async () => {
		tree.writeGlobal({ permission: { bash: { "*": "allow" } } });
		// `sudo $CMD`: what sudo runs cannot be established, so the floor stays (ADR 0028).
		const plain = await tree.run(["check", "bash", "sudo $CMD", "--json"]);
		expect(JSON.parse(plain.stdout)).toMatchObject({ action: "ask", matchedPattern: "<indirection-bash-wrapper>" });
		const yolo = await tree.run(["check", "bash", "sudo $CMD", "--json", "--yolo"]);
		expect(JSON.parse(yolo.stdout)).toMatchObject({ action: "allow", origin: "yolo" });
	});
});

describe("pi-permissions explain", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
	});
	afterEach(() => tree.remove());

	it("lists bash units with their context, wrapper kind and executed unit", async () => {
		const run = await tree.run(["explain", "bash", "echo $(sudo rm -rf x)", "--json"]);
		const trace = JSON.parse(run.stdout).trace;
		expect(trace.bash.units).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ text: "echo $(sudo rm -rf x)", context: null }),
				expect.objectContaining({
					text: "sudo rm -rf x",
					context: "command_substitution",
					wrapperKind: "indirection",
					executedUnit: "rm -rf x",
				}),
			]),
		);
		expect(run.code).toBe(3);
	});

	it("shows every gate's result and every matching rule with its scope and file", async () => {
		const projectFile = tree.writeProject({ permission: { bash: { "git *": "ask" } } });
		const run = await tree.run(["explain", "bash", "git status", "--json"]);
		const parsed = JSON.parse(run.stdout);
		// The project's pattern is new to the merged map, so it comes after the global one and wins (last match).
		expect(parsed.trace.gates).toEqual([expect.objectContaining({ gate: "tool", state: "ask", surface: "bash" })]);
		const rules = parsed.trace.matchingRules.map((rule: Record<string, unknown>) => [
			rule.pattern,
			rule.source,
			rule.file,
		]);
		expect(rules).toEqual(
			expect.arrayContaining([
				["git status *", "global", tree.globalFile],
				["git *", "project", projectFile],
			]),
		);
		expect(parsed.trace.matchingRules.at(-1)).toMatchObject({ pattern: "git *", source: "project", wins: true });
	});

	it("names the fail-closed overlay and the original scope of the floored rule", async () => {
		tree.writeProject("{ not json");
		const run = await tree.run(["explain", "bash", "git status", "--json"]);
		const parsed = JSON.parse(run.stdout);
		expect(parsed).toMatchObject({ action: "ask", origin: "fail-closed" });
		expect(parsed.trace.overlay).toEqual({ kind: "fail-closed", scopes: ["project"] });
		expect(parsed.trace.matchingRules.at(-1)).toMatchObject({
			pattern: "git status *",
			action: "ask",
			writtenAction: "allow",
			origin: "fail-closed",
			source: "global",
			file: tree.globalFile,
		});
	});

	it("shows the matching rules of every bash unit, not only the one that decided (ADR 0033)", async () => {
		const run = await tree.run(["explain", "bash", "ls src && git status && rm -rf x"]);
		const start = run.stdout.indexOf("rules matching each bash unit");
		const section = run.stdout.slice(start, run.stdout.indexOf("\nscopes", start));
		const g = tree.globalFile;
		expect(section).toBe(
			[
				"rules matching each bash unit (evaluation order; > marks the last match, which wins)",
				'  "ls src"',
				'     (every surface) "*": ask (builtin)',
				`     (every surface) "*": ask (global ${g})`,
				`     bash "*": ask (global ${g})`,
				`   > bash "ls *": allow (global ${g})`,
				'  "git status"',
				'     (every surface) "*": ask (builtin)',
				`     (every surface) "*": ask (global ${g})`,
				`     bash "*": ask (global ${g})`,
				`   > bash "git status *": allow (global ${g})`,
				'  "rm -rf x"',
				'     (every surface) "*": ask (builtin)',
				`     (every surface) "*": ask (global ${g})`,
				`     bash "*": ask (global ${g})`,
				`   > bash "rm *": deny (global ${g})`,
				"",
			].join("\n"),
		);
		const trace = JSON.parse((await tree.run(["explain", "bash", "ls src && rm -rf x", "--json"])).stdout).trace;
		expect(
			trace.unitRules.map((entry: { unit: string; rules: { pattern: string; wins: boolean }[] }) => [
				entry.unit,
				entry.rules.find((rule) => rule.wins)?.pattern,
			]),
		).toEqual([
			["ls src", "ls *"],
			["rm -rf x", "rm *"],
		]);
		expect(trace.unitRulesOmitted).toBe(0);
	});

	it("names the yolo overlay", async () => {
		const run = await tree.run(["explain", "bash", "git push", "--json", "--yolo"]);
		expect(JSON.parse(run.stdout).trace.overlay).toEqual({ kind: "yolo" });
	});

	it("renders the trace as text with the suggestion", async () => {
		const run = await tree.run(["explain", "bash", "git push origin main"]);
		expect(run.stdout).toContain('Yes, allow bash "git push *" for this session');
		expect(run.stdout).toContain("gates");
		expect(run.stdout).toContain("bash units");
		expect(run.stdout).toContain(tree.globalFile);
		expect(run.code).toBe(2);
	});
});
