/**
 * Owns: the request file a child writes to its parent's inbox, and the tolerant reader that rebuilds it from known
 * fields only (anything malformed is rejected with a reason; nothing is guessed).
 * Never: validates the prompt payload itself; presentation's `readPromptPayload` does that, all or nothing.
 */
import { err, ok, type Result } from "@pi-permissions/policy";
import { type PromptPayload, readPromptPayload } from "@pi-permissions/presentation";
import type { AccessFacts } from "../chain/authorizer";
import { isSafeRequestId } from "./forwarding-layout";
import { NONCE_SHAPE } from "./request-identity";

/** The child-fixed access facts plus who asked and from where; the facts alone reach the ask details. */
export interface ForwardedAccessIntent extends AccessFacts {
	readonly requesterCwd: string;
	readonly principal: { readonly sessionId: string; readonly agentName: string | null };
}

export interface ForwardedRequest {
	readonly id: string;
	readonly createdAt: number;
	readonly requesterSessionId: string;
	readonly targetSessionId: string;
	readonly requesterAgentName: string | null;
	/** The requesting process, when it said (an addition to the reference wire): a dead one's ask is dropped. */
	readonly requesterPid: number | null;
	/** The child's complete payload: what the parent's renderer shows. */
	readonly payload: PromptPayload;
	/** `null` when absent or malformed: the parent then escalates instead of resolving. */
	readonly accessIntent: ForwardedAccessIntent | null;
}

const MAX_TEXT = 4096;
const MAX_MATCH_VALUES = 64;

type Fields = Readonly<Record<string, unknown>>;

function fields(value: unknown): Fields | null {
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
}

function text(value: unknown): string | null {
	return typeof value === "string" && value.length > 0 && value.length <= MAX_TEXT ? value : null;
}

function nullableName(value: unknown): string | null | undefined {
	if (value === null || value === undefined || value === "") return null;
	return text(value) ?? undefined;
}

/** Reads `accessIntent`; anything short of a complete, well-typed value is `null` (escalated, never auto-resolved). */
export function readAccessIntent(value: unknown): ForwardedAccessIntent | null {
	const record = fields(value);
	if (record === null) return null;
	const surface = text(record.surface);
	const requesterCwd = text(record.requesterCwd);
	const principal = fields(record.principal);
	const matchValues = record.matchValues;
	if (surface === null || requesterCwd === null || principal === null || !Array.isArray(matchValues)) return null;
	if (matchValues.length === 0 || matchValues.length > MAX_MATCH_VALUES) return null;
	const values: string[] = [];
	for (const entry of matchValues) {
		const item = text(entry);
		if (item === null) return null;
		values.push(item);
	}
	const boundaryValue = record.boundaryValue === null ? null : text(record.boundaryValue);
	if (boundaryValue === null && record.boundaryValue !== null) return null;
	const sessionId = text(principal.sessionId);
	const agentName = nullableName(principal.agentName);
	if (sessionId === null || agentName === undefined) return null;
	return { surface, matchValues: values, boundaryValue, requesterCwd, principal: { sessionId, agentName } };
}

/** Rebuilds a request from what was read off disk. Never throws. */
export function readForwardedRequest(value: unknown): Result<ForwardedRequest, string> {
	const record = fields(value);
	if (record === null) return err("the request is not a JSON object");
	const id = text(record.id);
	if (id === null || !isSafeRequestId(id)) return err("the request has no usable `id`");
	const createdAt = record.createdAt;
	if (typeof createdAt !== "number" || !Number.isFinite(createdAt))
		return err("the request has no numeric `createdAt`");
	const requesterSessionId = text(record.requesterSessionId);
	const targetSessionId = text(record.targetSessionId);
	if (requesterSessionId === null) return err("the request has no `requesterSessionId`");
	if (targetSessionId === null) return err("the request has no `targetSessionId`");
	const requesterAgentName = nullableName(record.requesterAgentName);
	if (requesterAgentName === undefined) return err("the request's `requesterAgentName` is not a string");
	const pid = record.requesterPid;
	const requesterPid = typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0 ? pid : null;
	const payload = readPromptPayload(record.payload);
	if (!payload.ok)
		return err(`the request's payload is unusable at \`${payload.error.keyPath}\`: ${payload.error.message}`);
	const accessIntent = readAccessIntent(record.accessIntent);
	return ok({
		id,
		createdAt,
		requesterSessionId,
		targetSessionId,
		requesterAgentName,
		requesterPid,
		payload: payload.value,
		accessIntent,
	});
}

/**
 * The request's nonce, which the answer must repeat (ADR 0046), or `null` when the value has none of the right shape.
 * Kept off `ForwardedRequest`: it binds the answer to the request and means nothing to whoever decides. Never throws.
 */
export function readRequestNonce(value: unknown): string | null {
	const nonce = fields(value)?.nonce;
	return typeof nonce === "string" && NONCE_SHAPE.test(nonce) ? nonce : null;
}
