/**
 * Owns: adding and forgetting persisted grants in one config file: under a lock file with a bounded wait, re-read
 * the file, place the grant by the law (`placeGrant`), edit the text, check that it reads back as exactly the
 * placed config, and replace the file atomically.
 * Never: writes through a symbolic link, over a file that does not load cleanly, or anything the re-read does not
 * confirm; every failure is a value and leaves the file as it was.
 */
import {
	configWithGrant,
	err,
	type GrantConflict,
	type GrantRequest,
	ok,
	type PermissionConfig,
	type PolicyEnvironment,
	placeGrant,
	type Result,
	type ScopeName,
	type ScopeOutcome,
} from "@pi-permissions/policy";
import type { ConfigLoadIssue } from "../config/config-load-issue";
import { interpretConfigText } from "../config/config-text-interpretation";
import type { GrantFileSystem } from "./grant-file-system";
import { type GrantSource, grantNote, insertGrantText, newConfigText, removeGrantText } from "./grant-text-edit";
import { listPersistedGrants, type PersistedGrant } from "./persisted-grant-list";

/** The scopes a person can grant into: the files Pi's dialog names. */
export type GrantScope = Extract<ScopeName, "global" | "project">;

export type GrantWriteError =
	| { readonly kind: "conflict"; readonly file: string; readonly conflict: GrantConflict }
	| { readonly kind: "symlink"; readonly file: string; readonly target: string }
	| { readonly kind: "not-a-file"; readonly file: string }
	| { readonly kind: "invalid-file"; readonly file: string; readonly issues: readonly ConfigLoadIssue[] }
	| { readonly kind: "locked"; readonly file: string; readonly waitedMs: number }
	| { readonly kind: "unknown-grant"; readonly file: string; readonly id: string }
	| { readonly kind: "io"; readonly file: string; readonly message: string };

interface AddGrantRequest {
	readonly file: string;
	readonly scope: GrantScope;
	readonly grant: GrantRequest;
	/** The asked values the grant must allow once written (empty: the pattern's literal form). */
	readonly values: readonly string[];
	/** Every other scope's outcome as the session composes them; the target's is re-read under the lock. */
	readonly otherScopes: readonly ScopeOutcome[];
	readonly env: PolicyEnvironment;
	/** `YYYY-MM-DD`, from the composition root's clock. */
	readonly date: string;
	readonly source: GrantSource;
}

type AddGrantOutcome =
	| { readonly kind: "written"; readonly grant: PersistedGrant; readonly created: boolean }
	/** The file already allows exactly this pattern. */
	| { readonly kind: "present" };

export interface GrantWriterOptions {
	/** How long to wait for another session's lock before giving up. */
	readonly lockWaitMs?: number;
	/** A lock older than this is taken to be left by a crashed process and removed. */
	readonly staleLockMs?: number;
}

const LOCK_RETRY_MS = 15;
const DEFAULT_LOCK_WAIT_MS = 5_000;
const DEFAULT_STALE_LOCK_MS = 30_000;
/** Owner-only, as the loader and Pi expect of a config it created. */
const NEW_FILE_MODE = 0o600;

export class PersistedGrantWriter {
	private readonly lockWaitMs: number;
	private readonly staleLockMs: number;

	constructor(
		private readonly fs: GrantFileSystem,
		options: GrantWriterOptions = {},
	) {
		this.lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
		this.staleLockMs = options.staleLockMs ?? DEFAULT_STALE_LOCK_MS;
	}

	add(request: AddGrantRequest): Promise<Result<AddGrantOutcome, GrantWriteError>> {
		return this.locked<AddGrantOutcome>(request.file, async () => {
			const current = await this.readTarget(request.file, request.scope);
			if (!current.ok) return current;
			const { text, mode, config } = current.value;
			const target: ScopeOutcome =
				text === null ? { scope: request.scope, status: "absent" } : { scope: request.scope, status: "valid", config };
			const placed = placeGrant({
				scopes: [...request.otherScopes.filter((s) => s.scope !== request.scope), target],
				target: request.scope,
				grant: request.grant,
				values: request.values,
				env: request.env,
			});
			if (!placed.ok) return err({ kind: "conflict", file: request.file, conflict: placed.error });
			if (placed.value.kind === "present") return ok({ kind: "present" } as const);
			const note = grantNote(request.date, request.source);
			const edited =
				text === null ? newConfigText(request.grant, note) : insertGrantText(text, request.grant, placed.value, note);
			const expected = configWithGrant(config, request.grant, placed.value);
			const confirmed = this.confirm(request.file, request.scope, edited, expected);
			if (!confirmed.ok) return confirmed;
			const written = await this.replace(request.file, edited, mode);
			if (!written.ok) return written;
			const grant = listPersistedGrants(edited, request.scope, request.file).find(
				(g) => g.surface === request.grant.surface && g.pattern === request.grant.pattern,
			);
			if (grant === undefined) return err({ kind: "io", file: request.file, message: "the grant's marker is missing" });
			return ok({ kind: "written", grant, created: text === null } as const);
		});
	}

	/** Removes the persisted grant `id` from `file`; returns the grant removed. */
	forget(file: string, scope: GrantScope, id: string): Promise<Result<PersistedGrant, GrantWriteError>> {
		return this.locked(file, async () => {
			const current = await this.readTarget(file, scope);
			if (!current.ok) return current;
			const { text, mode, config } = current.value;
			const grant = text === null ? undefined : listPersistedGrants(text, scope, file).find((g) => g.id === id);
			if (text === null || grant === undefined) return err({ kind: "unknown-grant", file, id });
			const edited = removeGrantText(text, { surface: grant.surface, pattern: grant.pattern });
			const expected = withoutPattern(config, grant);
			const confirmed = this.confirm(file, scope, edited, expected);
			if (!confirmed.ok) return confirmed;
			const written = await this.replace(file, edited, mode);
			return written.ok ? ok(grant) : written;
		});
	}

	private async readTarget(
		file: string,
		scope: GrantScope,
	): Promise<Result<{ text: string | null; mode: number; config: PermissionConfig }, GrantWriteError>> {
		try {
			const state = await this.fs.inspect(file);
			switch (state.kind) {
				case "missing":
					return ok({ text: null, mode: NEW_FILE_MODE, config: {} });
				case "symlink":
					// SECURITY: a linked config could point anywhere; writing through it is never done silently.
					return err({ kind: "symlink", file, target: state.target });
				case "other":
					return err({ kind: "not-a-file", file });
				case "file": {
					const text = await this.fs.readText(file);
					const read = interpretConfigText(stripBom(text), "config-json", { scope, file });
					if (read.status !== "valid") {
						return err({ kind: "invalid-file", file, issues: read.status === "invalid" ? read.issues : [] });
					}
					return ok({ text, mode: state.mode, config: read.config });
				}
				default: {
					const unhandled: never = state;
					throw new Error(`unhandled grant file state ${String(unhandled)}`);
				}
			}
		} catch (error) {
			return err(ioError(file, error));
		}
	}

	/** SECURITY: the edited text must read back as exactly the placed config, or nothing is written. */
	private confirm(
		file: string,
		scope: GrantScope,
		edited: string,
		expected: PermissionConfig,
	): Result<void, GrantWriteError> {
		const read = interpretConfigText(stripBom(edited), "config-json", { scope, file });
		if (read.status !== "valid") {
			return err({ kind: "invalid-file", file, issues: read.status === "invalid" ? read.issues : [] });
		}
		if (JSON.stringify(read.config.permission ?? {}) !== JSON.stringify(expected.permission ?? {})) {
			return err({ kind: "io", file, message: "the edited file would not read as intended; nothing was written" });
		}
		return ok(undefined);
	}

	private async replace(file: string, text: string, mode: number): Promise<Result<void, GrantWriteError>> {
		try {
			await this.fs.replaceAtomically(file, text, mode);
			return ok(undefined);
		} catch (error) {
			return err(ioError(file, error));
		}
	}

	/** Runs `work` holding `<file>.lock`; waits at most `lockWaitMs` for it. */
	private async locked<T>(
		file: string,
		work: () => Promise<Result<T, GrantWriteError>>,
	): Promise<Result<T, GrantWriteError>> {
		const lockPath = `${file}.lock`;
		let waited = 0;
		try {
			await this.fs.ensureParent(file);
			while (!(await this.fs.tryLock(lockPath))) {
				const age = await this.fs.lockAgeMs(lockPath);
				if (age !== null && age > this.staleLockMs) {
					await this.fs.unlock(lockPath);
					continue;
				}
				if (waited >= this.lockWaitMs) return err({ kind: "locked", file, waitedMs: waited });
				await this.fs.pause(LOCK_RETRY_MS);
				waited += LOCK_RETRY_MS;
			}
		} catch (error) {
			return err(ioError(file, error));
		}
		try {
			return await work();
		} finally {
			await this.fs.unlock(lockPath).catch(() => undefined);
		}
	}
}

function withoutPattern(config: PermissionConfig, grant: PersistedGrant): PermissionConfig {
	const surface = config.permission?.[grant.surface];
	if (surface === undefined || typeof surface === "string") return config;
	const { [grant.pattern]: _removed, ...rest } = surface;
	return { ...config, permission: { ...config.permission, [grant.surface]: rest } };
}

function stripBom(text: string): string {
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function ioError(file: string, error: unknown): GrantWriteError {
	return { kind: "io", file, message: error instanceof Error ? error.message : String(error) };
}
