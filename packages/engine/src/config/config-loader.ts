/**
 * Owns: `ConfigLoader`, which loads the four scopes (global, project, agent, project-agent) from disk into the
 * outcomes `composePolicy` takes, with project trust, every issue and notice, a cache keyed by mtime and size, the
 * broken file's salvaged denies, and (for a long-lived loader) a file's last valid content while it is broken.
 * Never: composes rules or reads `process.env`; a present file that cannot be used is `invalid`, never `absent`.
 */
import type { PathFlavorName, PermissionConfig, ScopeName, ScopeOutcome } from "@pi-permissions/policy";
import type { ConfigFileSystem } from "./config-file-system";
import { type ConfigLoadIssue, type ConfigLoadNotice, loadIssue, quoteInput as quote } from "./config-load-issue";
import { agentsDirectory, type ConfigLocations, configLocations, isSafeAgentName } from "./config-locations";
import type { ConfigFileFormat } from "./config-text-interpretation";
import { type LastValid, lastValidFallback } from "./last-valid-content";
import {
	type Admission,
	type CachedInterpretation,
	DEFAULT_MAX_CONFIG_BYTES,
	DEFAULT_REREAD_DELAYS_MS,
	readScopeFile,
	type ScopeFileResult,
} from "./scope-file-reader";

export interface ConfigLoaderOptions {
	readonly fileSystem: ConfigFileSystem;
	/** Decides how paths are joined; chosen once at the composition root. */
	readonly flavor: PathFlavorName;
	/** Files larger than this are invalid without being read. Defaults to `DEFAULT_MAX_CONFIG_BYTES` (5 MiB). */
	readonly maxFileBytes?: number;
	/**
	 * Waits before each re-read of a file caught while it is written; the length bounds the re-reads. Defaults to
	 * `DEFAULT_REREAD_DELAYS_MS` (3 re-reads within 100 ms).
	 */
	readonly rereadDelaysMs?: readonly number[];
}

export interface ConfigLoadRequest {
	readonly cwd: string;
	readonly agentDir: string;
	/** The active agent, or `null` when the session runs no named agent (both agent scopes are then absent). */
	readonly agentName: string | null;
	/**
	 * Whether the project at `cwd` is trusted. Asked at most once per load, and only when a project file exists.
	 * Must not throw; if it does, every present project scope is invalid (fail closed).
	 */
	readonly isProjectTrusted: () => boolean;
	/**
	 * Files that replace the standard global and project locations (the CLI's `--global` and `--project`). An
	 * explicit project file still passes `isProjectTrusted` (the CLI answers `true`: its invocation is the trust).
	 */
	readonly files?: { readonly global?: string; readonly project?: string };
}

/** What happened to one scope. `skipped`: a project file exists but the project is not trusted. */
export type ScopeStatus = "valid" | "invalid" | "absent" | "skipped";

export interface ScopeReport {
	readonly scope: ScopeName;
	/** Where the scope was looked for; `null` when it has no file (no active agent). */
	readonly file: string | null;
	readonly status: ScopeStatus;
}

export interface ConfigLoadResult {
	/** The four scopes in precedence order, ready for `composePolicy`; a skipped scope is `absent` here. */
	readonly scopes: readonly ScopeOutcome[];
	/** The same four scopes as the operator should see them, with `skipped` kept distinct. */
	readonly reports: readonly ScopeReport[];
	/** Every error and warning of every scope, each naming its file. */
	readonly issues: readonly ConfigLoadIssue[];
	readonly notices: readonly ConfigLoadNotice[];
}

const SCOPE_ORDER: readonly ScopeName[] = ["global", "project", "agent", "project-agent"];

/** Files kept in the cache at most; agents come and go, the oldest entry is dropped first. */
const CACHE_LIMIT = 64;

export class ConfigLoader {
	private readonly fileSystem: ConfigFileSystem;
	private readonly flavor: PathFlavorName;
	private readonly maxFileBytes: number;
	private readonly rereadDelaysMs: readonly number[];
	private readonly cache = new Map<string, CachedInterpretation>();
	/** Per scope and file: the content this loader last read as valid (ADR 0021). */
	private readonly lastValid = new Map<string, LastValid>();

	constructor(options: ConfigLoaderOptions) {
		this.fileSystem = options.fileSystem;
		this.flavor = options.flavor;
		this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_CONFIG_BYTES;
		this.rereadDelaysMs = options.rereadDelaysMs ?? DEFAULT_REREAD_DELAYS_MS;
	}

	/**
	 * Loads every scope. Never rejects for a file problem: each becomes an `invalid` scope with issues. It rejects
	 * only if an injected collaborator breaks its contract in a way the loader cannot absorb (a bug).
	 */
	async load(request: ConfigLoadRequest): Promise<ConfigLoadResult> {
		const standard = configLocations({ ...request, flavor: this.flavor });
		const files: ConfigLocations = {
			...standard,
			global: request.files?.global ?? standard.global,
			project: request.files?.project ?? standard.project,
		};
		const trust = onceTrust(request.isProjectTrusted);
		const results = await Promise.all(SCOPE_ORDER.map((scope) => this.loadScope(scope, files[scope], request, trust)));
		const scopes: ScopeOutcome[] = [];
		const reports: ScopeReport[] = [];
		const issues: ConfigLoadIssue[] = [];
		const notices: ConfigLoadNotice[] = [];
		SCOPE_ORDER.forEach((scope, index) => {
			const { file, result, notice } = results[index] as {
				file: string | null;
				result: ScopeFileResult;
				notice?: ConfigLoadNotice;
			};
			reports.push({ scope, file, status: result.status });
			if (notice !== undefined) notices.push(notice);
			switch (result.status) {
				case "valid":
					scopes.push(validOutcome(scope, result.config, file));
					issues.push(...result.issues);
					break;
				case "invalid":
					scopes.push({
						scope,
						status: "invalid",
						issues: result.issues,
						...(file === null ? {} : { source: file }),
						...("salvaged" in result && result.salvaged !== undefined ? { salvaged: result.salvaged } : {}),
					});
					issues.push(...result.issues);
					break;
				case "absent":
					scopes.push({ scope, status: "absent" });
					break;
				case "skipped":
					scopes.push({ scope, status: "absent" });
					if (file !== null && (scope === "project" || scope === "project-agent")) {
						notices.push({
							kind: "project-untrusted",
							scope,
							file,
							message: `${scope} scope skipped: the project is not trusted, so its permission rules are not loaded`,
						});
					}
					break;
				default: {
					const unhandled: never = result;
					throw new Error(`unhandled scope result ${String(unhandled)}`);
				}
			}
		});
		return { scopes, reports, issues: withoutDeclaredToolWarnings(issues, scopes), notices };
	}

	private async loadScope(
		scope: ScopeName,
		file: string | null,
		request: ConfigLoadRequest,
		trust: () => TrustAnswer,
	): Promise<{ file: string | null; result: ScopeFileResult; notice?: ConfigLoadNotice }> {
		const isAgentScope = scope === "agent" || scope === "project-agent";
		if (isAgentScope && request.agentName !== null && !isSafeAgentName(request.agentName)) {
			const place = agentsDirectory(scope, { ...request, flavor: this.flavor });
			// SECURITY: a name such as `../../x` never becomes a path; both agent scopes fail closed instead.
			const issue = loadIssue(
				"agent-name",
				scope,
				place,
				{
					keyPath: [],
					message: `the active agent name ${quote(request.agentName)} cannot name a file`,
					hint: "name agents with letters, digits, `-`, `_` or `.`, without `/`, `\\` or `:`",
					severity: "error",
				},
				null,
			);
			return { file: place, result: { status: "invalid", issues: [issue] } };
		}
		if (file === null) return { file, result: { status: "absent" } };
		const lastKey = `${scope}\u0000${file}`;
		const last = this.lastValid.get(lastKey);
		const isProjectScope = scope === "project" || scope === "project-agent";
		const format: ConfigFileFormat = isAgentScope ? "agent-markdown" : "config-json";
		const result = await readScopeFile({
			fileSystem: this.fileSystem,
			scope,
			file,
			format,
			maxBytes: this.maxFileBytes,
			cache: { get: (key) => this.cache.get(key), set: (key, entry) => this.remember(key, entry) },
			admit: () => (isProjectScope ? admitProject(trust()) : READ),
			rereadDelaysMs: this.rereadDelaysMs,
			expectPresent: last !== undefined,
		});
		if (result.status === "valid") {
			this.lastValid.delete(lastKey);
			if (this.lastValid.size >= CACHE_LIMIT) {
				const oldest = this.lastValid.keys().next();
				if (oldest.done !== true) this.lastValid.delete(oldest.value);
			}
			this.lastValid.set(lastKey, { config: result.config });
			return { file, result };
		}
		if (result.status !== "invalid") this.lastValid.delete(lastKey);
		if (result.status === "invalid" && last !== undefined) {
			// SECURITY: ADR 0022: a broken save keeps the last valid content plus the denies the broken one adds.
			const fallback = lastValidFallback(last, result, { scope, file });
			if (fallback !== null) return { file, result: fallback.scope, notice: fallback.notice };
		}
		return { file, result };
	}

	private remember(key: string, entry: CachedInterpretation): void {
		this.cache.delete(key);
		if (this.cache.size >= CACHE_LIMIT) {
			const oldest = this.cache.keys().next();
			if (oldest.done !== true) this.cache.delete(oldest.value);
		}
		this.cache.set(key, entry);
	}
}

/**
 * Drops the unknown-surface warning (`permission.<key>`) for a key that another loaded scope declares as a tool
 * (`knownTools`, `shellTools`): an agent's frontmatter cannot declare tools itself, the global file can for it.
 */
function withoutDeclaredToolWarnings(
	issues: readonly ConfigLoadIssue[],
	scopes: readonly ScopeOutcome[],
): ConfigLoadIssue[] {
	const declared = new Set<string>();
	for (const outcome of scopes) {
		if (outcome.status !== "valid") continue;
		for (const name of outcome.config.knownTools ?? []) declared.add(name);
		for (const name of Object.keys(outcome.config.shellTools ?? {})) declared.add(name);
	}
	if (declared.size === 0) return [...issues];
	return issues.filter(
		(issue) =>
			!(
				issue.severity === "warning" &&
				issue.kind === "schema" &&
				issue.keyPath.length === 2 &&
				issue.keyPath[0] === "permission" &&
				declared.has(String(issue.keyPath[1]))
			),
	);
}

type TrustAnswer = "trusted" | "untrusted" | "unknown";

const READ: Admission = { kind: "read" };

function onceTrust(isProjectTrusted: () => boolean): () => TrustAnswer {
	let answer: TrustAnswer | undefined;
	return () => {
		if (answer === undefined) {
			try {
				answer = isProjectTrusted() === true ? "trusted" : "untrusted";
			} catch {
				answer = "unknown";
			}
		}
		return answer;
	};
}

function admitProject(answer: TrustAnswer): Admission {
	switch (answer) {
		case "trusted":
			return READ;
		case "untrusted":
			return { kind: "skip" };
		case "unknown":
			return {
				kind: "refuse",
				issueKind: "project-trust",
				issue: {
					keyPath: [],
					message: "could not tell whether the project is trusted, so its rules are not used",
					hint: "trust or distrust the project in Pi, then reload",
					severity: "error",
				},
			};
		default: {
			const unhandled: never = answer;
			throw new Error(`unhandled trust answer ${String(unhandled)}`);
		}
	}
}

function validOutcome(scope: ScopeName, config: PermissionConfig, file: string | null): ScopeOutcome {
	return file === null ? { scope, status: "valid", config } : { scope, status: "valid", config, source: file };
}
