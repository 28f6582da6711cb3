/**
 * Owns: `readPromptPayload`, the all-or-nothing tolerant guard for a payload read back from disk or the wire.
 * Never: repairs, truncates or half-accepts a payload: unknown keys are dropped, anything else wrong rejects it all.
 */
import { err, ok, type Result, type RuleOrigin } from "@pi-permissions/policy";
import {
	ANSWERABLE_BY,
	BASH_COMMAND_CONTEXTS,
	type BashCommandContext,
	type ForwardingProvenance,
	PROMPT_PAYLOAD_KINDS,
	type PromptAnnotation,
	type PromptEvidence,
	type PromptPayload,
	type PromptRequestFacts,
	RULE_ORIGINS,
} from "./prompt-payload";

/** The longest string a read payload may hold (a 200-line here-string is ~10 KiB). */
export const MAX_PAYLOAD_STRING_LENGTH = 262_144;
const MAX_EVIDENCE_ITEMS = 4_096;
const MAX_ANNOTATIONS = 256;
/** How many forwarding hops a read payload may nest. */
export const MAX_FORWARDING_DEPTH = 8;

interface PayloadReadError {
	readonly kind: "not-an-object" | "missing" | "wrong-type" | "too-long" | "too-deep";
	/** Where in the payload, e.g. `child.request.value`. */
	readonly keyPath: string;
	readonly message: string;
}

class Rejection extends Error {
	constructor(readonly detail: PayloadReadError) {
		super(detail.message);
	}
}

function reject(kind: PayloadReadError["kind"], keyPath: string, message: string): never {
	throw new Rejection({ kind, keyPath, message });
}

export function readPromptPayload(value: unknown): Result<PromptPayload, PayloadReadError> {
	try {
		return ok(payload(value, "", 0));
	} catch (error) {
		if (error instanceof Rejection) return err(error.detail);
		// A hostile object (a throwing getter or proxy) rejects like any other malformed payload.
		return err({ kind: "wrong-type", keyPath: "", message: "the payload could not be read" });
	}
}

function at(path: string, key: string): string {
	return path === "" ? key : `${path}.${key}`;
}

function record(value: unknown, path: string): Record<string, unknown> {
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		reject(path === "" ? "not-an-object" : "wrong-type", path, `\`${path || "payload"}\` must be an object`);
	}
	return value as Record<string, unknown>;
}

function field(object: Record<string, unknown>, key: string, path: string): unknown {
	if (!Object.hasOwn(object, key)) reject("missing", at(path, key), `\`${at(path, key)}\` is required`);
	return object[key];
}

function text(object: Record<string, unknown>, key: string, path: string): string {
	const value = field(object, key, path);
	if (typeof value !== "string") reject("wrong-type", at(path, key), `\`${at(path, key)}\` must be a string`);
	if (value.length > MAX_PAYLOAD_STRING_LENGTH) {
		reject("too-long", at(path, key), `\`${at(path, key)}\` is longer than ${MAX_PAYLOAD_STRING_LENGTH} characters`);
	}
	return value;
}

function textOrNull(object: Record<string, unknown>, key: string, path: string): string | null {
	return field(object, key, path) === null ? null : text(object, key, path);
}

function oneOf<T extends string>(options: readonly T[], object: Record<string, unknown>, key: string, path: string): T {
	const value = field(object, key, path);
	const found = options.find((option) => option === value);
	if (found === undefined)
		reject("wrong-type", at(path, key), `\`${at(path, key)}\` must be one of ${options.join(", ")}`);
	return found;
}

function oneOfOrNull<T extends string>(
	options: readonly T[],
	object: Record<string, unknown>,
	key: string,
	path: string,
): T | null {
	return field(object, key, path) === null ? null : oneOf(options, object, key, path);
}

function list(object: Record<string, unknown>, key: string, path: string, max: number): readonly unknown[] {
	const value = field(object, key, path);
	if (!Array.isArray(value)) reject("wrong-type", at(path, key), `\`${at(path, key)}\` must be an array`);
	if (value.length > max) reject("too-long", at(path, key), `\`${at(path, key)}\` has more than ${max} entries`);
	return value;
}

function payload(value: unknown, path: string, depth: number): PromptPayload {
	const object = record(value, path);
	const kind = oneOf(PROMPT_PAYLOAD_KINDS, object, "kind", path);
	const request = requestFacts(field(object, "request", path), at(path, "request"));
	const evidence = list(object, "evidence", path, MAX_EVIDENCE_ITEMS).map((item, index) =>
		evidenceItem(item, at(path, `evidence[${index}]`)),
	);
	const annotations = list(object, "annotations", path, MAX_ANNOTATIONS).map((item, index) =>
		annotation(item, at(path, `annotations[${index}]`), evidence),
	);
	// SECURITY: who may answer travels as the origin fixed it; a payload that does not say is rejected, never defaulted.
	if (kind !== "forwarded") {
		return { kind, request, evidence, annotations, answerableBy: oneOf(ANSWERABLE_BY, object, "answerableBy", path) };
	}
	if (depth >= MAX_FORWARDING_DEPTH) {
		reject("too-deep", at(path, "child"), `forwarding nests deeper than ${MAX_FORWARDING_DEPTH} hops`);
	}
	const forwarding = provenance(field(object, "forwarding", path), at(path, "forwarding"));
	const child = payload(field(object, "child", path), at(path, "child"), depth + 1);
	return { kind, request, evidence, annotations, forwarding, child };
}

function requestFacts(value: unknown, path: string): PromptRequestFacts {
	const object = record(value, path);
	const requesterPath = at(path, "requester");
	const requester = record(field(object, "requester", path), requesterPath);
	const subagent = field(requester, "subagent", requesterPath);
	if (typeof subagent !== "boolean") {
		reject("wrong-type", at(requesterPath, "subagent"), `\`${at(requesterPath, "subagent")}\` must be a boolean`);
	}
	return {
		requester: {
			agentName: textOrNull(requester, "agentName", requesterPath),
			sessionId: textOrNull(requester, "sessionId", requesterPath),
			subagent,
		},
		surface: text(object, "surface", path),
		toolName: textOrNull(object, "toolName", path),
		invokedToolName: textOrNull(object, "invokedToolName", path),
		value: text(object, "value", path),
		matchedPattern: textOrNull(object, "matchedPattern", path),
		ruleOrigin: oneOfOrNull<RuleOrigin>(RULE_ORIGINS, object, "ruleOrigin", path),
		commandContext: oneOfOrNull<BashCommandContext>(BASH_COMMAND_CONTEXTS, object, "commandContext", path),
		executedUnit: textOrNull(object, "executedUnit", path),
	};
}

function evidenceItem(value: unknown, path: string): PromptEvidence {
	const object = record(value, path);
	return {
		label: text(object, "label", path),
		text: text(object, "text", path),
		detail: textOrNull(object, "detail", path),
	};
}

function annotation(value: unknown, path: string, evidence: readonly PromptEvidence[]): PromptAnnotation {
	const object = record(value, path);
	const kind = oneOf(["highlight", "session-suggestion", "advisory"] as const, object, "kind", path);
	switch (kind) {
		case "highlight": {
			const index = integer(object, "evidenceIndex", path);
			const start = integer(object, "start", path);
			const end = integer(object, "end", path);
			const target = evidence[index];
			if (target === undefined || start > end || end > target.text.length) {
				reject("wrong-type", path, `\`${path}\` must span text inside an evidence entry`);
			}
			return { kind, evidenceIndex: index, start, end };
		}
		case "session-suggestion":
			return { kind, text: text(object, "text", path) };
		case "advisory":
			return { kind, source: text(object, "source", path), text: text(object, "text", path) };
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled annotation kind ${String(unhandled)}`);
		}
	}
}

function integer(object: Record<string, unknown>, key: string, path: string): number {
	const value = field(object, key, path);
	if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
		reject("wrong-type", at(path, key), `\`${at(path, key)}\` must be a non-negative integer`);
	}
	return value;
}

function provenance(value: unknown, path: string): ForwardingProvenance {
	const object = record(value, path);
	return {
		requesterAgentName: textOrNull(object, "requesterAgentName", path),
		requesterSessionId: textOrNull(object, "requesterSessionId", path),
	};
}
