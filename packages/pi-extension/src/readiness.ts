/**
 * Owns: the start-up check of the parts the built extension needs beyond its own module: the bash grammar and its
 * runtime (one real parse) and the config schema (a minimal policy validates). The package's Pi entry runs it before
 * it hands Pi the real factory.
 * Never: throws, or starts anything that outlives the check (the parser it loads is the process-wide one the gate reuses).
 */
import { BashParser } from "@pi-permissions/access-intent";
import { validateConfig } from "@pi-permissions/policy";

/** Which part failed, what went wrong, in words a user can act on. */
export type Readiness =
	| { readonly ready: true }
	| { readonly ready: false; readonly part: "bash grammar" | "config schema"; readonly problem: string };

/** A policy every working schema accepts. */
const PROBE_CONFIG = { permission: { "*": "ask" } };

export async function checkReadiness(): Promise<Readiness> {
	try {
		const parser = await BashParser.load();
		const tree = parser.parse("true");
		if (tree === null) return { ready: false, part: "bash grammar", problem: "the parser returned no tree for `true`" };
		tree.delete();
	} catch (error) {
		return { ready: false, part: "bash grammar", problem: messageOf(error) };
	}
	try {
		const validated = validateConfig(PROBE_CONFIG);
		if (!validated.ok) {
			return { ready: false, part: "config schema", problem: validated.error.map((issue) => issue.message).join("; ") };
		}
	} catch (error) {
		return { ready: false, part: "config schema", problem: messageOf(error) };
	}
	return { ready: true };
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
