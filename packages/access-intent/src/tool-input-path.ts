/**
 * Owns: the path values one tool call names: built-in inputs (spelled as Pi's tools read them, `builtin-tool-path.ts`),
 * MCP `arguments.path`, a shell alias's workdir, and what registered extractors declare for other tools.
 * Never: resolves or judges paths (the caller builds `AccessPath`s) and never swallows an extractor's throw.
 */
import type { PathFlavor } from "@pi-permissions/policy";
import { builtinToolPath } from "./path/builtin-tool-path";
import type { ToolKind } from "./tool-kind";

/**
 * Declares the file-system paths a tool call accesses. May throw; a throw is the caller's gate error (the call is
 * blocked), never "no paths".
 */
export type ToolAccessExtractor = (toolName: string, input: unknown) => readonly string[];

export type ToolAccessExtractors = ReadonlyMap<string, ToolAccessExtractor>;

function field(input: unknown, key: string): unknown {
	if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
	return Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;
}

function pathField(input: unknown, key: string): string[] {
	const value = field(input, key);
	return typeof value === "string" && value !== "" ? [value] : [];
}

/** The paths of a call, in input order and de-duplicated; `[]` when the call names none (e.g. `grep` without `path`). */
export function extractToolInputPaths(
	kind: ToolKind,
	input: unknown,
	extractors: ToolAccessExtractors,
	flavor: PathFlavor,
): readonly string[] {
	switch (kind.kind) {
		case "path-builtin": {
			// read/write/edit require `path`; grep/find/ls take an optional one (absent: the cwd, which is no path).
			// SECURITY: judged as the tool opens it: `@secrets/key.pem` and `file:///…/%2eenv` are the files they name.
			const paths = pathField(input, "path").map((raw) => builtinToolPath(raw, flavor));
			// SECURITY: `grep`'s `glob` names the files it reads under its path: `{glob: ".env"}` reads `./.env`.
			if (kind.toolName !== "grep") return paths;
			const glob = pathField(input, "glob")[0];
			if (glob === undefined) return paths;
			const base = paths[0] ?? ".";
			const separator = flavor.name === "win32" ? "\\" : "/";
			return [
				...paths,
				base.endsWith(separator) || base.endsWith("/") ? `${base}${glob}` : `${base}${separator}${glob}`,
			];
		}
		case "bash":
			return kind.workdirArgument === null ? [] : pathField(input, kind.workdirArgument);
		case "skill":
			return [];
		case "mcp": {
			const conventional =
				kind.form === "proxy" ? pathField(field(input, "arguments"), "path") : pathField(input, "path");
			return withExtractor(kind.toolName, input, conventional, extractors);
		}
		case "extension":
			return withExtractor(kind.toolName, input, pathField(input, "path"), extractors);
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled tool kind ${String(unhandled)}`);
		}
	}
}

/** The conventional `path` plus what a registered extractor declares (a union: declaring never hides the convention). */
function withExtractor(
	toolName: string,
	input: unknown,
	conventional: readonly string[],
	extractors: ToolAccessExtractors,
): readonly string[] {
	const extractor = extractors.get(toolName);
	if (extractor === undefined) return conventional;
	const declared: unknown = extractor(toolName, input);
	if (!Array.isArray(declared) || declared.some((value) => typeof value !== "string")) {
		// SECURITY: a malformed declaration fails the call closed instead of reading as "no paths".
		throw new Error(`access extractor for \`${toolName}\` returned something other than a list of paths`);
	}
	return [...new Set([...conventional, ...(declared as string[]).filter((value) => value !== "")])];
}
