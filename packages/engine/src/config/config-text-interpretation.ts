/**
 * Owns: turning one file's text into a scope result: parse (JSONC or agent frontmatter), key-order check, schema
 * validation, each issue placed at its line and column, and for an invalid file the denies it still holds.
 * Never: touches the disk or caches; `scope-file-reader.ts` reads and `config-loader.ts` caches.
 */
import { type ConfigIssue, type PermissionConfig, salvageConfig, validateConfig } from "@pi-permissions/policy";
import { readAgentFrontmatter } from "./agent-frontmatter";
import { type ConfigLoadIssue, type ConfigLoadIssueKind, type IssueScope, loadIssue } from "./config-load-issue";
import { parseJsoncDocument, recoverPlainValue } from "./jsonc-document";
import { keyOrderIssues } from "./key-order-check";
import { type ParsedDocument, type SyntaxProblem, toPlainValue } from "./ordered-value";
import { positionFinder } from "./source-position";

/** What one scope's file says, before trust and caching are considered. */
export type InterpretedScope =
	| { readonly status: "valid"; readonly config: PermissionConfig; readonly issues: readonly ConfigLoadIssue[] }
	| {
			readonly status: "invalid";
			readonly issues: readonly ConfigLoadIssue[];
			/** The denies the broken file still holds (ADR 0021); absent when none can be read. */
			readonly salvaged?: PermissionConfig;
	  }
	/** An agent file whose frontmatter has no `permission:` key. */
	| { readonly status: "absent" };

/** Which reader a file needs. */
export type ConfigFileFormat = "config-json" | "agent-markdown";

export interface FileIdentity {
	readonly scope: IssueScope;
	readonly file: string;
}

/** Interprets a file's full text (already decoded, without a byte-order mark) in the given format. */
export function interpretConfigText(text: string, format: ConfigFileFormat, at: FileIdentity): InterpretedScope {
	switch (format) {
		case "config-json": {
			const parsed = parseJsoncDocument(text);
			const scope = parsed.ok ? interpretDocument(text, parsed.value, at) : syntaxInvalid(text, parsed.error, at);
			// SECURITY: ADR 0022: a typo, a duplicate key or trailing garbage must not cost the file its denies.
			return scope.status === "invalid" ? withSalvage(scope, recoverPlainValue(text)) : scope;
		}
		case "agent-markdown": {
			const read = readAgentFrontmatter(text);
			switch (read.kind) {
				case "no-permission":
					return { status: "absent" };
				case "malformed":
					return syntaxInvalid(text, read.problems, at);
				case "permission": {
					const scope = interpretDocument(text, read.document, at);
					return scope.status === "invalid" ? withSalvage(scope, toPlainValue(read.document.value)) : scope;
				}
				default: {
					const unhandled: never = read;
					throw new Error(`unhandled frontmatter read ${String(unhandled)}`);
				}
			}
		}
		default: {
			const unhandled: never = format;
			throw new Error(`unhandled config format ${String(unhandled)}`);
		}
	}
}

function interpretDocument(text: string, document: ParsedDocument, at: FileIdentity): InterpretedScope {
	const positionAt = positionFinder(text);
	const place = (kind: ConfigLoadIssueKind, issue: ConfigIssue): ConfigLoadIssue => {
		const offset = document.locate(issue.keyPath);
		return loadIssue(kind, at.scope, at.file, issue, offset === null ? null : positionAt(offset));
	};
	const ordering = keyOrderIssues(document.value).map((issue) => place("key-order", issue));
	const validated = validateConfig(toPlainValue(document.value));
	if (!validated.ok) {
		const schema = validated.error.map((issue) => place("schema", issue));
		return { status: "invalid", issues: [...schema, ...ordering] };
	}
	const warnings = validated.value.warnings.map((issue) => place("schema", issue));
	const issues = [...ordering, ...warnings];
	if (ordering.some((issue) => issue.severity === "error")) return { status: "invalid", issues };
	return { status: "valid", config: validated.value.config, issues };
}

function withSalvage(scope: InterpretedScope & { status: "invalid" }, raw: unknown): InterpretedScope {
	if (raw === undefined) return scope;
	const salvaged = salvageConfig(raw);
	return salvaged.permission === undefined ? scope : { ...scope, salvaged };
}

function syntaxInvalid(text: string, problems: readonly SyntaxProblem[], at: FileIdentity): InterpretedScope {
	const positionAt = positionFinder(text);
	return {
		status: "invalid",
		issues: problems.map((problem) =>
			loadIssue(
				"syntax",
				at.scope,
				at.file,
				{ keyPath: [], message: problem.message, hint: problem.hint, severity: "error" },
				positionAt(problem.offset),
			),
		),
	};
}
