/**
 * Owns: data only: what can be wrong with a file found where a subagent waits for its parent's answer, each kind with
 * the words the review log and the agent's reason use, and whether the genuine answer may still come.
 * Never: decides; the parent authorizer records the kind and either keeps waiting or fails closed.
 */

export type ForgeryKind =
	| "unreadable"
	| "unsigned"
	| "bad_signature"
	| "other_request"
	| "wrong_responder"
	| "nonce_mismatch"
	| "request_altered";

interface ForgeryFacts {
	/** What is wrong, for the review log. */
	readonly text: string;
	/**
	 * `true`: the file is someone else's writing and the parent may still answer, so the child keeps waiting (within
	 * its normal bounds) for a valid answer. `false`: the parent itself answered an altered copy of this request and will
	 * not answer again, so the ask fails closed at once.
	 */
	readonly genuineMayFollow: boolean;
}

export const FORGERY_KINDS: Readonly<Record<ForgeryKind, ForgeryFacts>> = {
	unreadable: {
		text: "the file is not readable JSON (too large, not a regular file, or not JSON)",
		genuineMayFollow: true,
	},
	unsigned: { text: "the file carries no signed answer (an unsigned or old-format answer)", genuineMayFollow: true },
	bad_signature: {
		text: "the signature does not verify under the parent's key (another key, or a changed byte)",
		genuineMayFollow: true,
	},
	other_request: {
		text: "a genuine answer to another request, replayed under this one's name",
		genuineMayFollow: true,
	},
	wrong_responder: {
		text: "signed for a session other than the one this ask was forwarded to",
		genuineMayFollow: true,
	},
	nonce_mismatch: {
		text: "the parent answered this request id with another nonce: the request file was altered before it read it",
		genuineMayFollow: false,
	},
	request_altered: {
		text: "the parent answered a request whose bytes differ from what this subagent wrote: the request file was altered",
		genuineMayFollow: false,
	},
};
