/**
 * Owns: `Decider`, the one vocabulary of what decided a permission request, as a decision fact's `decidedBy` and the
 * engine's ask answer spell it; the engine and authority both name deciders through it (ADR 0043).
 * Never: carries the decision's detail (authority's `DecisionSource` does) or decides anything.
 */

/** The one-word deciders, each a row of the vocabulary test; `Decider` is read from this table. */
export const DECIDERS = [
	"policy",
	"session",
	"infrastructure",
	"yolo",
	"gate_error",
	"user",
	"parent",
	"unavailable",
	"cli",
	"example",
	"sandbox",
] as const;

/**
 * What decided. Wire values (decision facts, review and session logs): never respell one without reading the old
 * spelling too. `gate_error` is spelled as the fact's `resolution` and authority's `DecisionSource` spell it (ADR 0043).
 * `cli` and `example`: the CLI's and a policy example's runs, where nobody can be asked. `sandbox`: an ask the OS
 * sandbox that runs the call holds (ADR 0059), so nobody was asked.
 */
export type Decider = (typeof DECIDERS)[number] | `authorizer:${string}` | `persisted-grant:${string}`;
