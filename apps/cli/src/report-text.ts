/**
 * Owns: the human-readable text of `check` and `explain` (decision, gate, surface, pattern, origin, reason,
 * suggestion; then the trace), coloured only when the host says stdout takes colour.
 * Never: decides or reads files; it formats the engine's `RunReport` and an `ExplainTrace`.
 */

import type { RunReport, UnitSpellingTrace } from "@pi-permissions/engine";
import type { PermissionState } from "@pi-permissions/policy";
import type { ExplainTrace, TraceRule } from "./explain-trace";

interface Colors {
	action(action: PermissionState, text: string): string;
	dim(text: string): string;
	bold(text: string): string;
}

const ANSI = {
	reset: "\u001b[0m",
	bold: "\u001b[1m",
	dim: "\u001b[2m",
	red: "\u001b[31m",
	green: "\u001b[32m",
	yellow: "\u001b[33m",
};

export function colorsFor(enabled: boolean): Colors {
	if (!enabled) return { action: (_action, text) => text, dim: (text) => text, bold: (text) => text };
	const wrap = (code: string, text: string) => `${code}${text}${ANSI.reset}`;
	return {
		action: (action, text) => wrap(action === "allow" ? ANSI.green : action === "ask" ? ANSI.yellow : ANSI.red, text),
		dim: (text) => wrap(ANSI.dim, text),
		bold: (text) => wrap(ANSI.bold, text),
	};
}

/** A value on one line: JSON quoting escapes newlines and control characters from a command. */
function shown(value: string | null): string {
	return value === null ? "-" : JSON.stringify(value);
}

export function renderReport(report: RunReport, colors: Colors): string {
	const field = (label: string, value: string) => `  ${colors.dim(label.padEnd(10))} ${value}\n`;
	let text = `${colors.bold(colors.action(report.action, report.action.toUpperCase()))}\n`;
	text += field("gate", report.gate ?? "-");
	text += field("surface", report.surface ?? "-");
	text += field("value", shown(report.value));
	text += field("pattern", shown(report.matchedPattern));
	text += field("origin", report.origin ?? "-");
	if (report.reason !== null) text += field("reason", report.reason);
	if (report.suggestion !== null) text += field("session", report.suggestion.label);
	return text;
}

/** ADR 0053: the unit's canonical spelling, its words without inert options, and the spelling a rule matched. */
function spellingLines(spelling: UnitSpellingTrace, colors: Colors): string {
	let text = "";
	if (spelling.canonical !== null) text += `    ${colors.dim("canonical")} ${shown(spelling.canonical)}\n`;
	if (spelling.withoutInert !== null)
		text += `    ${colors.dim("without inert options")} ${shown(spelling.withoutInert)}\n`;
	if (spelling.shellOnly)
		text += `    ${colors.dim("shell model")} changes nothing outside the shell (no catch-all decides it)\n`;
	if (spelling.pattern !== null)
		text += `    ${colors.dim("matched")} ${shown(spelling.pattern)} ${colors.dim(`by the ${SPELLING_NAMES[spelling.matched]}`)}\n`;
	return text;
}

const SPELLING_NAMES: Readonly<Record<UnitSpellingTrace["matched"], string>> = {
	"as-written": "spelling as written",
	"without-inert": "spelling without inert options",
	canonical: "canonical spelling",
	"by-meaning": "canonical spelling, by meaning",
};

export function renderTrace(trace: ExplainTrace, colors: Colors): string {
	let text = "";
	const heading = (title: string) => `\n${colors.bold(title)}\n`;
	if (trace.bash !== null) {
		text += heading("bash units");
		if (trace.bash.unparseable !== null) text += `  unparseable: ${trace.bash.unparseable}\n`;
		for (const unit of trace.bash.units) {
			const parts = [`context=${unit.context ?? "top"}`];
			if (unit.nesting.length > 0) parts.push(`nesting=${unit.nesting.join(">")}`);
			if (unit.wrapperKind !== null) parts.push(`wrapper=${unit.wrapperKind}`);
			if (unit.executedUnit !== null) parts.push(`executes=${shown(unit.executedUnit)}`);
			text += `  ${shown(unit.text)} ${colors.dim(parts.join(" "))}\n`;
			text += spellingLines(unit.spelling, colors);
		}
		if (trace.bash.externalPaths.length > 0)
			text += `  external paths: ${trace.bash.externalPaths.map(shown).join(", ")}\n`;
		if (trace.bash.pathCandidates.length > 0)
			text += `  path candidates: ${trace.bash.pathCandidates.map(shown).join(", ")}\n`;
	}
	text += heading("gates");
	if (trace.gates.length === 0) text += "  (none: the call failed before any gate decided)\n";
	for (const gate of trace.gates) {
		const how = `${gate.basis}, pattern ${shown(gate.matchedPattern)}, origin ${gate.origin ?? "-"}`;
		text += `  ${gate.gate.padEnd(24)} ${colors.action(gate.state, gate.state.padEnd(5))} ${gate.surface} ${shown(gate.value)} ${colors.dim(how)}\n`;
	}
	text += heading("rules matching the deciding value (evaluation order; > marks the last match, which wins)");
	if (trace.matchingRules.length === 0) text += "  (none)\n";
	for (const rule of trace.matchingRules) text += ruleLine(rule, colors, "");
	if (trace.unitRules.length > 1) {
		text += heading("rules matching each bash unit (evaluation order; > marks the last match, which wins)");
		for (const { unit, rules } of trace.unitRules) {
			text += `  ${shown(unit)}\n`;
			if (rules.length === 0) text += "     (none)\n";
			for (const rule of rules) text += ruleLine(rule, colors, "  ");
		}
		if (trace.unitRulesOmitted > 0) text += `  … ${trace.unitRulesOmitted} more units\n`;
	}
	if (trace.overlay !== null) {
		text += heading("overlay");
		text +=
			trace.overlay.kind === "fail-closed"
				? `  fail-closed: invalid ${trace.overlay.scopes.join(", ")} scope floors every allow to ask\n`
				: "  yolo: every ask becomes allow (deny still blocks)\n";
	}
	text += heading("scopes");
	for (const scope of trace.scopes)
		text += `  ${scope.scope.padEnd(14)} ${scope.status.padEnd(8)} ${scope.file ?? "-"}\n`;
	return text;
}

function ruleLine(rule: TraceRule, colors: Colors, indent: string): string {
	const where =
		rule.file === null
			? rule.source
			: rule.persistedGrant === null
				? `${rule.source} ${rule.file}`
				: `${rule.source} ${rule.file}:${rule.persistedGrant.line}, persisted grant ${rule.persistedGrant.id}`;
	const overlay = rule.origin === rule.source ? "" : ` (was ${rule.writtenAction}, ${rule.origin})`;
	const mark = rule.wins ? ">" : " ";
	const surface = rule.surface === "*" ? "(every surface)" : rule.surface;
	let text = `${indent} ${mark} ${surface} ${shown(rule.pattern)}: ${colors.action(rule.action, rule.action)}${overlay} ${colors.dim(`(${where})`)}\n`;
	if (rule.reason !== null) text += `${indent}    reason: ${rule.reason}\n`;
	return text;
}
