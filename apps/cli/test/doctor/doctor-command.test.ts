import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCTOR_BATTERY } from "../../src/doctor/doctor-battery";
import { recommendedPolicyText } from "../../src/recommended-policy";
import { ConfigTree, jsonLines } from "../support/cli-harness";

interface ShapeJson {
	readonly call: { readonly tool: string; readonly input: Record<string, string> };
	readonly action: string;
	readonly plain: { readonly action: string };
	readonly evades: boolean;
	readonly allowedBy: readonly { file: string | null; line: number | null; surface: string; pattern: string }[];
}
interface ClassJson {
	readonly id: string;
	readonly outcome: string;
	readonly shapes: readonly ShapeJson[];
}
interface DoctorJson {
	readonly version: number;
	readonly valid: boolean;
	readonly passes: readonly string[];
	readonly classes: readonly ClassJson[];
}

const WEAK = { permission: { bash: { "*": "allow", "rm -rf *": "deny" } } };
const RECOMMENDED: unknown = JSON.parse(recommendedPolicyText(null));
const STRICTNESS: Readonly<Record<string, number>> = { allow: 0, ask: 1, deny: 2 };
const strictness = (action: string): number => STRICTNESS[action] ?? Number.NaN;

/** Every shape of the battery decided by `eval` under the same policy: the doctor must agree with it. */
async function evalActions(tree: ConfigTree, args: readonly string[]): Promise<Map<string, string>> {
	const shapes = DOCTOR_BATTERY.flatMap((row) => row.shapes.flatMap((shape) => [shape.call, shape.plain]));
	const lines = shapes.map((call, index) => JSON.stringify({ id: String(index), tool: call.tool, input: call.input }));
	const run = await tree.run(["eval", ...args], { stdin: lines.map((line) => `${line}\n`) });
	const actions = new Map<string, string>();
	for (const record of jsonLines(run.stdout)) {
		const call = shapes[Number(record.id)];
		if (call !== undefined) actions.set(JSON.stringify(call), String(record.action));
	}
	return actions;
}

describe("pi-permissions doctor", () => {
	const tree = new ConfigTree();
	const weakFile = join(tree.root, "weak.json");
	const recommendedFile = join(tree.root, "recommended.json");
	const allowAllFile = join(tree.root, "allow-all.json");
	const none = ["--project", join(tree.root, "absent.json")];
	let recommended: DoctorJson;
	let weak: DoctorJson;
	let weakCode: number;
	beforeAll(async () => {
		tree.write(weakFile, WEAK);
		tree.write(recommendedFile, RECOMMENDED);
		tree.write(allowAllFile, { permission: { "*": "allow" } });
		recommended = JSON.parse((await tree.run(["doctor", "--json", "--global", recommendedFile, ...none])).stdout);
		const run = await tree.run(["doctor", "--json", "--global", weakFile, ...none]);
		weak = JSON.parse(run.stdout);
		weakCode = run.code;
	});
	afterAll(() => tree.remove());

	it("finds no class passing on the recommended policy and exits 0", async () => {
		expect(recommended.passes).toEqual([]);
		expect(recommended.valid).toBe(true);
		const run = await tree.run(["doctor", "--global", recommendedFile, ...none]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("no class passes");
	});

	it.each(DOCTOR_BATTERY.map((row) => [row.id]))("allows no shape of %s under the recommended policy", (id) => {
		const found = recommended.classes.find((row) => row.id === id);
		expect(found?.shapes.length).toBeGreaterThan(0);
		for (const shape of found?.shapes ?? []) {
			expect(shape.action, JSON.stringify(shape.call)).not.toBe("allow");
		}
	});

	it("names the classes that pass on a policy that allows every command but `rm -rf`, and exits 1", async () => {
		expect(weakCode).toBe(1);
		// These pass whatever the engine spells canonically: the policy denies none of their effects.
		for (const id of ["respelled-flags", "runners", "secret-files", "exfiltration", "remote-execution"])
			expect(weak.passes).toContain(id);
		// Inline code and the engine's own protected files still ask: no line of this policy allows them.
		const outcome = (id: string) => weak.classes.find((row) => row.id === id)?.outcome;
		expect(outcome("interpreters")).toBe("asked");
		expect(outcome("protected-files")).toBe("asked");
		const text = (await tree.run(["doctor", "--global", weakFile, ...none])).stdout;
		expect(text).toMatch(/^PASSES {2}respelled flags$/m);
		// The written file puts `"*": "allow"` on line 4.
		expect(text).toContain(`change: ${weakFile}:4  "bash" "*": "allow"`);
		expect(text).toMatch(/classes PASS: respelled flags, runners/);
	});

	it("says which rule allowed each passing shape, with its line", async () => {
		const file = tree.write(
			join(tree.root, "lines.json"),
			`{\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"ssh *": "allow"\n\t\t}\n\t}\n}\n`,
		);
		const run = await tree.run(["doctor", "--json", "--global", file, ...none]);
		const document = JSON.parse(run.stdout) as DoctorJson;
		expect(document.passes).toEqual(["remote-execution"]);
		const shape = document.classes
			.find((row) => row.id === "remote-execution")
			?.shapes.find((s) => s.action === "allow");
		expect(shape?.allowedBy).toEqual([{ origin: "global", file, line: 5, surface: "bash", pattern: "ssh *" }]);
		expect(shape?.evades).toBe(true);
	});

	it.each([
		["the recommended policy", recommendedFile],
		["a policy that allows every command but `rm -rf`", weakFile],
		["a policy that allows everything", allowAllFile],
	])("agrees with `eval` on every shape under %s: a class passes exactly when a shape is allowed", async (_, file) => {
		const args = ["--global", file, ...none];
		const document = JSON.parse((await tree.run(["doctor", "--json", ...args])).stdout) as DoctorJson;
		const actions = await evalActions(tree, args);
		for (const row of document.classes) {
			for (const shape of row.shapes) {
				expect(shape.action, JSON.stringify(shape.call)).toBe(actions.get(JSON.stringify(shape.call)));
				expect(shape.evades).toBe(strictness(shape.action) < strictness(shape.plain.action));
			}
			const passes = row.shapes.some((shape) => shape.action === "allow");
			const caught = row.shapes.every((shape) => shape.action === "deny");
			expect(row.outcome).toBe(passes ? "passes" : caught ? "caught" : "asked");
			expect(document.passes.includes(row.id)).toBe(passes);
		}
	});

	it("keeps the engine's protected files asked even when the policy allows everything", async () => {
		const document = JSON.parse(
			(await tree.run(["doctor", "--json", "--global", allowAllFile, ...none])).stdout,
		) as DoctorJson;
		expect(document.classes.find((row) => row.id === "protected-files")?.outcome).toBe("asked");
	});

	it("decides in a throwaway fixture: a symlink in the project does not change a verdict", async () => {
		const before = JSON.parse((await tree.run(["doctor", "--json", "--global", weakFile, ...none])).stdout);
		tree.write(join(tree.home, ".ssh", "id_rsa"), "key");
		writeFileSync(join(tree.project, "notes.txt"), "x");
		symlinkSync(join(tree.home, ".ssh", "id_rsa"), join(tree.project, ".env"));
		const after = JSON.parse((await tree.run(["doctor", "--json", "--global", weakFile, ...none])).stdout);
		expect(after).toEqual(before);
	});

	it("exits 1 and reports the config when a scope does not load", async () => {
		const broken = tree.write(join(tree.root, "broken.json"), "{ not json");
		const run = await tree.run(["doctor", "--json", "--global", recommendedFile, "--project", broken]);
		expect(run.code).toBe(1);
		expect(JSON.parse(run.stdout).valid).toBe(false);
	});
});
