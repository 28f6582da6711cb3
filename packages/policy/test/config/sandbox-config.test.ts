import { describe, expect, it } from "vitest";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import { validateConfig } from "../../src/config/config-validation";
import { layerSandboxConfig, SANDBOX_DEFAULTS, type SandboxMode } from "../../src/config/sandbox-config";
import { POSIX_FLAVOR } from "../../src/path-flavor";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };

function compose(...configs: ReadonlyArray<Record<string, unknown>>) {
	const names = ["global", "project", "agent", "project-agent"] as const;
	const scopes: ScopeOutcome[] = configs.map((raw, index) => {
		const result = validateConfig(raw);
		if (!result.ok) throw new Error(JSON.stringify(result.error));
		return { scope: names[index] ?? "global", status: "valid", config: result.value.config };
	});
	return composePolicy({ scopes, env: ENV });
}

describe("the sandbox config block", () => {
	it("is off by default", () => {
		expect(compose({}).sandbox).toEqual({ mode: "off", allowedDomains: [], userBash: false });
	});

	it("accepts mode, network.allowedDomains and userBash", () => {
		const sandbox = compose({
			sandbox: { mode: "required", network: { allowedDomains: ["example.com"] }, userBash: true },
		}).sandbox;
		expect(sandbox).toEqual({ mode: "required", allowedDomains: ["example.com"], userBash: true });
	});

	it.each([
		[{ sandbox: { mode: "on" } }, ["sandbox", "mode"]],
		[{ sandbox: { mode: "auto", extra: 1 } }, ["sandbox", "extra"]],
		[{ sandbox: { network: { allowedDomains: [""] } } }, ["sandbox", "network", "allowedDomains", 0]],
	])("rejects %j", (raw, keyPath) => {
		const result = validateConfig(raw);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.map((issue) => issue.keyPath)).toContainEqual(keyPath);
	});

	const rows: ReadonlyArray<readonly [SandboxMode, SandboxMode, SandboxMode]> = [
		["off", "auto", "auto"],
		["auto", "off", "auto"],
		["required", "off", "required"],
		["required", "auto", "required"],
		["auto", "required", "required"],
	];
	it.each(rows)(
		"a %s global and a %s project make %s: a later scope never lowers the mode",
		(global, project, mode) => {
			expect(compose({ sandbox: { mode: global } }, { sandbox: { mode: project } }).sandbox.mode).toBe(mode);
		},
	);

	it("takes the domain list from the highest scope that sets one", () => {
		const sandbox = compose(
			{ sandbox: { mode: "auto", network: { allowedDomains: ["a.example"] } } },
			{ sandbox: { userBash: true } },
		).sandbox;
		expect(sandbox).toEqual({ mode: "auto", allowedDomains: ["a.example"], userBash: true });
		expect(layerSandboxConfig(SANDBOX_DEFAULTS, { network: { allowedDomains: ["b.example"] } }).allowedDomains).toEqual(
			["b.example"],
		);
	});
});
