/**
 * Owns: the review-log seam authority writes its events to, and the closed list of event names.
 * Never: formats, redacts or persists an entry; the adapter's session logger does that.
 */

export type AuthorityEventName =
	| "authorizer_chain_resolved"
	| "authorizer_chain_delegated"
	| "authorizer_chain_unregistered_link"
	| "authorizer_link_failed"
	| "authorizer_link_reviewed"
	| "forwarded_permission.request_created"
	| "forwarded_permission.response_received"
	| "forwarded_permission.response_timed_out"
	| "forwarded_permission.no_serving_session"
	| "forwarded_permission.auto_approved"
	| "forwarded_permission.auto_denied"
	| "forwarded_permission.prompted"
	| "forwarded_permission.responded"
	| "forwarded_permission.rejected"
	| "forwarded_permission.forgery"
	| "forwarded_permission.parent_key_missing"
	| "forwarded_permission.session_recorded"
	| "forwarded_permission.serving_started"
	| "forwarded_permission.serving_stopped"
	| "permission_forwarding.warning"
	| "permission_forwarding.error";

export type AuthorityLogFields = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export interface AuthorityLog {
	/** Records one event. Must not throw; a failing sink drops the entry. */
	event(name: AuthorityEventName, fields: AuthorityLogFields): void;
}

/** A log that keeps nothing, for callers that have no review log. */
export const silentAuthorityLog: AuthorityLog = { event: () => undefined };
