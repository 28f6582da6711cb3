/**
 * Owns: where forwarding lives on disk: the root under the agent dir, each target's inbox, the heartbeat records,
 * and the guards that keep ids and session ids from naming anything outside their directory.
 * Never: touches the disk.
 */

/** What a request file name may be; a server removes any other name unread (children write `perm-<32 hex>`). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]+$/;
const MAX_REQUEST_ID_LENGTH = 200;

export function isSafeRequestId(id: string): boolean {
	// SECURITY: no separator can pass, so an id never names a file outside requests/ or responses/.
	return id.length <= MAX_REQUEST_ID_LENGTH && SAFE_REQUEST_ID.test(id) && id !== "." && id !== "..";
}

/** Encodes a session id as one path segment; dots are escaped too, so `..` cannot climb. */
export function encodeSessionIdForPath(sessionId: string): string {
	// SECURITY: encodeURIComponent leaves `.` alone, and `..` would be a traversal segment.
	return encodeURIComponent(sessionId).replace(/\./g, "%2E");
}

interface Inbox {
	readonly dir: string;
	readonly requests: string;
	readonly responses: string;
}

export class ForwardingLayout {
	readonly root: string;
	readonly sessionsDir: string;
	readonly servingDir: string;

	/** `agentDir` is Pi's agent directory; forwarding lives under `<agentDir>/sessions/permission-forwarding`. */
	constructor(readonly agentDir: string) {
		this.root = `${agentDir}/sessions/permission-forwarding`;
		this.sessionsDir = `${this.root}/sessions`;
		this.servingDir = `${this.root}/serving`;
	}

	inbox(targetSessionId: string): Inbox {
		const dir = `${this.sessionsDir}/${encodeSessionIdForPath(targetSessionId)}`;
		return { dir, requests: `${dir}/requests`, responses: `${dir}/responses` };
	}

	/** Every directory from the root down to the inbox, in creation order (each is checked not to be a symlink). */
	inboxDirectories(targetSessionId: string): readonly string[] {
		const inbox = this.inbox(targetSessionId);
		return [this.root, this.sessionsDir, inbox.dir, inbox.requests, inbox.responses];
	}

	requestFile(targetSessionId: string, requestId: string): string {
		return `${this.inbox(targetSessionId).requests}/${requestId}.json`;
	}

	responseFile(targetSessionId: string, requestId: string): string {
		return `${this.inbox(targetSessionId).responses}/${requestId}.json`;
	}

	heartbeatFile(sessionId: string): string {
		return `${this.servingDir}/${encodeSessionIdForPath(sessionId)}.json`;
	}
}
