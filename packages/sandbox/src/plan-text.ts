/**
 * Owns: the plain-text description of a `SandboxPlan` (what is readable, writable and reachable, what is removed
 * after each call, and what the sandbox leaves to the gate), used by `pi-permissions sandbox explain` and
 * `/permissions`. A protected place inside another listed one is counted, not listed: the outer one covers it.
 * Never: decides anything or paints; one fact per line, no width logic.
 */
import { EXTERNAL_DIRECTORY_SURFACE } from "@pi-permissions/policy";
import type { SandboxBecause, SandboxEntry } from "./sandbox-entry";
import type { SandboxPlan } from "./sandbox-plan";

export function renderSandboxPlan(plan: SandboxPlan): string[] {
	const lines: string[] = [];
	lines.push("readable: everything, except");
	if (plan.readDenies.length === 0) lines.push("  (nothing is denied)");
	for (const entry of plan.readDenies) lines.push(`  ${entry.path}  <- ${because(entry.because)}`);
	lines.push("writable: only");
	for (const entry of plan.writeAllows) lines.push(`  ${entry.path}  <- ${because(entry.because)}`);
	lines.push(
		plan.allowedDomains.length === 0
			? "reachable: no network (loopback included)"
			: `reachable: ${plan.allowedDomains.join(", ")} (through the sandbox's proxy; loopback is not)`,
	);
	for (const entry of plan.deniedDomains) lines.push(`  never ${entry.host}  <- ${because(entry.because)}`);
	lines.push("not writable, even there:");
	if (plan.writeDenies.length === 0) lines.push("  (nothing)");
	lines.push(...entryLines(plan.writeDenies));
	if (plan.watched.length > 0 || plan.watchedDirs.length > 0) {
		lines.push("removed right after each call when the command made them (a mount would create them on disk):");
		lines.push(...entryLines(plan.watched));
		for (const dir of plan.watchedDirs) {
			lines.push(
				dir.kind === "dot-entries"
					? `  a new dot-entry in ${dir.path} (not ${dir.data.join(", ")})`
					: `  what git would run in a new repository in ${dir.path} (config, hooks, info, commondir, config.worktree)`,
			);
		}
	}
	if (plan.skipped.length > 0) {
		lines.push("left to the gate (the sandbox cannot express these):");
		for (const entry of plan.skipped) lines.push(`  ${because(entry.because)}: ${entry.why}`);
	}
	return lines;
}

/** One line per entry, a protected place inside another listed protected place counted instead. */
function entryLines(entries: readonly SandboxEntry[]): string[] {
	const places = entries.filter((entry) => entry.because.kind === "protected").map((entry) => entry.path);
	const inside = (entry: SandboxEntry) =>
		entry.because.kind === "protected" &&
		places.some((place) => place !== entry.path && entry.path.startsWith(`${place}/`));
	const lines = entries
		.filter((entry) => !inside(entry))
		.map((entry) => `  ${entry.path}  <- ${because(entry.because)}`);
	const hidden = entries.filter(inside).length;
	if (hidden > 0) lines.push(`  (and ${hidden} protected places inside those)`);
	return lines;
}

function because(source: SandboxBecause): string {
	switch (source.kind) {
		case "rule":
			return `${source.surface} rule \`${source.pattern}\`: deny`;
		case "protected":
			return `protected: ${source.why}`;
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
