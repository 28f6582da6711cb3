/**
 * Owns: the composition root of the extension: from the host facts read once, resolve Pi's agent dir, construct the
 * real edges (file systems, clock, ids), the config loader and the decision sink, and register one handler per event.
 * Never: does I/O or starts anything when the factory runs; handlers hold no policy logic.
 */
import { tmpdir } from "node:os";
import type { ExtensionAPI, ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { createNodeFileSystemProbe, UNKNOWN_SHELL_ENVIRONMENT } from "@pi-permissions/access-intent";
import { NodeForwardingFileSystem, processIsAlive, systemClock, systemIdGenerator } from "@pi-permissions/authority";
import {
	ConfigLoader,
	createNodeConfigFileSystem,
	createNodeGrantFileSystem,
	type ManagedFileSystem,
	nodeManagedFileSystem,
	resolveAgentDir,
} from "@pi-permissions/engine";
import {
	MODE_FLAG,
	modeKeyOf,
	registerModeKey,
	registerPermissionsCommand,
	registerPermissionsFlag,
	stderrOutput,
	YOLO_FLAG,
} from "./commands/permissions-command";
import { decisionEventSink } from "./decision-event-sink";
import { ExtensionState } from "./extension-state";
import { onBeforeAgentStart } from "./handlers/on-before-agent-start";
import { onContext } from "./handlers/on-context";
import { onInput } from "./handlers/on-input";
import { onResourcesDiscover } from "./handlers/on-resources-discover";
import { onSessionShutdown } from "./handlers/on-session-shutdown";
import { onSessionStart } from "./handlers/on-session-start";
import { onToolCall } from "./handlers/on-tool-call";
import type { HostEnvironment } from "./host-environment";
import { exitHook } from "./logs/exit-hook";
import { loadOtlpPipeline } from "./logs/otlp-pipeline";
import type { PermissionSession } from "./permission-session";
import { registerSandbox } from "./sandbox/register-sandbox";
import { SandboxController } from "./sandbox/sandbox-controller";
import { nodeSandboxFileSystem } from "./sandbox/sandbox-file-system";
import { bashToolEnvironment, builtinBashTool } from "./session/bash-tool-environment";
import { piCodeDirs } from "./session/pi-code-dirs";
import { uiPromptEventSink } from "./ui/announced-user-prompt";

/** Edges a test may replace; the composition root builds the real ones otherwise. */
export interface ExtensionEdgeOverrides {
	/** Reads the managed file's owner and mode (ADR 0060); default: the real file system. */
	readonly managedFileSystem?: ManagedFileSystem;
}

export function createPermissionsExtension(
	host: HostEnvironment,
	overrides: ExtensionEdgeOverrides = {},
): ExtensionFactory {
	return (pi: ExtensionAPI): void => {
		const agentDir = resolveAgentDir({ env: host.env, home: host.home, cwd: host.launchCwd, flavor: host.flavor });
		// ADR 0037: the sandbox is made before the session state, whose gate reads whether it runs (issue 34).
		const sandbox = new SandboxController({
			home: host.home,
			agentDir,
			tmpDir: tmpdir(),
			flavor: host.flavor,
			platform: process.platform,
			// Read when the sandbox starts, as bubblewrap is looked for where Pi's bash tool would find it then.
			searchPath: () => process.env.PATH ?? "",
			files: nodeSandboxFileSystem(),
			codeDirs: (cwd) =>
				piCodeDirs({
					agentDir,
					cwd,
					home: host.home,
					piPackageDir: host.piPackageDir ?? null,
					ownPackageDir: host.ownPackageDir ?? null,
				}),
		});
		const state = new ExtensionState({
			host,
			agentDir,
			loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: host.flavor }),
			...(host.managedPolicyFile == null
				? {}
				: {
						managed: {
							file: host.managedPolicyFile,
							fileSystem: overrides.managedFileSystem ?? nodeManagedFileSystem(),
						},
					}),
			sink: decisionEventSink(pi.events),
			uiPrompts: uiPromptEventSink(pi.events),
			yoloFlag: () => pi.getFlag(YOLO_FLAG) === true,
			modeFlag: () => {
				const value = pi.getFlag(MODE_FLAG);
				return typeof value === "string" ? value : null;
			},
			edges: {
				probe: createNodeFileSystemProbe,
				forwardingFs: new NodeForwardingFileSystem(),
				clock: systemClock,
				ids: systemIdGenerator,
				isPidAlive: processIsAlive,
				globalHost: globalThis,
				now: Date.now,
				atExit: exitHook(process),
				grantFs: createNodeGrantFileSystem(),
				sandboxRunning: () => sandbox.running(),
				// ADR 0060: the SDK is imported by this loader only, when a session with a collector first exports.
				telemetryPipeline: loadOtlpPipeline,
				sandboxPlan: (facts) => sandbox.planOf(facts),
				bashEnvironment: () => {
					// A host that cannot read the live environment (a test host) knows none.
					if (host.currentEnv === undefined) return UNKNOWN_SHELL_ENVIRONMENT;
					try {
						const settings = pi.getSettings();
						return bashToolEnvironment(host.currentEnv(), {
							builtin: builtinBashTool(pi.getAllTools()),
							commandPrefix: settings.shellCommandPrefix,
							shellPath: settings.shellPath,
							flavor: host.flavor,
						});
					} catch {
						// SECURITY: what Pi's bash tool runs with cannot be read: nothing is assumed of its environment.
						return UNKNOWN_SHELL_ENVIRONMENT;
					}
				},
			},
		});
		pi.on("session_start", onSessionStart(state, pi.events));
		pi.on("session_shutdown", onSessionShutdown(state));
		pi.on("resources_discover", onResourcesDiscover(state));
		pi.on("input", onInput(pi, state));
		pi.on("before_agent_start", onBeforeAgentStart(pi, state));
		pi.on("tool_call", onToolCall(pi, state));
		pi.on("context", onContext(pi, state));
		// ADR 0037: the OS sandbox; its handlers run after the gate's (registered above), so the gate decides first.
		registerSandbox(pi, state, sandbox, host.launchCwd);
		registerPermissionsFlag(pi);
		// ADR 0054: one key cycles the allowed modes; `PI_PERMISSIONS_MODE_KEY` names another, or `off`.
		const modeKey = modeKeyOf(host.env.PI_PERMISSIONS_MODE_KEY);
		const commandDeps = {
			state,
			agentDir,
			output: stderrOutput,
			sandboxReport: async (session: PermissionSession) =>
				sandbox.reportLines(session, await sandbox.stateFor(session)),
			modeKey,
		};
		registerPermissionsCommand(pi, commandDeps);
		if (modeKey !== null) registerModeKey(pi, commandDeps, modeKey);
	};
}
