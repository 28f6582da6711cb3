/**
 * Owns: `IdGenerator`, the one injected source of fresh request ids: the id that pairs an ask's prompt, its
 * forwarded request file and its decision fact (`UiPromptEvent.requestId`).
 * Never: mints an id; the system generator lives at authority's edge, this package reads no randomness.
 */

export interface IdGenerator {
	/** A fresh id matching `^[A-Za-z0-9._-]+$`, one per permission request. Must not throw. */
	next(): string;
}
