/**
 * Owns: the sandbox of one extension instance: whether the session's policy asks for it (`sandbox.mode`), starting
 * sandbox-runtime once (memoised; a failed start is kept, so `required` keeps denying), keeping its settings equal to
 * the current plan, running one allowed bash command inside it, and telling the model and the review log what it
 * stopped, and checking right after each call that it made no protected name that did not exist (ADR 0048: such a
 * name cannot be made read-only without a file on disk), removing and reporting any. The plan is kept between calls
 * while the policy and the disk's answers it was built from hold (ADR 0056). Its state feeds the status line
 * and `/permissions`.
 * Never: decides whether a call may run (the gate did, before); with the mode `off` it runs the command as Pi would.
 */
import type { BashOperations } from "@earendil-works/pi-coding-agent";
import {
	type ComposedPlanFacts,
	explainBlocked,
	MAX_SWEPT_REPORTS,
	renderBlocked,
	renderSandboxPlan,
	type SandboxPlan,
	SandboxPlanCache,
	SandboxRuntime,
	type SandboxUnavailable,
	snapshotBeforeCall,
	sweepAfterCall,
	toRuntimeSettings,
} from "@pi-permissions/sandbox";
import type { PermissionSession } from "../permission-session";
import type { SandboxFileSystem } from "./sandbox-file-system";

type SandboxState =
	| { readonly kind: "off" }
	| { readonly kind: "active"; readonly runtime: SandboxRuntime }
	| { readonly kind: "unavailable"; readonly error: SandboxUnavailable };

interface SandboxControllerOptions {
	readonly home: string;
	readonly agentDir: string;
	readonly tmpDir: string;
	readonly flavor: ComposedPlanFacts["flavor"];
	/** `process.platform`, read by the composition root. */
	readonly platform: string;
	/** `PATH` as it is when the sandbox starts, read by the composition root: where bubblewrap, bash and socat are found. */
	readonly searchPath: () => string;
	readonly files: SandboxFileSystem;
	/** Directories Pi loads extension code from outside the agent dir, for a session's cwd (protected whole). */
	readonly codeDirs?: (cwd: string) => readonly { readonly path: string; readonly why: string }[];
	/** Starts the runtime; tests may pass their own. Must not reject. */
	readonly start?: typeof SandboxRuntime.start;
}

type ExecOptions = Parameters<BashOperations["exec"]>[2];

/** Output kept to explain what the sandbox stopped: the tail, where the errors of a failing command are. */
const EXPLAIN_TAIL_CHARS = 64 * 1024;

/** The text a required-but-unavailable sandbox denies bash with. */
export function requiredDenial(error: SandboxUnavailable): string {
	return `bash is denied: \`sandbox.mode\` is \`required\` and the sandbox cannot start (${error.message}). To fix: ${error.hint}.`;
}

export class SandboxController {
	private starting: Promise<SandboxState> | null = null;
	/** The state `starting` settled on, for a caller that cannot wait (the gate asks synchronously). */
	private settled: SandboxState | null = null;
	private appliedSettings = "";
	/** The plan whose settings were applied last: the same plan needs no comparison. */
	private appliedPlan: SandboxPlan | null = null;
	private warned = false;
	private readonly plans: SandboxPlanCache;

	constructor(private readonly options: SandboxControllerOptions) {
		const files = options.files;
		this.plans = new SandboxPlanCache({
			canonical: files.canonical,
			exists: files.exists,
			isDirectory: files.isDirectoryFollowing,
			list: files.list,
		});
	}

	/** The sandbox for `session`'s policy: off, active, or unavailable (started once, on first need). Never rejects. */
	async stateFor(session: PermissionSession): Promise<SandboxState> {
		if (session.policies.policy.sandbox.mode === "off") return { kind: "off" };
		const start = this.options.start ?? SandboxRuntime.start;
		if (this.starting === null) {
			const plan = this.planFor(session);
			const settings = toRuntimeSettings(plan);
			this.appliedSettings = JSON.stringify(settings);
			this.appliedPlan = plan;
			const starting = start(settings, { platform: this.options.platform, searchPath: this.options.searchPath() }).then(
				(started): SandboxState =>
					started.ok ? { kind: "active", runtime: started.value } : { kind: "unavailable", error: started.error },
				(error: unknown): SandboxState => ({
					kind: "unavailable",
					error: {
						kind: "sandbox-unavailable",
						missing: ["a working sandbox"],
						message: error instanceof Error ? error.message : String(error),
						hint: "report this failure",
					},
				}),
			);
			this.starting = starting.then((state) => {
				if (this.starting !== null) this.settled = state;
				return state;
			});
		}
		return this.starting;
	}

	/**
	 * Whether the sandbox has started and runs bash: known once `stateFor` settled (at `session_start`); `false` before,
	 * so the gate then treats bash as unsandboxed (the safe side).
	 */
	running(): boolean {
		return this.settled?.kind === "active";
	}

	/** The one-time warning `auto` shows when the sandbox cannot start, or `null` (shown already, or nothing to say). */
	takeAutoWarning(session: PermissionSession, state: SandboxState): string | null {
		if (this.warned || state.kind !== "unavailable" || session.policies.policy.sandbox.mode !== "auto") return null;
		this.warned = true;
		return `pi-permissions: the sandbox cannot start (${state.error.message}); bash runs unsandboxed, gated as before. To fix: ${state.error.hint}`;
	}

	/** The status-line text for the sandbox, or `undefined` when it is off. */
	statusText(session: PermissionSession, state: SandboxState): string | undefined {
		switch (state.kind) {
			case "off":
				return undefined;
			case "active":
				return "sandbox: on";
			case "unavailable":
				return session.policies.policy.sandbox.mode === "required"
					? "sandbox: unavailable (bash denied)"
					: "sandbox: unavailable (bash unsandboxed)";
			default: {
				const unhandled: never = state;
				throw new Error(`unhandled sandbox state ${String(unhandled)}`);
			}
		}
	}

	/** The `/permissions` lines: the mode, the state and, when active, what the sandbox allows. */
	reportLines(session: PermissionSession, state: SandboxState): string[] {
		const { mode, userBash } = session.policies.policy.sandbox;
		if (state.kind === "off") return ["sandbox: off (set `sandbox.mode` to `auto` or `required` to run bash in it)"];
		const head = `sandbox: mode ${mode}, ${state.kind === "unavailable" ? `unavailable: ${state.error.message}` : state.kind}${userBash ? ", `!` commands sandboxed too" : ""}`;
		if (state.kind !== "active") return [head];
		return [head, ...renderSandboxPlan(this.planFor(session)).map((line) => `  ${line}`)];
	}

	/**
	 * Runs an allowed bash command: inside the sandbox when active, as Pi would when off or (in `auto`) unavailable.
	 * Rejects, running nothing, when the mode is `required` and the sandbox is unavailable or cannot wrap the command.
	 */
	async exec(
		session: PermissionSession,
		local: BashOperations,
		call: { readonly id: string; readonly command: string; readonly cwd: string; readonly options: ExecOptions },
	): Promise<{ exitCode: number | null }> {
		const state = await this.stateFor(session);
		switch (state.kind) {
			case "off":
				return local.exec(call.command, call.cwd, call.options);
			case "unavailable":
				if (session.policies.policy.sandbox.mode === "required") {
					session.logs.sandbox("sandbox_unavailable", { toolCallId: call.id, message: state.error.message });
					throw new Error(requiredDenial(state.error));
				}
				return local.exec(call.command, call.cwd, call.options);
			case "active":
				return this.runSandboxed(session, state.runtime, local, call);
			default: {
				const unhandled: never = state;
				throw new Error(`unhandled sandbox state ${String(unhandled)}`);
			}
		}
	}

	async stop(): Promise<void> {
		const starting = this.starting;
		this.starting = null;
		this.settled = null;
		const state = await starting;
		if (state?.kind === "active") await state.runtime.stop();
	}

	private async runSandboxed(
		session: PermissionSession,
		runtime: SandboxRuntime,
		local: BashOperations,
		call: { readonly id: string; readonly command: string; readonly cwd: string; readonly options: ExecOptions },
	): Promise<{ exitCode: number | null }> {
		const plan = this.planFor(session);
		if (plan !== this.appliedPlan) {
			const settings = toRuntimeSettings(plan);
			const text = JSON.stringify(settings);
			if (text !== this.appliedSettings) {
				// The policy was reloaded or another agent's applies: the next command runs under the new plan.
				runtime.update(settings);
				this.appliedSettings = text;
			}
			this.appliedPlan = plan;
		}
		// SECURITY: a command the sandbox cannot wrap does not run (this rejects before anything is spawned).
		const wrapped = await runtime.wrap(call.command, { id: call.id, cwd: call.cwd, signal: call.options.signal });
		const files = this.options.files;
		const before = snapshotBeforeCall(plan, files);
		let tail = "";
		try {
			const result = await local.exec(wrapped, call.cwd, {
				...call.options,
				onData: (data) => {
					tail = (tail + data.toString("utf8")).slice(-EXPLAIN_TAIL_CHARS);
					call.options.onData(data);
				},
			});
			this.report(session, plan, runtime.annotate(call.id, tail), call);
			return result;
		} finally {
			// SECURITY: nothing sandboxed outlives the call (its own PID namespace, `--die-with-parent`), so what the
			// check finds was made by this command, also when it failed or was aborted.
			this.sweep(session, sweepAfterCall(plan, before, files), call);
		}
	}

	private sweep(
		session: PermissionSession,
		swept: ReturnType<typeof sweepAfterCall>,
		call: { readonly id: string; readonly options: ExecOptions },
	): void {
		if (swept.length === 0) return;
		const lines = swept.slice(0, MAX_SWEPT_REPORTS).map((entry) => `pi-permissions sandbox: ${entry.text}`);
		if (swept.length > MAX_SWEPT_REPORTS)
			lines.push(`pi-permissions sandbox: and ${swept.length - MAX_SWEPT_REPORTS} more`);
		call.options.onData(Buffer.from(`\n${lines.join("\n")}\n`, "utf8"));
		for (const entry of swept) {
			session.logs.sandbox("sandbox_removed", {
				toolCallId: call.id,
				target: entry.path,
				removed: entry.removed,
				cause: entry.because,
				text: entry.text,
			});
		}
	}

	private report(
		session: PermissionSession,
		plan: SandboxPlan,
		output: string,
		call: { readonly id: string; readonly cwd: string; readonly options: ExecOptions },
	): void {
		const blocked = explainBlocked(output, { plan, cwd: call.cwd, home: this.options.home });
		if (blocked.length === 0) return;
		call.options.onData(Buffer.from(`\n${renderBlocked(blocked)}\n`, "utf8"));
		for (const access of blocked) {
			session.logs.sandbox("sandbox_blocked", {
				toolCallId: call.id,
				access: access.kind,
				target: access.target,
				cause: access.because,
				text: access.text,
			});
		}
	}

	private planFor(session: PermissionSession): SandboxPlan {
		return this.planOf({ policy: session.policies.policy, cwd: session.cwd });
	}

	/**
	 * The plan the sandbox runs for `policy` in `cwd` (the one `exec` applies, from the same cache): the gate reads it to
	 * let the sandbox answer what it holds (ADR 0059).
	 */
	planOf(facts: { readonly policy: PermissionSession["policies"]["policy"]; readonly cwd: string }): SandboxPlan {
		return this.plans.planFor({
			policy: facts.policy,
			cwd: facts.cwd,
			home: this.options.home,
			agentDir: this.options.agentDir,
			tmpDir: this.options.tmpDir,
			flavor: this.options.flavor,
			...(this.options.codeDirs === undefined ? {} : { codeDirs: this.options.codeDirs(facts.cwd) }),
		});
	}
}
