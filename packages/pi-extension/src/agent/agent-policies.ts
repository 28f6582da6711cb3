/**
 * Owns: the policies of agents other than the session's active one, loaded on demand for forwarded asks (a child's
 * ask is judged under its own agent's policy) and kept until the config reloads or the session's yolo changes.
 * Never: guesses: a synchronous reader of a policy not loaded yet is told it is pending (the ask then goes to a
 * human) while it loads, and `ensure` lets a forwarded ask wait for the load first; a failed load is retried at the
 * next ask.
 */

/** Thrown by {@link AgentPolicies.get} while the agent's policy is not loaded; its load has been started. */
export class AgentPolicyPendingError extends Error {
	constructor(readonly agentName: string | null) {
		super(`the policy of agent ${agentName === null ? "(main)" : `\`${agentName}\``} is still loading`);
		this.name = "AgentPolicyPendingError";
	}
}

/** Loads one agent's policy under the given session yolo toggle. May reject (the next ask retries). */
type AgentPolicyLoader<P> = (agentName: string | null, sessionYolo: boolean | null) => Promise<P>;

/** Agents kept at most; the oldest is dropped first. */
export const MAX_CACHED_AGENTS = 32;

export class AgentPolicies<P> {
	private readonly loaded = new Map<string, P>();
	private readonly loading = new Map<string, Promise<void>>();
	private readonly pending = new Set<Promise<void>>();
	/** Bumped by every reset, so a load started before it cannot land after it. */
	private generation = 0;
	private sessionYolo: boolean | null = null;

	constructor(private readonly load: AgentPolicyLoader<P>) {}

	/** The agent's loaded policy; otherwise starts loading it and throws {@link AgentPolicyPendingError}. */
	get(agentName: string | null): P {
		const key = keyOf(agentName);
		const policy = this.loaded.get(key);
		if (policy !== undefined) return policy;
		this.start(agentName, key);
		throw new AgentPolicyPendingError(agentName);
	}

	/**
	 * Loads the agent's policy unless it is loaded, and settles once it is (or its load failed; `get` then starts
	 * another). A forwarded ask awaits this before it is decided, so the agent's frontmatter applies from the first ask
	 * (seed 000, "Subagent permission forwarding": the child's ask is judged under its own agent's policy). Never rejects.
	 */
	async ensure(agentName: string | null): Promise<void> {
		const key = keyOf(agentName);
		if (this.loaded.has(key)) return;
		this.start(agentName, key);
		await this.loading.get(key);
	}

	/** Drops every loaded policy (the config changed); the next ask loads afresh. */
	clear(): void {
		this.generation += 1;
		this.loaded.clear();
		this.loading.clear();
	}

	/** Uses the session's yolo toggle for every later load, dropping policies composed under the old one. */
	useSessionYolo(on: boolean | null): void {
		this.sessionYolo = on;
		this.clear();
	}

	/** Settles once no load is running (tests and shutdown). Never rejects. */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
	}

	private start(agentName: string | null, key: string): void {
		if (this.loading.has(key)) return;
		const generation = this.generation;
		const run = this.load(agentName, this.sessionYolo).then(
			(policy) => {
				if (generation !== this.generation) return;
				this.loading.delete(key);
				this.remember(key, policy);
			},
			() => {
				// Nothing is cached: the next ask starts another load.
				if (generation === this.generation) this.loading.delete(key);
			},
		);
		this.loading.set(key, run);
		this.pending.add(run);
		void run.finally(() => this.pending.delete(run));
	}

	private remember(key: string, policy: P): void {
		this.loaded.set(key, policy);
		if (this.loaded.size <= MAX_CACHED_AGENTS) return;
		const oldest = this.loaded.keys().next().value;
		if (oldest !== undefined) this.loaded.delete(oldest);
	}
}

/** `""` is never an agent name (names are non-empty words), so it stands for the main session. */
function keyOf(agentName: string | null): string {
	return agentName ?? "";
}
