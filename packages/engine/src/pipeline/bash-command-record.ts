/**
 * Owns: what a decision record keeps of a bash call (issue 40): the whole command (the log writer redacts it and keeps
 * its head and its tail) and every unit's command name in order, at most `MAX_RECORDED_COMMAND_NAMES`, the rest
 * counted, so an allowed `ls … ; echo TAIL` names both programs even when only `ls` decided.
 * Never: bounds or redacts text itself (the writer does, for every string of a record), or reads the disk.
 */
import type { CommandUnit } from "@pi-permissions/access-intent";

/** The most command names one record lists; the rest are counted in `commandsOmitted`. */
export const MAX_RECORDED_COMMAND_NAMES = 32;

export interface BashCommandRecord {
	/** The command exactly as the model sent it (the writer bounds and redacts it). */
	readonly command: string;
	/** Each unit's command name in source order (a name that is not a literal word as written), at most the bound. */
	readonly commands: readonly string[];
	/** How many more units ran a command than `commands` lists. */
	readonly commandsOmitted: number;
}

/** The record of one parsed bash call. */
export function bashCommandRecord(program: {
	readonly command: string;
	readonly units: readonly Pick<CommandUnit, "commandName" | "nameWord">[];
}): BashCommandRecord {
	const commands: string[] = [];
	let omitted = 0;
	for (const unit of program.units) {
		// A compound statement or a bare assignment runs no command of its own; its inner units are listed themselves.
		const name = unit.commandName ?? unit.nameWord?.raw ?? null;
		if (name === null) continue;
		if (commands.length < MAX_RECORDED_COMMAND_NAMES) commands.push(name);
		else omitted += 1;
	}
	return { command: program.command, commands, commandsOmitted: omitted };
}
