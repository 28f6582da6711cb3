import { describe, expect, it } from "vitest";
import { interpretConfigText } from "../../src/config/config-text-interpretation";

const AT = { scope: "project", file: "/p/.pi/extensions/pi-permissions/config.json" } as const;

describe("interpretConfigText", () => {
	it("returns the validated config of a valid file", () => {
		expect(interpretConfigText('{"permission": {"bash": {"git *": "allow"}}}', "config-json", AT)).toEqual({
			status: "valid",
			config: { permission: { bash: { "git *": "allow" } } },
			issues: [],
		});
	});

	it("places schema errors at the line and column of their key", () => {
		const text = '{\n  "permission": {\n    "bash": {\n      "git push": "alow"\n    }\n  }\n}\n';
		const result = interpretConfigText(text, "config-json", AT);
		expect(result).toEqual({
			status: "invalid",
			issues: [
				expect.objectContaining({
					kind: "schema",
					scope: "project",
					file: AT.file,
					keyPath: ["permission", "bash", "git push"],
					line: 4,
					column: 7,
					message: "`alow` is not an action",
				}),
			],
		});
	});

	it("makes a key-order error invalidate an otherwise valid file", () => {
		const result = interpretConfigText('{"permission": {"read": {"*": "allow", "0": "deny"}}}', "config-json", AT);
		expect(result).toMatchObject({ status: "invalid", issues: [{ kind: "key-order", severity: "error" }] });
	});

	it("keeps a valid file valid with a key-order warning", () => {
		const result = interpretConfigText('{"permission": {"read": {"*": "deny", "0": "deny"}}}', "config-json", AT);
		expect(result).toMatchObject({ status: "valid", issues: [{ kind: "key-order", severity: "warning" }] });
	});

	it("validates an agent's permission block as `{ permission: … }`, with lines counted from the file's top", () => {
		const text = "---\nname: coder\ndescription: writes code\npermission:\n  bash: sometimes\n---\nBody.\n";
		const result = interpretConfigText(text, "agent-markdown", { scope: "agent", file: "/a/agents/coder.md" });
		expect(result).toEqual({
			status: "invalid",
			issues: [expect.objectContaining({ kind: "schema", keyPath: ["permission", "bash"], line: 5, column: 3 })],
		});
	});

	it("reads an agent file without a permission block as absent", () => {
		expect(interpretConfigText("---\nname: coder\n---\n", "agent-markdown", { scope: "agent", file: "/a.md" })).toEqual(
			{
				status: "absent",
			},
		);
	});
});
