/**
 * Owns: the vocabulary of `permission` keys (surfaces and Pi's built-in tool names) and the judgement of one key:
 * known, a near miss of a known surface (an error: "did you mean `path`?"), or unknown (a warning, silenced by
 * naming the tool in `knownTools`). To add a built-in tool, add a row to `BUILTIN_TOOL_NAMES` and its test row.
 * Never: decides what a rule does; it only checks that a key names something the gates evaluate.
 */
import { UNIVERSAL_SURFACE } from "../rule";
import {
	BASH_SURFACE,
	EXTERNAL_DIRECTORY_SURFACE,
	MCP_SURFACE,
	NETWORK_SURFACE,
	PATH_SURFACE,
	SKILL_SURFACE,
} from "../surface";
import { hasWildcard } from "../wildcard";

/** Surfaces that are not tool names: the universal default and the cross-cutting gates. */
export const SURFACE_NAMES: readonly string[] = [
	UNIVERSAL_SURFACE,
	BASH_SURFACE,
	MCP_SURFACE,
	SKILL_SURFACE,
	PATH_SURFACE,
	EXTERNAL_DIRECTORY_SURFACE,
	NETWORK_SURFACE,
];

/** Pi's built-in tools and the permission system's own tool names, each a surface of its own. */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
	"read",
	"write",
	"edit",
	"bash",
	"grep",
	"find",
	"ls",
	"mcp",
	"skill",
	"list_mcp_resources",
	"list_mcp_resource_templates",
	"read_mcp_resource",
];

const KNOWN: ReadonlySet<string> = new Set([...SURFACE_NAMES, ...BUILTIN_TOOL_NAMES]);
const COMPARED: readonly string[] = [...KNOWN].filter((name) => name !== "*");

type SurfaceKeyJudgement =
	| { readonly kind: "known" }
	/** Differs from a known surface only in case, or by a few edits: almost surely a typo that would match nothing. */
	| { readonly kind: "near-miss"; readonly suggestion: string }
	/** Neither a known surface nor a declared tool: maybe an extension tool not yet listed in `knownTools`. */
	| { readonly kind: "unknown" };

/**
 * Judges one key under `permission`. `declaredTools` are the names the file declares as tools (`knownTools`, the
 * `shellTools` keys); a declared name is always known. Wildcard keys (`mcp__*`) and native MCP tool names are known.
 */
export function judgeSurfaceKey(key: string, declaredTools: ReadonlySet<string>): SurfaceKeyJudgement {
	if (KNOWN.has(key) || declaredTools.has(key) || hasWildcard(key) || key.startsWith("mcp__")) return { kind: "known" };
	const suggestion = nearMiss(key);
	return suggestion === undefined ? { kind: "unknown" } : { kind: "near-miss", suggestion };
}

/** Keys longer than this are never compared, which keeps the check linear in the input. */
const MAX_COMPARED_LENGTH = 64;

/**
 * The known surface `key` is a typo of: the same name in another case, or within the edit budget of its length (a
 * transposition counts as one edit): none for names of up to 3 characters (`ls`, `mcp`), one up to 7 (`path`,
 * `bash`, `write`), two beyond (`external_directory`). Short names get a small budget so that real tool names such
 * as `lsp` or `head` are not taken for typos of `ls` or `read`.
 */
export function nearMiss(key: string): string | undefined {
	if (key.length > MAX_COMPARED_LENGTH) return undefined;
	const lower = key.toLowerCase();
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const known of COMPARED) {
		const budget = known.length <= 3 ? 0 : known.length <= 7 ? 1 : 2;
		const distance = lower === known ? 0 : editDistance(lower, known);
		if (distance <= budget && distance < bestDistance) {
			best = known;
			bestDistance = distance;
		}
	}
	return best;
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions); inputs are bounded. */
function editDistance(a: string, b: string): number {
	if (Math.abs(a.length - b.length) > 2) return 3;
	const rows: number[][] = [];
	for (let i = 0; i <= a.length; i++) {
		const row = [i];
		for (let j = 1; j <= b.length; j++) {
			if (i === 0) {
				row.push(j);
				continue;
			}
			const above = rows[i - 1] as number[];
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				best = Math.min(best, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
			}
			row.push(best);
		}
		rows.push(row);
	}
	return (rows[a.length] as number[])[b.length] ?? 0;
}
