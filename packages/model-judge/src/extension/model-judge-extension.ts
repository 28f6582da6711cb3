/**
 * Owns: wiring into one Pi session: config and model registry at `session_start`, the `model-judge` registration when
 * `permissions:ready` fires for this session (once per published service) with the judge's health as its status (so
 * pi-permissions says when the judge cannot judge), disposal at `session_shutdown`.
 * Never: reads `process.*`, imports pi-permissions, or registers for another session.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { Clock } from "@pi-permissions/authority";
import type { JudgeConfigIssue } from "../config/judge-config-issue";
import { loadJudgeConfig, type ReadText } from "../config/judge-config-loader";
import { type JudgeSessionState, MODEL_JUDGE_NAME, ModelJudgeAuthorizer } from "../model-judge-authorizer";
import { judgeHealth } from "./judge-health";
import { type AuthorizerService, lookUpService } from "./service-lookup";

const PERMISSIONS_READY_CHANNEL = "permissions:ready";

interface ModelJudgeHost {
	/** Pi's agent directory (where the global `model-judge.json` lives). */
	readonly agentDir: string;
	readonly readText: ReadText;
	readonly clock: Clock;
	/** The object the pi-permissions service registry hangs on (`globalThis` in production). */
	readonly serviceHost: object;
}

interface Registration {
	readonly service: AuthorizerService;
	readonly dispose: () => void;
}

export function createModelJudgeExtension(host: ModelJudgeHost): (pi: ExtensionAPI) => void {
	return (pi) => {
		let sessionId: string | null = null;
		let state: JudgeSessionState | null = null;
		let registration: Registration | null = null;
		/** Why the judge cannot judge this session (checked at `session_start`), `null` when it can or until checked. */
		let health: string | null = null;
		/** Counts session starts, so a health check that ends after a later start or a shutdown is dropped. */
		let starts = 0;
		const readySessions = new Set<string>();
		const authorizer = new ModelJudgeAuthorizer({ session: () => state, clock: host.clock });
		const status = (): string | null => health;

		const register = (): void => {
			if (sessionId === null || !readySessions.has(sessionId)) return;
			const service = lookUpService(host.serviceHost, sessionId);
			// Idempotent: the same published service gets one registration; a re-published one gets a fresh one.
			if (service === undefined || registration?.service === service) return;
			registration?.dispose();
			registration = null;
			try {
				registration = { service, dispose: service.registerAuthorizer(MODEL_JUDGE_NAME, authorizer, status) };
			} catch {
				// The name is taken in this service (another copy of the judge); that copy answers instead.
			}
		};

		pi.events.on(PERMISSIONS_READY_CHANNEL, (payload) => {
			const id = (payload as { sessionId?: unknown } | null)?.sessionId;
			if (typeof id !== "string") return;
			readySessions.add(id);
			register();
		});

		pi.on("session_start", async (_event, ctx) => {
			sessionId = ctx.sessionManager.getSessionId();
			health = null;
			const opened = openState(ctx, host);
			state = opened;
			if (!opened.config.ok) warn(ctx, opened.config.error);
			register();
			// Awaited (within its bound): Pi shows pi-permissions' chain warnings only after every `session_start`.
			const start = ++starts;
			const checked = await judgeHealth(opened, host.clock);
			if (start === starts && state === opened) health = checked;
		});

		pi.on("session_shutdown", () => {
			registration?.dispose();
			registration = null;
			state = null;
			health = null;
			sessionId = null;
			readySessions.clear();
		});
	};
}

function openState(ctx: ExtensionContext, host: ModelJudgeHost): JudgeSessionState {
	const config = loadJudgeConfig(
		{ agentDir: host.agentDir, cwd: ctx.cwd, projectTrusted: ctx.isProjectTrusted() },
		host.readText,
	);
	return { config, registry: ctx.modelRegistry };
}

function warn(ctx: ExtensionContext, issues: readonly JudgeConfigIssue[]): void {
	if (!ctx.hasUI) return;
	for (const issue of issues.slice(0, 5)) {
		const where = issue.keyPath.length === 0 ? "" : ` at \`${issue.keyPath.join(".")}\``;
		ctx.ui.notify(
			`model-judge: ${issue.file ?? "merged config"}${where}: ${issue.message}; ${issue.hint}. The judge defers every ask until this is fixed.`,
			"warning",
		);
	}
}
