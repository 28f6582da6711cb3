import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BashParser, type FileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import type { SessionAuthority, TerminalDecision } from "@pi-permissions/authority";
import {
	ConfigLoader,
	createNodeConfigFileSystem,
	type DecisionFact,
	type RunVerdict,
	type ToolCall,
} from "@pi-permissions/engine";
import { composePolicy, POSIX_FLAVOR, SessionRuleStore } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliEngine } from "../../../../apps/cli/src/cli-engine";
import type { CliHost } from "../../../../apps/cli/src/cli-host";
import type { PolicySetup } from "../../../../apps/cli/src/config-options";
import redteam from "../../../../apps/cli/test/redteam/redteam.cases.json" with { type: "json" };
import { BASH_UNITS_ROWS, BASH_WRAPPER_ROWS } from "../../../access-intent/test/bash/bash-units.cases";
import { EXTDIR_CASES } from "../../../access-intent/test/bash/effects/path-candidates-extdir.cases";
import { EVASION_ROWS as UNIT_EVASION_ROWS } from "../../../access-intent/test/bash/evasion.cases";
import { BASH_DECISION_ROWS, CFG_A } from "../../../engine/test/bash/bash-command-check.cases";
import { ALLOWED_COMPOSITIONS, DENY_RM_POLICY, EVASION_ROWS } from "../../../engine/test/bash/bash-evasion.cases";
import { DAILY_ALLOWLIST, DAILY_COMMANDS, DENY_RM } from "../../../engine/test/bash/daily-commands.cases";
import { PROTECTED_ROWS } from "../../../engine/test/gates/protected-targets.cases";
import {
	MCP_DECISION_ROWS,
	TOOL_CONFIG,
	TOOL_DECISION_ROWS,
} from "../../../engine/test/pipeline/tool-call-pipeline.cases";
import { INCOMPLETE_ROWS, YOLO_POLICY } from "../../../engine/test/pipeline/yolo-floor.cases";
import { SessionExtensions } from "../../src/service/session-extensions";
import { SessionRunner } from "../../src/session/session-runner";

/** The terminal decision of a session nobody can answer for (what the CLI reports as `ask`). */
const NOBODY_TO_ASK: TerminalDecision = {
	verdict: "deny",
	reason: "nobody to ask",
	unavailable: true,
	decidedBy: { kind: "unavailable", reason: "nobody to ask" },
};

/**
 * ADR 0041: every corpus table the engine and CLI tests load (the reference rows, the evasion and daily-command tables,
 * the tool, MCP and yolo tables, the red-team groups) decided through the CLI's path (`CliEngine.decide`, config read
 * from a file) and through the adapter's (`SessionRunner`, the runner every Pi tool call goes through, over the same
 * file), with nobody to ask on either side: the verdicts and every decision fact's outcome and deciding rule agree,
 * and the report of the run (`reportOf`: what the CLI prints, what the adapter's policy examples are judged on) is
 * the same report.
 */

interface Case {
	readonly table: string;
	readonly id: string;
	readonly call: { readonly toolName: string; readonly input: unknown };
}

interface Group {
	readonly config: unknown;
	readonly yolo: boolean;
	readonly cases: Case[];
}

const bash = (command: string) => ({ toolName: "bash", input: { command } });

/** Rows grouped by the policy they are decided under, so each policy is loaded once per side. */
function corpus(): Group[] {
	const groups = new Map<string, Group>();
	const add = (config: unknown, yolo: boolean, entry: Case) => {
		const key = JSON.stringify([config, yolo]);
		const group = groups.get(key) ?? { config, yolo, cases: [] };
		group.cases.push(entry);
		groups.set(key, group);
	};
	for (const row of [...BASH_UNITS_ROWS, ...BASH_WRAPPER_ROWS, ...EXTDIR_CASES, ...UNIT_EVASION_ROWS])
		add(CFG_A, false, { table: "reference-units", id: row.id, call: bash(row.command) });
	for (const row of PROTECTED_ROWS)
		for (const toolName of ["write", "edit", "read"])
			add({ permission: { "*": "allow" } }, false, {
				table: "protected",
				id: row.id,
				call: { toolName, input: { path: row.path } },
			});
	for (const row of BASH_DECISION_ROWS)
		add(row.config, row.yolo === true, { table: "reference", id: row.id, call: bash(row.command) });
	for (const row of [...EVASION_ROWS, ...ALLOWED_COMPOSITIONS])
		add(DENY_RM_POLICY, false, { table: "evasion", id: row.id, call: bash(row.command) });
	for (const config of [DAILY_ALLOWLIST, DENY_RM])
		for (const command of DAILY_COMMANDS) add(config, false, { table: "daily", id: command, call: bash(command) });
	for (const row of TOOL_DECISION_ROWS)
		add(TOOL_CONFIG, false, { table: "tool", id: row.id, call: { toolName: row.tool, input: row.input } });
	for (const row of MCP_DECISION_ROWS)
		add(row.config, false, { table: "mcp", id: row.id, call: { toolName: "mcp", input: row.input } });
	for (const row of INCOMPLETE_ROWS) add(YOLO_POLICY, true, { table: "yolo", id: row.id, call: bash(row.command) });
	const place = (text: string) => text.replaceAll("@PROJ@", CWD).replaceAll("@ROOT@", "/projects");
	for (const group of redteam.groups as unknown as readonly RedteamGroup[])
		for (const row of group.cases)
			add(JSON.parse(place(JSON.stringify(group.global))), group.yolo, {
				table: `redteam/${group.name}`,
				id: row.id,
				call: { toolName: row.tool, input: JSON.parse(place(JSON.stringify(row.input))) },
			});
	return [...groups.values()];
}

interface RedteamGroup {
	readonly name: string;
	readonly global: unknown;
	readonly yolo: boolean;
	readonly cases: readonly { readonly id: string; readonly tool: string; readonly input: unknown }[];
}

/** What must agree: the verdict, and each fact's outcome and deciding rule (an unanswered ask's wording is each side's). */
function decisionOf(verdict: RunVerdict, facts: readonly DecisionFact[]) {
	return {
		verdict:
			verdict.kind === "allow"
				? { kind: "allow" }
				: { kind: "block", gate: verdict.gate, resolution: verdict.resolution },
		facts: facts.map((fact) => ({
			gate: fact.gate,
			surface: fact.surface,
			value: fact.value,
			result: fact.result,
			resolution: fact.resolution,
			matchedPattern: fact.matchedPattern,
			origin: fact.origin,
			reason: fact.resolution === "confirmation_unavailable" ? null : fact.reason,
		})),
	};
}

/** The corpus's machine (ADR-free constants of the reference cases): paths resolve lexically, nothing is read. */
const CWD = "/projects/app";
const HOME = "/home/u";
let root: string;
let parser: BashParser;
const fileSystem = createNodeConfigFileSystem();

beforeAll(async () => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pp-cli-adapter-")));
	parser = await BashParser.load();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the CLI and the adapter decide every corpus row alike (ADR 0041)", () => {
	it("agrees on every row of every table", async () => {
		const groups = corpus();
		const mismatches: unknown[] = [];
		const reportMismatches: unknown[] = [];
		for (const [index, group] of groups.entries()) {
			const file = join(root, `policy-${index}.json`);
			writeFileSync(file, JSON.stringify(group.config));
			const { cli, runners, facts } = await bothSides(file, group.yolo);
			for (const entry of group.cases) {
				const call: ToolCall = { ...entry.call, agentName: null, toolCallId: null };
				const viaCli = await cli.decide(call.toolName, call.input, null);
				facts.length = 0;
				const verdict = await runners.runnerForCall(call.toolName, () => [call.toolName], []).run(call);
				const adapter = decisionOf(verdict, facts);
				const expected = decisionOf(viaCli.verdict, viaCli.facts);
				if (JSON.stringify(adapter) !== JSON.stringify(expected))
					mismatches.push({ table: entry.table, id: entry.id, cli: expected, adapter });
				const example = await runners.decideExample(call);
				if (JSON.stringify(example) !== JSON.stringify(viaCli.report))
					reportMismatches.push({ table: entry.table, id: entry.id, cli: viaCli.report, adapter: example });
			}
		}
		expect(mismatches).toEqual([]);
		expect(reportMismatches).toEqual([]);
		const tables = new Set(groups.flatMap((group) => group.cases.map((entry) => entry.table.split("/")[0])));
		expect([...tables].sort()).toEqual(
			["daily", "evasion", "mcp", "protected", "redteam", "reference", "reference-units", "tool", "yolo"].sort(),
		);
		// A row costs a parse and the gates on each side; rows with tens of thousands of words (the yolo table) dominate:
		// several seconds on a busy machine, within the shared liveness bound (ADR 0047).
	});

	it("reports the yolo approval that let a call through, not the last gate, on both sides", async () => {
		// Under yolo the `external_directory` ask is an allow of origin `yolo`; the bash gate then allows by `bash *`.
		// The adapter's examples used to report that last gate, the CLI the yolo approval: without yolo it would ask.
		const file = join(root, "policy-yolo-report.json");
		writeFileSync(
			file,
			JSON.stringify({ permission: { "*": "ask", bash: { "*": "allow" }, external_directory: "ask" } }),
		);
		const { cli, runners } = await bothSides(file, true);
		const call: ToolCall = {
			toolName: "bash",
			input: { command: "cat /etc/hosts" },
			agentName: null,
			toolCallId: null,
		};
		const viaCli = (await cli.decide(call.toolName, call.input, null)).report;
		expect(viaCli).toMatchObject({
			action: "allow",
			gate: "bash-external-directory",
			surface: "external_directory",
			origin: "yolo",
			resolution: "auto_approved",
		});
		expect(await runners.decideExample(call)).toEqual(viaCli);
	});
});

/** The CLI's engine and the adapter's runners over the same policy file, nobody to ask on either side. */
async function bothSides(file: string, yolo: boolean) {
	const cwd = CWD;
	const home = HOME;
	const agentDir = join(home, ".pi", "agent");
	// No file system answers: both sides resolve paths lexically, and a row costs the parse and the gates only.
	const probe: FileSystemProbe = { realpath: () => null, lstat: () => null, readdir: () => null };
	const host = { configFileSystem: fileSystem, probe } as unknown as CliHost;
	const setup: PolicySetup = {
		cwd,
		home,
		agentDir,
		flavor: "posix",
		defaultAgent: null,
		yolo: yolo ? true : undefined,
		files: { global: file },
		mcpServers: [],
	};
	const cli = CliEngine.withParser(host, setup, parser);
	const load = await new ConfigLoader({ fileSystem, flavor: "posix" }).load({
		cwd,
		agentDir,
		agentName: null,
		isProjectTrusted: () => true,
		files: { global: file },
	});
	const policy = composePolicy({
		scopes: load.scopes,
		env: { home, flavor: POSIX_FLAVOR },
		...(yolo ? { yolo: true } : {}),
	});
	const facts: DecisionFact[] = [];
	let ids = 0;
	const runners = new SessionRunner({
		policies: { policyFor: () => policy },
		store: new SessionRuleStore(),
		parser: { current: parser },
		normalizer: PathNormalizer.create({ cwd, home, flavor: POSIX_FLAVOR, probe }),
		extensions: new SessionExtensions(),
		// No UI and no parent: nobody to ask, as in the CLI.
		authority: {
			isSubagent: false,
			escalate: async () => NOBODY_TO_ASK,
		} as unknown as SessionAuthority,
		sink: { emit: (fact) => facts.push(fact) },
		ids: { next: () => `adapter-${++ids}` },
		sessionId: null,
		agentDir,
	});
	return { cli, runners, facts };
}
