/**
 * Owns: what a "for this session" answer to a bash ask grants: every unit that asked, each by its command family or,
 * when it runs opaque code, by its exact spellings (the one rule that passes it), or nothing at all.
 * Never: offers a grant that misses a unit the answer approved, or one for a floor no rule can lift (a computed name,
 * a wrapper whose command is unknown, an unparseable command).
 */
import { type BashApprovalUnit, type SessionSuggestion, suggestBashApproval } from "@pi-permissions/policy";
import { BASH_SENTINELS } from "@pi-permissions/presentation";
import { type BashCommandCheck, exactSpellings } from "../bash/bash-command-check";

export function bashSessionSuggestion(check: BashCommandCheck): SessionSuggestion | null {
	if (check.state !== "ask") return null;
	const asking = check.asking;
	// No unit decided (nothing runs), or the whole command did not parse: the deciding text is all there is.
	if (asking === undefined) {
		return check.floored ? null : suggestBashApproval([{ text: check.decidingUnit, exactSpellings: null }]);
	}
	const units: BashApprovalUnit[] = [];
	for (let k = 0; k < asking.units.length; k++) {
		const unit = asking.units[k];
		const floor = asking.floors[k] ?? null;
		if (unit === undefined) continue;
		// SECURITY: a floor other than opaque code is not lifted by any rule, so a grant for it would grant nothing.
		if (floor !== null && floor !== BASH_SENTINELS.opaqueWrapper) return null;
		const opaque = unit.wrapperKind === "opaque-payload" && unit.scriptRead !== true;
		const spellings = opaque ? exactSpellings(unit) : null;
		if (opaque && spellings === null) return null;
		const entry = { text: unit.text, exactSpellings: spellings };
		// The deciding unit's grant is named first.
		if (unit === check.unit) units.unshift(entry);
		else units.push(entry);
	}
	return units.length === 0 ? null : suggestBashApproval(units);
}
