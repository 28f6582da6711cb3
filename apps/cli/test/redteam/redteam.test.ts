/**
 * The red-team corpus through `pi-permissions eval`: every security row is asked or denied, every precision row
 * passes, each group under its own policy, in a real tree laid out as the corpus describes. The turn-3 rows of the
 * protected-region classes (`redteam-regions.cases.json`) put Pi's agent dir at `@ROOT@/agent`; the option and
 * configuration classes' rows are in `redteam-options.cases.json`, the environment classes' in
 * `redteam-environment.cases.json`, later bypasses' in `redteam-bypasses.cases.json`; all run in the same tree as the
 * first round's.
 * Rows still open are listed in `redteam-open.ts` with their issue and run as expected failures, so a fix that
 * lands flips them loudly and the list can only shrink.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigTree, jsonLines } from "../support/cli-harness";
import corpus from "./redteam.cases.json" with { type: "json" };
import bypasses from "./redteam-bypasses.cases.json" with { type: "json" };
import environment from "./redteam-environment.cases.json" with { type: "json" };
import { OPEN_ROWS } from "./redteam-open";
import options from "./redteam-options.cases.json" with { type: "json" };
import regions from "./redteam-regions.cases.json" with { type: "json" };

type Expect = "not-allow" | "deny" | "allow" | "not-deny";

interface Row {
	readonly id: string;
	readonly tool: string;
	readonly input: Record<string, unknown>;
	readonly expect: Expect;
	readonly kind: "security" | "precision";
	readonly note?: string;
}

interface Group {
	readonly name: string;
	readonly global: unknown;
	readonly yolo: boolean;
	readonly cases: readonly Row[];
	/** Pi's agent dir, `@ROOT@/agent`; the home's `.pi/agent` when absent. */
	readonly agentDir?: string;
}

/** `limits-*` rows are documented limits of judging text (measured, not required of the gate). */
const GROUPS: readonly Group[] = [
	...(corpus.groups as unknown as Group[]).filter((group) => !group.name.startsWith("limits-")),
	...(regions.groups as unknown as Group[]).map((group) => ({
		...group,
		name: `${group.name} (turn 3)`,
		agentDir: regions.agentDir,
	})),
	// Issue 39's option and configuration classes (turn 3).
	...(options.groups as unknown as Group[]).map((group) => ({ ...group, name: `${group.name} (turn 3, options)` })),
	// Issue 39's environment classes (turn 3).
	...(environment.groups as unknown as Group[]).map((group) => ({
		...group,
		name: `${group.name} (turn 3, environment)`,
	})),
	// Sed abbreviations, git pathspecs, the system's code and configuration (ADR 0064).
	...(bypasses.groups as unknown as Group[]),
];

const MEETS: Record<Expect, (action: unknown) => boolean> = {
	"not-allow": (action) => action === "ask" || action === "deny",
	deny: (action) => action === "deny",
	allow: (action) => action === "allow",
	"not-deny": (action) => action === "allow" || action === "ask",
};

/** The corpus tree: `@PROJ@` holds `.env`, `src/a.ts`, `notes.txt`, `link-to-env -> .env`; HOME is `@ROOT@/home`. */
function layCorpusTree(tree: ConfigTree): void {
	mkdirSync(join(tree.project, "src"), { recursive: true });
	mkdirSync(join(tree.project, ".git", "hooks"), { recursive: true });
	writeFileSync(join(tree.project, ".git", "config"), "[core]\n");
	writeFileSync(join(tree.project, ".env"), "SECRET=tok9d2e\n");
	writeFileSync(join(tree.project, "src", "a.ts"), "export const a = 1;\n");
	writeFileSync(join(tree.project, "notes.txt"), "notes\n");
	symlinkSync(".env", join(tree.project, "link-to-env"));
	mkdirSync(join(tree.home, ".ssh"), { recursive: true });
	writeFileSync(join(tree.home, ".ssh", "id_rsa"), "PRIV51c0\n");
	mkdirSync(join(tree.root, "other"), { recursive: true });
	writeFileSync(join(tree.root, "other", "file.txt"), "other\n");
	mkdirSync(join(tree.root, "tmp"), { recursive: true });
}

function placed(value: unknown, tree: ConfigTree): unknown {
	return JSON.parse(JSON.stringify(value).replaceAll("@PROJ@", tree.project).replaceAll("@ROOT@", tree.root));
}

for (const group of GROUPS) {
	describe(`red team ${group.name}${group.yolo ? " (yolo)" : ""}`, () => {
		const tree = new ConfigTree();
		let answers = new Map<string, Record<string, unknown>>();
		beforeAll(async () => {
			layCorpusTree(tree);
			const agentDir = group.agentDir === undefined ? null : String(placed(group.agentDir, tree));
			if (agentDir === null) tree.writeGlobal(group.global);
			else tree.write(join(agentDir, "extensions", "pi-permissions", "config.json"), group.global);
			const stdin = group.cases.map(
				(row) => `${JSON.stringify({ id: row.id, tool: row.tool, input: placed(row.input, tree) })}\n`,
			);
			const run = await tree.run(["eval", ...(group.yolo ? ["--yolo"] : [])], {
				stdin,
				env: { HOME: tree.home, ...(agentDir === null ? {} : { PI_CODING_AGENT_DIR: agentDir }) },
			});
			answers = new Map(jsonLines(run.stdout).map((answer) => [String(answer.id), answer]));
		});
		afterAll(() => tree.remove());

		for (const row of group.cases) {
			const open = OPEN_ROWS.get(row.id);
			const title = `${row.id} (${row.kind}) is ${row.expect}${open ? ` [open: issue ${open}]` : ""}`;
			const check = () => {
				const answer = answers.get(row.id);
				expect(answer, `no answer for ${row.id}`).toBeDefined();
				expect(MEETS[row.expect](answer?.action), `${row.id} got ${String(answer?.action)}`).toBe(true);
			};
			if (open) it.fails(title, check);
			else it(title, check);
		}
	});
}
