/**
 * Owns: the bash parser one extension instance's sessions share: cold until the first call that needs it loads it,
 * then warm for good; a failed load leaves it cold, so the next `load` tries again.
 * Never: loads at construction (the factory and `session_start` stay quick) or parses anything itself.
 */
import type { BashParser } from "@pi-permissions/access-intent";

/** Where the parser is: only ever cold -> loading -> warm, or back to cold when a load fails. */
type ParserState =
	| { readonly kind: "cold" }
	| { readonly kind: "loading"; readonly loading: Promise<BashParser> }
	| { readonly kind: "warm"; readonly parser: BashParser };

export class BashParserLoader {
	/**
	 * Mutable because the parser is genuinely late: Pi starts a session before the grammar is loaded, and the first
	 * call that needs bash (or the warm-up at `before_agent_start`) loads it.
	 */
	private state: ParserState = { kind: "cold" };

	/** `load` may reject; it is called again after a failure. */
	constructor(private readonly loadParser: () => Promise<BashParser>) {}

	/** The warm parser, or `null` while it is not loaded (a runner then cannot be built; bash queries floor to ask). */
	get current(): BashParser | null {
		return this.state.kind === "warm" ? this.state.parser : null;
	}

	/** The parser, loading it once (concurrent callers share the load). Rejects when the load fails. */
	load(): Promise<BashParser> {
		const { state } = this;
		switch (state.kind) {
			case "warm":
				return Promise.resolve(state.parser);
			case "loading":
				return state.loading;
			case "cold": {
				const loading = this.loadParser();
				this.state = { kind: "loading", loading };
				loading.then(
					(parser) => {
						if (this.state.kind === "loading" && this.state.loading === loading) this.state = { kind: "warm", parser };
					},
					() => {
						if (this.state.kind === "loading" && this.state.loading === loading) this.state = { kind: "cold" };
					},
				);
				return loading;
			}
			default: {
				const unhandled: never = state;
				throw new Error(`unhandled parser state ${String(unhandled)}`);
			}
		}
	}
}
