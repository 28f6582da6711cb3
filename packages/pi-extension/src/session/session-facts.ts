/**
 * Owns: the plain facts and dependencies a permission session is built from: what the opening handler read from
 * Pi's context, the extension-wide collaborators, and the real-world edges the composition root constructed.
 * Never: holds behaviour; these are the constructor inputs of `PermissionSession`.
 */
import type { ExtensionContext, ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { FileSystemProbe, ShellEnvironment } from "@pi-permissions/access-intent";
import type { AuthorityLog, Clock, ForwardingFileSystem, IdGenerator, PidProbe } from "@pi-permissions/authority";
import type {
	ConfigLoader,
	DecisionSink,
	GrantFileSystem,
	ManagedFileSystem,
	SandboxPlanView,
} from "@pi-permissions/engine";
import type { ComposedPolicy } from "@pi-permissions/policy";
import type { HostEnvironment } from "../host-environment";
import type { AtExit } from "../logs/exit-hook";
import type { TelemetryPipelineLoader } from "../logs/telemetry-sink";
import type { UiPromptSink } from "../ui/announced-user-prompt";

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
	/** The active agent known when the session opens (a session entry); `null` or absent for the main session. */
	readonly agentName?: string | null;
}

export interface PermissionSessionDeps {
	readonly host: HostEnvironment;
	readonly agentDir: string;
	readonly loader: ConfigLoader;
	/**
	 * The system managed file and the edge that reads it under the ownership law (ADR 0060); absent: the host has no
	 * managed location. Read at every load.
	 */
	readonly managed?: { readonly file: string; readonly fileSystem: ManagedFileSystem };
	/** The bus sink, shared by the extension's sessions. */
	readonly sink: DecisionSink;
	readonly edges: SessionEdges;
	/** Where `permissions:ui_prompt` goes (the bus), announced right before a human is asked. */
	readonly uiPrompts?: UiPromptSink;
	/** Where authority's forwarding and chain events go; defaults to the session's own logs. Must not throw. */
	readonly authorityLog?: AuthorityLog;
	/** Whether the `--permissions-yolo` CLI flag is set. Must not throw. */
	readonly yoloFlag?: () => boolean;
	/** The `--permissions-mode` CLI flag's value (ADR 0054); `undefined` or `null` when unset. Must not throw. */
	readonly modeFlag?: () => string | null | undefined;
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
	/** Runs a callback at process exit (the session's logs write what they still hold). */
	readonly atExit: AtExit;
	/** The wall clock for log timestamps, in epoch milliseconds (a number: read on every decision, it allocates nothing). */
	readonly now: () => number;
	/** Where persisted ("always") grants are written; absent: the dialog offers no "always" choice. */
	readonly grantFs?: GrantFileSystem;
	/**
	 * The environment Pi's `bash` tool would run the next command in (ADR 0039), read at each bash decision; absent:
	 * unknown. Must not throw.
	 */
	readonly bashEnvironment?: () => ShellEnvironment;
	/**
	 * Whether the OS sandbox (ADR 0037) is running, so an allowed bash call runs inside it; read at each bash decision;
	 * absent: it is not. Must not throw.
	 */
	readonly sandboxRunning?: () => boolean;
	/**
	 * Loads the OpenTelemetry pipeline decisions are exported through (ADR 0060), on the first decision of a session
	 * whose policy names a collector; absent: nothing is exported.
	 */
	readonly telemetryPipeline?: TelemetryPipelineLoader;
	/**
	 * The plan the OS sandbox runs for a session's policy and working directory (ADR 0059), read at each decision of a
	 * bash call it will run; absent: none is known and the sandbox answers no ask. May throw (read as none known).
	 */
	readonly sandboxPlan?: (facts: { readonly policy: ComposedPolicy; readonly cwd: string }) => SandboxPlanView;
}
