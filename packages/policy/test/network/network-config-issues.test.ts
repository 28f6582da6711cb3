import { describe, expect, it } from "vitest";
import { validateConfig } from "../../src/config/config-validation";

describe("network config checks", () => {
	it("accepts host patterns under network", () => {
		const result = validateConfig({
			permission: { network: { "*": "ask", "github.com": "allow", "localhost:*": "allow", "evil.example": "deny" } },
		});
		expect(result.ok).toBe(true);
		if (result.ok) expect(result.value.warnings).toEqual([]);
	});

	it("refuses a URL written as a network pattern: a deny on it would deny nothing", () => {
		const result = validateConfig({ permission: { network: { "https://evil.example": "deny" } } });
		expect(result.ok).toBe(false);
		if (!result.ok) {
			const issue = result.error.find((entry) => entry.keyPath.join(".") === "permission.network.https://evil.example");
			expect(issue?.severity).toBe("error");
			expect(issue?.hint).toContain("not a URL");
		}
	});

	it("warns that sandbox.network.allowedDomains is deprecated, and still accepts it", () => {
		const result = validateConfig({ sandbox: { network: { allowedDomains: ["github.com"] } } });
		expect(result.ok).toBe(true);
		if (result.ok) {
			expect(result.value.warnings.map((issue) => issue.keyPath.join("."))).toEqual(["sandbox.network.allowedDomains"]);
			expect(result.value.warnings[0]?.message).toContain("deprecated");
		}
	});
});
