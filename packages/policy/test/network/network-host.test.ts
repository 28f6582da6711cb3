import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../../src/compiled-policy";
import { canonicalHost, networkHostOf, networkMatchValues, networkPatternIssue } from "../../src/network/network-host";
import { POSIX_FLAVOR } from "../../src/path-flavor";
import type { Rule } from "../../src/rule";
import { suggestSessionApproval } from "../../src/session/session-suggestion";

describe("canonicalHost", () => {
	it.each([
		["GitHub.com", "github.com"],
		["example.com.", "example.com"],
		["[::1]", "::1"],
		[" localhost ", "localhost"],
	])("%s is %s", (host, expected) => {
		expect(canonicalHost(host)).toBe(expected);
	});
});

describe("networkMatchValues", () => {
	it.each([
		["github.com", 443, ["github.com", "github.com:443"]],
		["localhost", 8080, ["localhost", "localhost:8080"]],
		["::1", 3000, ["::1", "[::1]:3000"]],
		["Example.COM", null, ["example.com"]],
	] as const)("%s port %s", (host, port, expected) => {
		expect(networkMatchValues(host, port)).toEqual(expected);
	});
});

describe("networkPatternIssue", () => {
	it.each([
		"github.com",
		"*.githubusercontent.com",
		"registry.npmjs.org",
		"localhost:*",
		"*",
		"example.com:8443",
		"[::1]:*",
	])("%s names hosts", (pattern) => {
		expect(networkPatternIssue(pattern)).toBeNull();
	});
	it.each([
		["https://example.com", "not a URL"],
		["example.com/api", "no path"],
		["Example.com", "lower case"],
		["example.com:https", "a port"],
		["a b", "no spaces"],
	])("%s is refused (%s)", (pattern, words) => {
		expect(networkPatternIssue(pattern)).toContain(words);
	});
});

describe("host patterns on the network surface", () => {
	const rules: Rule[] = [
		{ surface: "network", pattern: "*", action: "ask", origin: "global" },
		{ surface: "network", pattern: "github.com", action: "allow", origin: "global" },
		{ surface: "network", pattern: "*.githubusercontent.com", action: "allow", origin: "global" },
		{ surface: "network", pattern: "registry.npmjs.org", action: "allow", origin: "global" },
		{ surface: "network", pattern: "localhost:*", action: "allow", origin: "global" },
		{ surface: "network", pattern: "evil.example", action: "deny", origin: "global" },
	];
	const policy = CompiledPolicy.compile(rules, { home: "/home/u", flavor: POSIX_FLAVOR });
	it.each([
		["github.com", 443, "allow"],
		["raw.githubusercontent.com", 443, "allow"],
		["githubusercontent.com", 443, "ask"],
		["registry.npmjs.org", 443, "allow"],
		["localhost", 8080, "allow"],
		["localhost", null, "ask"],
		["evil.example", 443, "deny"],
		["EVIL.example.", 80, "deny"],
		["example.com", 443, "ask"],
	] as const)("%s:%s is %s", (host, port, state) => {
		expect(policy.evaluateAliases("network", networkMatchValues(host, port)).state).toBe(state);
	});
});

describe("the session grant of a network ask", () => {
	it.each([
		["example.invalid:443", "example.invalid"],
		["[::1]:3000", "::1"],
		["localhost", "localhost"],
	])("%s is approved as the host %s on every port", (value, host) => {
		expect(networkHostOf(value)).toBe(host);
		expect(suggestSessionApproval("network", value, { flavor: POSIX_FLAVOR })).toMatchObject({
			kind: "network",
			surface: "network",
			patterns: [host],
			label: `Yes, allow network host "${host}" for this session`,
		});
	});

	it.each(["*", "curl: the URL is computed when the command runs", "*.example.com:443"])(
		"%s offers no session grant (never every host, never a computed one)",
		(value) => {
			expect(suggestSessionApproval("network", value, { flavor: POSIX_FLAVOR })).toBeNull();
		},
	);
});
