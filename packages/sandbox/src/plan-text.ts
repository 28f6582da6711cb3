/**
 * Owns: the plain-text description of a `SandboxPlan` (what is readable, writable and reachable, and what the
 * sandbox leaves to the gate), used by `pi-permissions sandbox explain` and `/permissions`.
 * Never: decides anything or paints; one fact per line, no width logic.
 */
import { EXTERNAL_DIRECTORY_SURFACE } from "@pi-permissions/policy";
import type { SandboxBecause, SandboxPlan } from "./sandbox-plan";

export function renderSandboxPlan(plan: SandboxPlan): string[] {
	const lines: string[] = [];
	lines.push("readable: everything, except");
	if (plan.readDenies.length === 0) lines.push("  (nothing is denied)");
	for (const entry of plan.readDenies) lines.push(`  ${entry.path}  <- ${because(entry.because)}`);
	lines.push("writable: only");
	for (const entry of plan.writeAllows) lines.push(`  ${entry.path}  <- ${because(entry.because)}`);
	lines.push("not writable, even there:");
	if (plan.writeDenies.length === 0) lines.push("  (nothing)");
	for (const entry of plan.writeDenies) lines.push(`  ${entry.path}  <- ${because(entry.because)}`);
	lines.push(
		plan.allowedDomains.length === 0
			? "reachable: no network (loopback included)"
			: `reachable: ${plan.allowedDomains.join(", ")} (through the sandbox's proxy; loopback is not)`,
	);
	if (plan.skipped.length > 0) {
		lines.push("left to the gate (the sandbox cannot express these):");
		for (const entry of plan.skipped) lines.push(`  ${because(entry.because)}: ${entry.why}`);
	}
	return lines;
}

function because(source: SandboxBecause): string {
	switch (source.kind) {
		case "rule":
			return `${source.surface} rule \`${source.pattern}\`: deny`;
		case "protected":
			return `protected target \`${source.pattern}\` (${source.why})`;
		case "project":
			return "the working directory";
		case "temp":
			return "the temp directory";
		case "external-directory":
			return `${EXTERNAL_DIRECTORY_SURFACE} rule \`${source.pattern}\`: allow`;
		default: {
			const unhandled: never = source;
			throw new Error(`unhandled source ${String(unhandled)}`);
		}
	}
}
