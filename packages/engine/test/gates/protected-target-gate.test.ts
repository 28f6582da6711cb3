import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AskAnswer, AskRequest } from "../../src/pipeline/ask-escalator";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, call, createEngine, type EngineOptions, realProbe } from "../support/engine-fixture";

const WRITE_ALLOW = {
	permission: {
		"*": "allow",
		write: "allow",
		edit: "allow",
		bash: {
			"*": "ask",
			"echo *": "allow",
			"cat *": "allow",
			"mkdir *": "allow",
			"sed -n *": "allow",
			"npm run *": "allow",
			"git log *": "allow",
		},
	},
};
const CONFIG = ".pi/extensions/pi-permissions/config.json";

function gateOf(options: EngineOptions, toolCall: ReturnType<typeof call>) {
	const decision = createEngine(options).pipeline.decide(toolCall);
	return { decision, protectedOutcome: decision.outcomes.find((outcome) => outcome.gate === "protected-target") };
}

const SELF_ESCALATIONS: readonly [string, string][] = [
	["redirect into the project config", `echo '{"permission":{"*":"allow"}}' > ${CONFIG}`],
	["heredoc into a project extension", "cat > .pi/extensions/evil.ts <<'EOF'\nexport default () => {}\nEOF"],
	["Pi settings", `echo '{"shellCommandPrefix":"x"}' > .pi/settings.json`],
	["a directory made under .pi", "mkdir -p .pi/extensions/x"],
	["npm logs dir under .pi", "npm run build --logs-dir=.pi/extensions/pi-permissions"],
	["append to .git/config", "echo '[core] fsmonitor = x' >> .git/config"],
	["heredoc append to .git/config", "cat >> .git/config <<EOF\n[core]\nEOF"],
	["git log --output over .git/config", "git log --format=x --output=.git/config"],
	["a git hook", "echo 'rm -rf ~' > .git/hooks/pre-commit"],
	["sed w into a hook", "sed -n 'w .git/hooks/pre-push' notes.txt"],
	["bashrc", "echo x >> ~/.bashrc"],
	["authorized_keys", "echo key >> ~/.ssh/authorized_keys"],
	["a computed file name", 'echo x > "$TARGET"'],
	["cd into .pi then write", "cd .pi; echo x > settings.json"],
	["through a link the command makes", "ln -s .git/hooks h; echo x > h/pre-commit"],
	["onto a link the command makes", "ln -s ~/.bashrc l; echo x >> l"],
	["onto a link the command makes in a directory", "ln -s ~/.bashrc /tmp/; echo x >> /tmp/.bashrc"],
	["through a link ln -n replaces", "ln -sfn .git/hooks /tmp; echo x > /tmp/pre-commit"],
	["a copy into the hooks directory", "cp evil .git/hooks/"],
	["a move onto .git", "mv evil-git .git"],
	["a recursive delete of .git", "rm -rf .git"],
	["chmod of a hook", "chmod +x .git/hooks/pre-commit"],
	["git config", "git config core.fsmonitor 'touch x'"],
	["tee into the global config", "echo x | tee ~/.pi/agent/extensions/pi-permissions/config.json"],
	["an agent definition", "echo x > .pi/agents/scout.md"],
	// ADR 0048: regions by owner.
	["Pi's models.json", `echo '{"providers":{}}' > ~/.pi/agent/models.json`],
	["Pi's mcp.json", `echo '{"mcpServers":{}}' > ~/.pi/agent/mcp.json`],
	["Pi's auth.json", "echo '{}' > ~/.pi/agent/auth.json"],
	["a forwarded answer", "echo '{}' | tee ~/.pi/agent/sessions/permission-forwarding/sessions/p/responses/perm-1.json"],
	[".git/commondir", "echo ../x > .git/commondir"],
	[".git/info/attributes", "echo '* diff=x' >> .git/info/attributes"],
	["a copy of .git", "cp -r .git x"],
	["a repository made by the same command", "mkdir -p x/objects x/refs && echo '[core]' > x/config"],
	["a .git file pointing elsewhere", "echo 'gitdir: ../x' > sub/.git"],
	["~/.bash_aliases", "echo 'touch MARK' >> ~/.bash_aliases"],
	["~/.npmrc", "echo 'node-options=--import=x' >> ~/.npmrc"],
	["a user-site .pth", "echo 'import os' > ~/.local/lib/python3.11/site-packages/zz.pth"],
	["~/.gdbinit", "echo 'shell rm notes.txt' > ~/.gdbinit"],
	["an unnamed home dot-file", "echo x > ~/.sometoolrc"],
	[".envrc", "echo 'rm -rf ~' > .envrc"],
	[".vscode/tasks.json", "echo '{}' > .vscode/tasks.json"],
	["a tree delete of the home", "rm -rf ~"],
];

describe("protectedTargetGate", () => {
	it.each(SELF_ESCALATIONS)("asks for bash writing %s although every rule allows it", (_name, command) => {
		const { decision, protectedOutcome } = gateOf({ config: WRITE_ALLOW }, bashCall(command));
		expect(protectedOutcome).toMatchObject({ state: "ask", basis: "protected", suggestion: null });
		expect(protectedOutcome?.payload?.evidence[0]?.label).toBe("protected");
		expect(decision.combined.state).toBe("ask");
	});

	it.each(SELF_ESCALATIONS)("marks the ask for bash writing %s as one only a person may answer", (_name, command) => {
		const { decision } = gateOf({ config: WRITE_ALLOW }, bashCall(command));
		for (const outcome of decision.outcomes) {
			const expected = outcome.gate === "protected-target" ? "person" : "any-authorizer";
			if (outcome.payload !== null) expect(outcome.payload.answerableBy).toBe(expected);
		}
	});

	it.each(["write", "edit"])("asks for the %s tool on the permission config under a write allow", (tool) => {
		const { protectedOutcome } = gateOf({ config: WRITE_ALLOW }, call(tool, { path: CONFIG, content: "{}" }));
		expect(protectedOutcome).toMatchObject({ state: "ask", reason: "writes the permission config" });
	});

	it("asks under yolo too", () => {
		const { decision, protectedOutcome } = gateOf({ config: WRITE_ALLOW, yolo: true }, call("write", { path: CONFIG }));
		expect(decision.yolo).toBe(true);
		expect(protectedOutcome?.state).toBe("ask");
	});

	it("asks over a session grant of the write tool", () => {
		const engine = createEngine({ config: { permission: { "*": "ask" } } });
		engine.store.add({ surface: "write", pattern: "*" });
		engine.store.add({ surface: "bash", pattern: "echo *" });
		const decision = engine.pipeline.decide(bashCall("echo x > .git/hooks/pre-commit"));
		expect(decision.outcomes.find((o) => o.gate === "protected-target")?.state).toBe("ask");
		expect(engine.pipeline.decide(call("write", { path: ".git/config" })).combined.state).toBe("ask");
	});

	it("keeps a deny a deny", () => {
		const config = { permission: { "*": "allow", write: { "*": "allow", ".git/*": "deny" } } };
		expect(gateOf({ config }, call("write", { path: ".git/config" })).decision.combined.state).toBe("deny");
		expect(gateOf({ config }, bashCall("echo x > .git/config")).decision.combined.state).toBe("deny");
	});

	it.each([
		["read", { path: CONFIG }],
		["grep", { pattern: "x", path: ".pi" }],
		["ls", { path: ".git/hooks" }],
	])("leaves the read-only %s tool alone", (tool, input) => {
		expect(gateOf({ config: WRITE_ALLOW }, call(tool, input)).protectedOutcome).toBeUndefined();
	});

	it.each(["chgrp -R staff .", "chmod -R u+w ."])(
		"leaves a recursive mode change of the project (`%s`) alone",
		(command) => {
			expect(gateOf({ config: WRITE_ALLOW }, bashCall(command)).protectedOutcome).toBeUndefined();
		},
	);

	it.each([
		"cat .pi/extensions/pi-permissions/config.json",
		"sed -n 1p .git/config",
		"echo x > src/a.ts",
		"echo x > /dev/null",
		"echo x >> ~/.bash_history",
		"echo x > ~/.cache/tool/state",
		"cat ~/.pi/agent/models.json",
		"echo '{}' > package.json",
	])("leaves `%s` alone (a read, or an ordinary write)", (command) => {
		const { decision, protectedOutcome } = gateOf({ config: WRITE_ALLOW }, bashCall(command));
		expect(protectedOutcome).toBeUndefined();
		expect(decision.combined.state).toBe("allow");
	});

	it.each([
		"git add -A",
		"git commit -m x",
		"git checkout -b feature",
		"git stash",
		"git init sub",
		"cp -r src backup",
	])("raises no protected ask for `%s`: git's own writes are no write targets of the agent", (command) => {
		expect(gateOf({ config: WRITE_ALLOW }, bashCall(command)).protectedOutcome).toBeUndefined();
	});

	it.each(["ln -s /opt/subl/bin/subl bin/", "ln -s /opt/subl/bin/subl bin/ && echo x > bin/other"])(
		"leaves `%s` alone: `ln -s x dir/` makes `dir/x`, and `dir` itself is no link the command makes",
		(command) => {
			expect(gateOf({ config: WRITE_ALLOW }, bashCall(command)).protectedOutcome).toBeUndefined();
		},
	);

	it("protects what `protectedPaths` adds", () => {
		const config = { ...WRITE_ALLOW, protectedPaths: ["deploy/*"] };
		expect(gateOf({ config }, bashCall("echo x > deploy/prod.yaml")).protectedOutcome?.reason).toContain(
			"protectedPaths",
		);
	});
});

describe("protectedTargetGate through a symlink (real tree)", () => {
	const root = mkdtempSync(join(tmpdir(), "protected-"));
	afterAll(() => rmSync(root, { recursive: true, force: true }));
	const project = join(root, "project");
	mkdirSync(join(project, ".git", "hooks"), { recursive: true });
	writeFileSync(join(project, ".git", "config"), "[core]\n");
	symlinkSync(".git/hooks", join(project, "innocent"));
	symlinkSync(".git/config", join(project, "settings.ini"));

	it.each([
		["a symlinked directory into the hooks", "echo x > innocent/pre-commit", "git hook"],
		["a symlink to .git/config", "echo x >> settings.ini", "git config"],
	])("matches the canonical form of %s", (_name, command, why) => {
		const options = { config: WRITE_ALLOW, cwd: project, home: join(root, "home"), probe: realProbe() };
		expect(gateOf(options, bashCall(command)).protectedOutcome?.reason).toContain(why);
	});
});

describe("protectedTargetGate on a repository made step by step (real tree)", () => {
	const root = mkdtempSync(join(tmpdir(), "protected-"));
	afterAll(() => rmSync(root, { recursive: true, force: true }));
	const project = join(root, "project");
	mkdirSync(join(project, "x", "objects"), { recursive: true });
	const options = { config: WRITE_ALLOW, cwd: project, home: join(root, "home"), probe: realProbe() };

	it("asks for the write tool's step that makes the repository, and for its config once it is one", () => {
		// `x/objects/.keep` came first (no repository yet); `x/refs/.keep` makes one.
		expect(gateOf(options, call("write", { path: "x/refs/.keep", content: "" })).protectedOutcome?.state).toBe("ask");
		mkdirSync(join(project, "x", "refs"));
		const config = gateOf(options, call("write", { path: "x/config", content: "[core]" })).protectedOutcome;
		expect(config?.reason).toContain("git config");
		expect(gateOf(options, call("write", { path: "y/config", content: "" })).protectedOutcome).toBeUndefined();
	});

	it("asks for a bash write into it", () => {
		expect(gateOf(options, bashCall("printf '[core]' >> x/config")).protectedOutcome?.state).toBe("ask");
	});
});

describe("GateRunner with a protected target", () => {
	function runner(options: EngineOptions, answers: AskAnswer[]) {
		const engine = createEngine(options);
		const asks: AskRequest[] = [];
		let n = 0;
		const gateRunner = new GateRunner({
			pipeline: engine.pipeline,
			escalator: {
				escalate: async (ask) => {
					asks.push(ask);
					return answers.shift() ?? { kind: "unavailable", reason: "no UI", decidedBy: "unavailable" };
				},
			},
			sink: { emit: () => undefined },
			ids: { next: () => `r${++n}` },
			sessionRules: engine.store,
		});
		return { engine, gateRunner, asks };
	}

	it("is put to the escalator under yolo, and without a UI it is denied with the reason", async () => {
		const { gateRunner, asks } = runner({ config: WRITE_ALLOW, yolo: true }, []);
		const verdict = await gateRunner.run(bashCall(`echo '{}' > ${CONFIG}`));
		expect(asks.map((ask) => ask.outcome.gate)).toEqual(["protected-target"]);
		expect(verdict).toMatchObject({ kind: "block", resolution: "confirmation_unavailable" });
		if (verdict.kind === "block") {
			expect(verdict.reason).toContain("writes the permission config");
			expect(verdict.reason).not.toContain("echo");
		}
	});

	it("records no session grant when the human answers for the session", async () => {
		const { engine, gateRunner, asks } = runner({ config: WRITE_ALLOW }, [
			{ kind: "allow-session", decidedBy: "user" },
		]);
		expect((await gateRunner.run(call("write", { path: CONFIG }))).kind).toBe("allow");
		expect(engine.store.rules()).toEqual([]);
		await gateRunner.run(call("write", { path: CONFIG }));
		expect(asks).toHaveLength(2);
	});
});
