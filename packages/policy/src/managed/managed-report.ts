/**
 * Owns: the lines `/permissions` and `pi-permissions config show` say about the managed scope (ADR 0060): the file,
 * whether it is in force, its sha256 (so a fleet can compare what each machine holds) and the keys in force; a
 * refused or invalid file said with its problem and what it does to every call.
 * Never: reads the file or decides; the facts come from the composed policy (`ComposedPolicy.managed`).
 */
import type { ManagedFacts } from "./managed-scope";

export function managedReportLines(facts: ManagedFacts | null): string[] {
	if (facts === null) return ["managed: none"];
	const hash = facts.sha256 === null ? "" : `, sha256 ${facts.sha256}`;
	switch (facts.status) {
		case "trusted":
			return [
				`managed: ${facts.file} (in force${hash})`,
				`managed keys in force: ${facts.keys.length === 0 ? "none" : facts.keys.join(", ")}`,
			];
		case "refused":
			return [`managed: ${facts.file} REFUSED: ${facts.problem}; every call is asked until it is fixed`];
		case "invalid":
			return [
				`managed: ${facts.file} INVALID${hash === "" ? "" : ` (${hash.slice(2)})`}: ${facts.problem}; its denies apply and every other call is asked`,
			];
		default: {
			const unhandled: never = facts.status;
			throw new Error(`unhandled managed status ${String(unhandled)}`);
		}
	}
}
