/** Corpus rows `authz.envelope`, `authz.chain`, `authz.registry` (facts copied from the reference cases). */
import type { AuthorizerVerdict } from "../../src/chain/authorizer";

export interface EnvelopeCase {
	readonly id: string;
	readonly linkVerdict: AuthorizerVerdict;
	/** The access-fact (gate) surface; `null` = undetermined. */
	readonly gateSurface: string | null;
	/** The surface and tool the display payload shows, when it differs from the gate. */
	readonly displaySurface?: string;
	readonly toolName: string | null;
	readonly cappedVerdict: AuthorizerVerdict;
}

export const ENVELOPE_CASES: readonly EnvelopeCase[] = [
	{
		id: "PP-288",
		linkVerdict: { verdict: "allow" },
		gateSurface: "external_directory",
		toolName: "write",
		cappedVerdict: { verdict: "defer" },
	},
	{
		id: "PP-289",
		linkVerdict: { verdict: "allow" },
		gateSurface: "path",
		toolName: "read",
		cappedVerdict: { verdict: "defer" },
	},
	{
		id: "PP-290",
		linkVerdict: { verdict: "allow" },
		gateSurface: null,
		toolName: "bash",
		cappedVerdict: { verdict: "defer" },
	},
	{
		id: "PP-291",
		linkVerdict: { verdict: "allow" },
		gateSurface: "bash",
		toolName: "bash",
		cappedVerdict: { verdict: "allow" },
	},
	{
		id: "PP-292",
		linkVerdict: { verdict: "allow" },
		gateSurface: "read",
		toolName: "read",
		cappedVerdict: { verdict: "allow" },
	},
	{
		id: "PP-293",
		linkVerdict: { verdict: "deny", reason: "wrong path" },
		gateSurface: "external_directory",
		toolName: "write",
		cappedVerdict: { verdict: "deny", reason: "wrong path" },
	},
	{
		id: "PP-294",
		linkVerdict: { verdict: "defer" },
		gateSurface: "path",
		toolName: "edit",
		cappedVerdict: { verdict: "defer" },
	},
	{
		id: "PP-295",
		linkVerdict: { verdict: "allow" },
		gateSurface: "external_directory",
		displaySurface: "bash",
		toolName: "bash",
		cappedVerdict: { verdict: "defer" },
	},
	// Our rows: the read-only exception, and a read-only tool does not open `path`.
	...["read", "grep", "find", "ls"].map((toolName) => ({
		id: `external-${toolName}`,
		linkVerdict: { verdict: "allow" } as const,
		gateSurface: "external_directory",
		toolName,
		cappedVerdict: { verdict: "allow" } as const,
	})),
	{
		id: "path-read",
		linkVerdict: { verdict: "allow" },
		gateSurface: "path",
		toolName: "grep",
		cappedVerdict: { verdict: "defer" },
	},
	{
		id: "external-no-tool",
		linkVerdict: { verdict: "allow" },
		gateSurface: "external_directory",
		toolName: null,
		cappedVerdict: { verdict: "defer" },
	},
];

export interface ChainCase {
	readonly id: string;
	readonly chainConfig: readonly string[];
	readonly registered: Readonly<Record<string, AuthorizerVerdict>>;
	readonly expected:
		| { readonly kind: "terminal" }
		| {
				readonly kind: "link";
				readonly decidedBy: string;
				readonly state: "approved" | "denied" | "denied_with_reason";
				readonly reason?: string;
		  };
	readonly unregisteredLogged?: readonly string[];
	readonly consulted: readonly string[];
}

export const CHAIN_CASES: readonly ChainCase[] = [
	{
		id: "PP-296",
		chainConfig: ["a", "b"],
		registered: { a: { verdict: "defer" }, b: { verdict: "deny", reason: null } },
		expected: { kind: "link", decidedBy: "b", state: "denied" },
		consulted: ["a", "b"],
	},
	{
		id: "PP-297",
		chainConfig: ["a", "b"],
		registered: { a: { verdict: "defer" }, b: { verdict: "defer" } },
		expected: { kind: "terminal" },
		consulted: ["a", "b"],
	},
	{
		id: "PP-298",
		chainConfig: ["missing"],
		registered: {},
		expected: { kind: "terminal" },
		unregisteredLogged: ["missing"],
		consulted: [],
	},
	{
		id: "PP-299",
		chainConfig: [],
		registered: { judge: { verdict: "allow" } },
		expected: { kind: "terminal" },
		consulted: [],
	},
	{
		id: "PP-300",
		chainConfig: ["judge"],
		registered: { judge: { verdict: "deny", reason: "wrong path" } },
		expected: { kind: "link", decidedBy: "judge", state: "denied_with_reason", reason: "wrong path" },
		consulted: ["judge"],
	},
	{
		id: "PP-301",
		chainConfig: ["judge"],
		registered: { judge: { verdict: "deny", reason: null } },
		expected: { kind: "link", decidedBy: "judge", state: "denied" },
		consulted: ["judge"],
	},
	{
		id: "config-order",
		chainConfig: ["second", "first"],
		registered: { first: { verdict: "deny", reason: "first" }, second: { verdict: "allow" } },
		expected: { kind: "link", decidedBy: "second", state: "approved" },
		consulted: ["second"],
	},
	{
		id: "skip-then-decide",
		chainConfig: ["gone", "judge"],
		registered: { judge: { verdict: "allow" } },
		expected: { kind: "link", decidedBy: "judge", state: "approved" },
		unregisteredLogged: ["gone"],
		consulted: ["judge"],
	},
];
