/**
 * Owns: composing one Pi session's permission objects: the loaded config and composed policy (reloadable), the session
 * rule store, the path normalizer, the policy query, the session's authority (terminal chosen once) and, once the
 * parser is warm, the gate runner over the tools Pi offers and the skills it loaded.
 * Never: reads `process.*` or Pi's context directly (the handlers pass plain facts), and holds no policy logic.
 */
import type { ExtensionContext, ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { type BashParser, type FileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import {
	type Clock,
	type ForwardingFileSystem,
	type IdGenerator,
	type PidProbe,
	SessionAuthority,
	silentAuthorityLog,
} from "@pi-permissions/authority";
import {
	type ActiveSkill,
	type ConfigLoader,
	type ConfigLoadResult,
	type DecisionSink,
	GateRunner,
	PermissionQuery,
	type RunVerdict,
	SKILL_SURFACE,
	type SkillInvocation,
	type ToolCall,
	ToolCallPipeline,
} from "@pi-permissions/engine";
import {
	type ComposedPolicy,
	composePolicy,
	type PermissionState,
	pathFlavorFor,
	type SessionGrant,
	SessionRuleStore,
} from "@pi-permissions/policy";
import { AuthorityAskEscalator } from "./authority/authority-ask-escalator";
import { authorityPermissionQuery } from "./authority/authority-permission-query";
import { decisionFanOut } from "./decision-fan-out";
import type { HostEnvironment } from "./host-environment";
import { JsonlLogWriter } from "./logs/jsonl-log-writer";
import { REVIEW_LOG_MAX_BYTES, reviewLogFile, reviewLogSink } from "./logs/review-log-sink";
import { createPermissionsService } from "./service/create-permissions-service";
import { formattingAskEscalator } from "./service/formatting-ask-escalator";
import { serviceRegistry } from "./service/service-registry";
import { SessionExtensions } from "./service/session-extensions";
import type { UiPromptSink } from "./ui/announced-user-prompt";
import { userPromptFor } from "./ui/user-prompt-for";

/** The facts of one Pi session, read from Pi's context by the handler that opens it. */
export interface SessionFacts {
	readonly sessionId: string | null;
	readonly cwd: string;
	/** `null` for a session without a file (in memory). */
	readonly sessionDir: string | null;
	readonly hasUI: boolean;
	/** Pi's run mode: `"tui"` gets the inline dialog, any other mode the `select`/`input` fallback. */
	readonly mode?: ExtensionContext["mode"];
	readonly isProjectTrusted: () => boolean;
	readonly ui: ExtensionUIContext;
}

export interface PermissionSessionDeps {
	readonly host: HostEnvironment;
	readonly agentDir: string;
	readonly loader: ConfigLoader;
	/** The bus sink, shared by the extension's sessions. */
	readonly sink: DecisionSink;
	readonly edges: SessionEdges;
	/** Where `permissions:ui_prompt` goes (the bus), announced right before a human is asked. */
	readonly uiPrompts?: UiPromptSink;
	/** Whether the `--permissions-yolo` CLI flag is set. Must not throw. */
	readonly yoloFlag?: () => boolean;
}

/** The real-world edges, constructed by the composition root (tests may pass their own). */
export interface SessionEdges {
	/** A fresh file-system probe for one session's normalizer. */
	readonly probe: () => FileSystemProbe;
	readonly forwardingFs: ForwardingFileSystem;
	readonly clock: Clock;
	/** Request ids (decision facts and asks). */
	readonly ids: IdGenerator;
	readonly isPidAlive: PidProbe;
	/** Where process-global registries live (`globalThis`). */
	readonly globalHost: object;
	/** The wall clock for log timestamps. */
	readonly now: () => Date;
}

/** The loaded config and the policy composed from it; replaced as a whole by a reload. */
interface LoadedPolicy {
	readonly config: ConfigLoadResult;
	readonly policy: ComposedPolicy;
}

export class PermissionSession {
	private runner: { readonly key: string; readonly runner: GateRunner } | null = null;
	private unpublish: (() => void) | null = null;
	private activeSkills: readonly ActiveSkill[] = [];
	/** This session's yolo toggle (`/permissions yolo on|off`); `null` leaves yolo to the config. */
	private sessionYolo: boolean | null = null;

	private constructor(
		private readonly loaded: { current: LoadedPolicy },
		private readonly deps: PermissionSessionDeps,
		readonly query: PermissionQuery,
		private readonly store: SessionRuleStore,
		private readonly normalizer: PathNormalizer,
		private readonly authority: SessionAuthority,
		private readonly facts: SessionFacts,
		private readonly parser: { current: BashParser | null },
		private readonly sink: DecisionSink,
		private readonly ids: IdGenerator,
		private readonly extensions: SessionExtensions,
		private readonly globalHost: object,
	) {}

	/** Loads the config and composes the session; starts nothing. */
	static async open(deps: PermissionSessionDeps, facts: SessionFacts): Promise<PermissionSession> {
		const { host, agentDir, edges } = deps;
		const loaded = { current: await loadPolicy(deps, facts, null) };
		const { policy } = loaded.current;
		const flavor = pathFlavorFor(host.flavor);
		const policies = { policyFor: () => loaded.current.policy };
		const store = new SessionRuleStore();
		const normalizer = PathNormalizer.create({
			cwd: facts.cwd,
			home: host.home,
			flavor,
			probe: edges.probe(),
		});
		const parser: { current: BashParser | null } = { current: null };
		const query = new PermissionQuery({ policies, sessionRules: store, normalizer, parser: () => parser.current });
		const settings = policy.settings;
		const extensions = new SessionExtensions();
		const authority = SessionAuthority.create({
			session: { ...facts, agentName: null },
			agentDir,
			env: host.env,
			userPrompt: userPromptFor({
				mode: facts.mode,
				ui: facts.ui,
				settings: () => ({
					promptMaxRows: settings.promptMaxRows,
					promptFieldMaxWidth: settings.promptFieldMaxWidth,
					doublePressToConfirm: settings.doublePressToConfirm,
					timeoutMs: settings.forwardingTimeoutMs,
				}),
				announce: deps.uiPrompts,
			}),
			query: authorityPermissionQuery(query),
			authorizers: extensions.authorizers,
			chainConfig: () => settings.authorizerChain,
			recordServingSessionGrant: () => {
				throw new Error("serving forwarded asks is not enabled in this build");
			},
			io: {
				fs: edges.forwardingFs,
				clock: edges.clock,
				ids: edges.ids,
				pid: host.pid,
				isPidAlive: edges.isPidAlive,
				globalHost: edges.globalHost,
			},
			log: silentAuthorityLog,
			timing: { forwardingTimeoutMs: settings.forwardingTimeoutMs },
		});
		const sink = decisionFanOut(
			settings.permissionReviewLog
				? [deps.sink, reviewLog(agentDir, settings.reviewLogFieldMaxWidth, edges.now)]
				: [deps.sink],
		);
		return new PermissionSession(
			loaded,
			deps,
			query,
			store,
			normalizer,
			authority,
			facts,
			parser,
			sink,
			edges.ids,
			extensions,
			edges.globalHost,
		);
	}

	get config(): ConfigLoadResult {
		return this.loaded.current.config;
	}

	get policy(): ComposedPolicy {
		return this.loaded.current.policy;
	}

	/**
	 * Loads the config again (a changed file or a newly trusted project applies from the next decision) and recomposes
	 * the policy. Session grants, the authority and the settings read at open are kept. On a failed load the previous
	 * policy stays and the error propagates.
	 */
	async reload(): Promise<void> {
		this.loaded.current = await loadPolicy(this.deps, this.facts, this.sessionYolo);
		this.runner = null;
	}

	/** Turns yolo on or off for this session (the flag and `PI_PERMISSIONS_YOLO=1` still win); applies at once. */
	setSessionYolo(on: boolean): void {
		this.sessionYolo = on;
		this.loaded.current = composeLoaded(this.deps, this.loaded.current.config, on);
	}

	/** Whether the launcher (flag or environment) forces yolo on, so the session toggle cannot turn it off. */
	get launcherYolo(): boolean {
		return launcherYolo(this.deps);
	}

	/** This session's "for this session" grants, in grant order. */
	grants(): readonly SessionGrant[] {
		return this.store.list();
	}

	/** Revokes one grant by id; false when no grant has that id. The next matching call decides afresh. */
	revokeGrant(id: string): boolean {
		return this.store.revoke(id);
	}

	/** The skill's state on the `skill` surface: `deny` hides it and refuses its invocation. */
	skillPermission(skillName: string): PermissionState {
		return this.query.checkPermission(SKILL_SURFACE, skillName).state;
	}

	/** The skills Pi has loaded (name and directory), which the skill-read gate guards. */
	useActiveSkills(skills: readonly ActiveSkill[]): void {
		this.activeSkills = skills;
	}

	/** Decides and resolves a `/skill:` invocation. Rejects only before a warm parser (a gate error). */
	async runSkillInput(invocation: SkillInvocation, availableTools: readonly string[]): Promise<RunVerdict> {
		return this.runnerFor(availableTools).runSkillInput(invocation);
	}

	/** The tool's surface-level state, for exposure: fail-closed applies, yolo and session grants do not. */
	toolPermission(toolName: string): PermissionState {
		return this.query.getToolPermission(toolName);
	}

	/** Hands the warm parser to the session (bash queries and the pipeline need it). */
	useParser(parser: BashParser): void {
		this.parser.current = parser;
	}

	get isWarm(): boolean {
		return this.parser.current !== null;
	}

	/** Decides and resolves one call over the tools Pi offers now. Rejects only before a warm parser (a gate error). */
	async run(call: ToolCall, availableTools: readonly string[]): Promise<RunVerdict> {
		return this.runnerFor(availableTools).run(call);
	}

	/** Publishes this session's service under its id (a session without an id publishes none). Idempotent. */
	publishService(): void {
		const sessionId = this.facts.sessionId;
		if (sessionId === null || this.unpublish !== null) return;
		const service = createPermissionsService(sessionId, this.query, this.extensions);
		this.unpublish = serviceRegistry(this.globalHost).publish(service);
	}

	/** Unpublishes the service and stops whatever the session started. Idempotent; never rejects. */
	async close(): Promise<void> {
		const unpublish = this.unpublish;
		this.unpublish = null;
		unpublish?.();
		await this.authority.stop();
	}

	private runnerFor(availableTools: readonly string[]): GateRunner {
		const skills = this.activeSkills.map((skill) => `${skill.name}\u0000${skill.directory}`);
		const key = JSON.stringify([[...availableTools].sort(), skills]);
		if (this.runner !== null && this.runner.key === key) return this.runner.runner;
		const parser = this.parser.current;
		if (parser === null) throw new Error("the bash parser is not loaded");
		const pipeline = new ToolCallPipeline({
			policies: { policyFor: () => this.loaded.current.policy },
			sessionRules: this.store,
			parser,
			normalizer: this.normalizer,
			extractors: this.extensions.extractors,
			infrastructureDirs: [],
			availableTools,
			mcpServers: [],
			activeSkills: this.activeSkills,
			requester: { sessionId: this.facts.sessionId, subagent: this.authority.isSubagent },
		});
		const runner = new GateRunner({
			pipeline,
			escalator: formattingAskEscalator(
				(toolName) => this.extensions.formatterFor(toolName),
				new AuthorityAskEscalator(this.authority),
			),
			sink: this.sink,
			ids: this.ids,
			sessionRules: this.store,
		});
		this.runner = { key, runner };
		return runner;
	}
}

async function loadPolicy(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	sessionYolo: boolean | null,
): Promise<LoadedPolicy> {
	const config = await deps.loader.load({
		cwd: facts.cwd,
		agentDir: deps.agentDir,
		agentName: null,
		isProjectTrusted: facts.isProjectTrusted,
	});
	return composeLoaded(deps, config, sessionYolo);
}

/** Precedence: the flag or the environment override, then the session toggle, then the config's `yoloMode`. */
function composeLoaded(
	deps: PermissionSessionDeps,
	config: ConfigLoadResult,
	sessionYolo: boolean | null,
): LoadedPolicy {
	const yolo = launcherYolo(deps) ? true : sessionYolo;
	const policy = composePolicy({
		scopes: config.scopes,
		env: { home: deps.host.home, flavor: pathFlavorFor(deps.host.flavor) },
		...(yolo === null ? {} : { yolo }),
	});
	return { config, policy };
}

function reviewLog(agentDir: string, fieldMaxWidth: number, now: () => Date): DecisionSink {
	const writer = new JsonlLogWriter({ file: reviewLogFile(agentDir), maxBytes: REVIEW_LOG_MAX_BYTES, fieldMaxWidth });
	return reviewLogSink(writer, fieldMaxWidth, now);
}

/** The launcher's override: `PI_PERMISSIONS_YOLO=1` turns yolo on; anything else leaves it to the config. */
export const YOLO_ENV = "PI_PERMISSIONS_YOLO";

function launcherYolo(deps: PermissionSessionDeps): boolean {
	return deps.host.env[YOLO_ENV]?.trim() === "1" || deps.yoloFlag?.() === true;
}
