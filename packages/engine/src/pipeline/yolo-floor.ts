/**
 * Owns: how yolo settles a floor (an ask raised after resolution, with no rule for composition to rewrite): the table
 * of floors yolo approves and of floors that stand for an analysis that could not see what runs, which yolo denies
 * while the policy holds a deny such a command could be hiding (ADR 0023).
 * Never: touches a rule's ask (composition rewrote those) or a deny, and never escalates or emits; the runner does.
 */
import { compileWildcard, type Ruleset } from "@pi-permissions/policy";
import { BASH_SENTINELS, type BashSentinel, isBashSentinel } from "@pi-permissions/presentation";
import type { GateOutcome } from "../gates/gate-outcome";

/** What yolo does with one floored ask. */
type YoloFloorVerdict =
	| { readonly kind: "approve" }
	/**
	 * The analysis is incomplete and the policy denies something it could be: refuse, saying why. `reason` is for the
	 * person and the log; `agentReason` leaves out a floor reason that quotes the command (user text is in backticks).
	 */
	| { readonly kind: "deny"; readonly reason: string; readonly agentReason: string }
	/** A floor this table does not know: a person decides (fail closed, never a silent allow). */
	| { readonly kind: "escalate" };

/** One floor's row: yolo approves it, or denies it while any rule on one of `hides` denies. */
type YoloFloorRow =
	| {
			readonly yolo: "approve";
			readonly why: string;
			/**
			 * Where the floor's ask says the program that runs was not established (its payload names no executed unit:
			 * `sudo $CMD x`, `xargs $CMD`, `find . -exec {} \;`), yolo denies while a rule on one of `hides` denies, as for a
			 * computed command name.
			 */
			readonly unlessProgramUnknown?: { readonly hides: readonly string[]; readonly reason: string };
	  }
	| {
			readonly yolo: "deny-while-denied";
			/** The surfaces whose denies a command behind this floor could reach unseen. */
			readonly hides: readonly string[];
			/** The agent- and person-facing reason, before the floor's own reason. */
			readonly reason: string;
			readonly why: string;
	  };

/**
 * Every floor the engine raises, and what yolo does with it. To add a floor, add its sentinel to `BASH_SENTINELS`
 * (the `Record` then fails the build here until it has a row) and a row to the table test beside this module.
 */
export const YOLO_FLOOR_TABLE: Readonly<Record<BashSentinel, YoloFloorRow>> = {
	[BASH_SENTINELS.unparseable]: {
		yolo: "deny-while-denied",
		// A command that could not be read (or whose reading stopped at a budget) may run anything: a denied program,
		// a read of a denied path, a write to a denied file, a reach outside the project.
		hides: ["bash", "path", "external_directory", "write", "edit", "network"],
		reason: "yolo does not approve a command that could not be checked while the policy denies some commands",
		why: "unparseable or over a work budget: nothing about what runs is known",
	},
	[BASH_SENTINELS.dynamicCommandName]: {
		yolo: "deny-while-denied",
		// `$CMD x`, `rm${IFS}x`: the program is named only when bash runs it. Its arguments are still judged on `path`.
		hides: ["bash"],
		reason:
			"yolo does not approve a command whose name is only known when it runs while the policy denies some commands",
		why: "the program that runs is not known, so no bash deny can be ruled out",
	},
	[BASH_SENTINELS.opaqueWrapper]: {
		yolo: "approve",
		why: 'code in another language (`python -c`, `bash -c "$X"`): yolo trusts the model with it, as documented',
	},
	[BASH_SENTINELS.indirectionWrapper]: {
		yolo: "approve",
		why: "the executed command was judged on its own; only the wrapper's own reach is unknown",
		// SECURITY: `sudo $CMD x`, `echo x | xargs $CMD`: no executed command was judged, so any program may run.
		unlessProgramUnknown: {
			hides: ["bash"],
			reason:
				"yolo does not approve a command whose name is only known when it runs (a wrapper runs it) while the policy denies some commands",
		},
	},
	[BASH_SENTINELS.recursiveRead]: {
		yolo: "deny-while-denied",
		// A recursive read over a tree holding a denied file (or one too large or unnamed to check) would show it.
		hides: ["path"],
		reason: "yolo does not approve a program that reads a whole tree holding a file the policy denies",
		why: "incomplete analysis (ADR 0023): what the program reads is only the tree it walks when it runs",
	},
	[BASH_SENTINELS.unresolvedPath]: {
		yolo: "approve",
		why: 'a computed path (`"$f"` in a loop) is the commonest agent idiom; its literal spellings were still judged',
	},
	[BASH_SENTINELS.relocatingEnvironment]: {
		yolo: "deny-while-denied",
		// SECURITY: `HOME=$PWD/h git status` reads a planted `.gitconfig` whose `core.fsmonitor` runs `rm` unseen (ADR 0051).
		hides: ["bash", "path", "external_directory", "write", "edit"],
		reason:
			"yolo does not approve a command whose environment moves where a program reads its configuration or code while the policy denies some commands",
		why: "configuration or code from a place the command chose may run a command no one can see",
	},
	[BASH_SENTINELS.unresolvedDestination]: {
		yolo: "deny-while-denied",
		// SECURITY: `curl "$URL"` may be the denied host: a computed destination is no reason to send data there.
		hides: ["network"],
		reason: "yolo does not approve a connection to a host the command computes while the policy denies some hosts",
		why: "the host is only known when the command runs, so no `network` deny can be ruled out",
	},
	[BASH_SENTINELS.unknownEnvironment]: {
		yolo: "approve",
		why: "a variable no table knows (`DATABASE_URL=… npm test`) is an ordinary setting: yolo trusts the model with it",
	},
};

/** Per composed ruleset: the surfaces some `deny` rule applies to, asked lazily and remembered. */
const denyCache = new WeakMap<Ruleset, Map<string, boolean>>();

/** True when some rule of `rules` denies on `surface` (a universal or wildcard surface counts). Pure, cached. */
export function holdsDenyOn(rules: Ruleset, surface: string): boolean {
	let known = denyCache.get(rules);
	if (known === undefined) {
		known = new Map();
		denyCache.set(rules, known);
	}
	const cached = known.get(surface);
	if (cached !== undefined) return cached;
	const holds = rules.some((rule) => rule.action === "deny" && compileWildcard(rule.surface).test(surface));
	known.set(surface, holds);
	return holds;
}

/**
 * Settles a floored ask under yolo. `rules` are the composed rules (session rules only ever allow, so they never add
 * a deny). The floor's own reason ("too large to check: …") follows the row's in a denial. A serving session settles
 * a forwarded floor with it too (the child's sentinel, no reason on the wire).
 */
export function reconcileFloorWithYolo(
	outcome: Pick<GateOutcome, "basis" | "matchedPattern" | "reason"> & { readonly payload?: GateOutcome["payload"] },
	rules: Ruleset,
): YoloFloorVerdict {
	if (outcome.basis !== "floor") throw new Error("reconcileFloorWithYolo needs a floored outcome");
	const pattern = outcome.matchedPattern;
	if (!isBashSentinel(pattern)) return { kind: "escalate" };
	const row = YOLO_FLOOR_TABLE[pattern];
	switch (row.yolo) {
		case "approve": {
			const unknown = row.unlessProgramUnknown;
			// A forwarded floor carries no payload: only the sentinel crosses the wire, so it is approved as before.
			if (unknown === undefined || outcome.payload == null || outcome.payload.request.executedUnit !== null)
				return { kind: "approve" };
			return denyWhileDenied(unknown, outcome.reason, rules);
		}
		case "deny-while-denied":
			// SECURITY: padding past a budget (`true; ` x 5,000 then `rm -rf x`) must not turn yolo into an allow of `rm`.
			return denyWhileDenied(row, outcome.reason, rules);
		default: {
			const unhandled: never = row;
			throw new Error(`unhandled yolo floor row ${String(unhandled)}`);
		}
	}
}

function denyWhileDenied(
	row: { readonly hides: readonly string[]; readonly reason: string },
	floorReason: string | null,
	rules: Ruleset,
): YoloFloorVerdict {
	if (!row.hides.some((surface) => holdsDenyOn(rules, surface))) return { kind: "approve" };
	// The yolo clause first: a long floor reason (nested payloads) is cut at the end, never this.
	const reason = floorReason === null ? row.reason : `${row.reason}: ${floorReason}`;
	// SECURITY: the agent-facing denial never reproduces the command; a reason quoting it (`payload \`…\``) stays out.
	const agentReason = floorReason?.includes("`") === true ? row.reason : reason;
	return { kind: "deny", reason, agentReason };
}
