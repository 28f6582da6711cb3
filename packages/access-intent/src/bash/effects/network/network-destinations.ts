/**
 * Owns: the network slice of a command: for each unit whose program the network table knows, the destinations it
 * connects to and what it says it sends, read with the directory the unit runs in and the variables set for it.
 * Never: reads a file but through the normalizer's probe, or decides.
 */
import type { CommandUnit } from "../../reading/command-unit";
import { literalWordText, literalWordTexts } from "../../reading/shell-word";
import type { Bases } from "../../state/bash-shell-state";
import type { UnitVisitor, UnitWalk } from "../unit-walk";
import type { NetworkDestination } from "./network-destination";
import { networkProgramRow } from "./network-program-table";

export class NetworkCollector implements UnitVisitor {
	private readonly found: NetworkDestination[] = [];

	constructor(private readonly walk: UnitWalk) {}

	result(): readonly NetworkDestination[] {
		return Object.freeze([...this.found]);
	}

	visitCompound(): void {}

	visitUnit(unit: CommandUnit, bases: Bases): void {
		const name = unit.commandName;
		if (name === null) return;
		const row = networkProgramRow(name);
		if (row === undefined) return;
		const walk = this.walk;
		const normalizer = walk.normalizer;
		const directory = bases.kind === "known" && bases.dirs.length === 1 ? (bases.dirs[0] ?? null) : null;
		const reading = row.read({
			program: name,
			texts: literalWordTexts(unit.args),
			directory,
			home: normalizer.home,
			readText: (path) => normalizer.readConfigText(path),
			environment: (variable) => {
				const prefix = unit.assignments.findLast((assignment) => assignment.name === variable);
				if (prefix !== undefined) return prefix.value === null ? "" : literalWordText(prefix.value);
				const values = walk.lookup(variable);
				return !values.unknown && values.known.length === 1 ? values.known[0] : undefined;
			},
		});
		for (const entry of reading.found)
			this.found.push(
				entry.kind === "host"
					? { ...entry, program: name, unit: unit.text, sends: reading.sends }
					: { kind: "unresolved", program: name, unit: unit.text, reason: entry.reason, sends: reading.sends },
			);
	}
}
