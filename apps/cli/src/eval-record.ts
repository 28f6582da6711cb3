/**
 * Owns: the `eval` line of one call: the engine's `RunReport` in the wire shape docs/architecture.md names.
 * Never: decides or derives a report; the engine's `reportOf` does, for the CLI and the adapter alike.
 */
import type { RunReport } from "@pi-permissions/engine";

/** The `eval` line of a report (the wire shape docs/architecture.md names, in that key order). */
export function evalRecord(id: string, report: RunReport): Record<string, unknown> {
	return {
		id,
		action: report.action,
		surface: report.surface,
		matchedPattern: report.matchedPattern,
		origin: report.origin,
		gate: report.gate,
		suggestion: report.suggestion,
		reason: report.reason,
	};
}
