/**
 * Owns: the `/permissions` command, the `--permissions-yolo` and `--permissions-mode` flags and the mode key
 * (ADR 0054): registering them, running one parsed command against the session, and delivering the text (the UI's
 * notify, or the injected output without a UI).
 * Never: holds policy logic; yolo never touches a deny because composition rewrites only asks.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { grantWriteErrorText } from "@pi-permissions/engine";
import type { ExtensionState } from "../extension-state";
import { debugLogFile } from "../logs/debug-log";
import { logDirectory, reviewLogFile } from "../logs/review-log-sink";
import type { PermissionSession } from "../permission-session";
import { STATUS_KEY } from "../status-indicator";
import { globalConfigFile, persistGlobalYolo, persistYoloErrorText } from "./global-yolo-writer";
import { modeSwitchReply, modesReport, nextMode } from "./modes-report";
import { PERMISSIONS_USAGE, type PermissionsCommand, parsePermissionsCommand } from "./permissions-command-args";
import { bounded, grantsReport, logsReport, policyReport } from "./permissions-report";

const PERMISSIONS_COMMAND = "permissions";
export const YOLO_FLAG = "permissions-yolo";
export const MODE_FLAG = "permissions-mode";
/**
 * The key that cycles the allowed modes. Pi's own keys leave `alt+m` free (shift+tab cycles thinking levels, ctrl+p
 * models); `PI_PERMISSIONS_MODE_KEY` names another (read by the composition root).
 */
const DEFAULT_MODE_KEY = "alt+m";

/** Where the text goes when there is no UI (print mode). Must not throw. */
type CommandOutput = (text: string) => void;

interface PermissionsCommandDeps {
	readonly state: ExtensionState;
	readonly agentDir: string;
	readonly output: CommandOutput;
	/** The sandbox's lines for the policy report (ADR 0037). Must not reject. */
	readonly sandboxReport?: (session: PermissionSession) => Promise<readonly string[]>;
	/** The key that cycles the modes, named in `/permissions mode`; `null` when none is registered. */
	readonly modeKey?: string | null;
}

export function registerPermissionsFlag(pi: ExtensionAPI): void {
	pi.registerFlag(YOLO_FLAG, {
		type: "boolean",
		default: false,
		description: "pi-permissions: auto-approve every ask for this run (denies still block)",
	});
	pi.registerFlag(MODE_FLAG, {
		type: "string",
		description:
			"pi-permissions: start in this mode (default, accept-edits, plan, auto, dont-ask, yolo); the config's allowedModes still apply",
	});
}

/** A key as Pi's `registerShortcut` takes it. */
type ShortcutKey = Parameters<ExtensionAPI["registerShortcut"]>[0];

/**
 * The key `text` names (`PI_PERMISSIONS_MODE_KEY`), else the default; `"off"` registers none. A name that is not a
 * key (`ctrl+`, spaces) gives the default rather than a key Pi cannot read.
 */
export function modeKeyOf(text: string | undefined): ShortcutKey | null {
	const name = text?.trim().toLowerCase() ?? "";
	if (name === "off") return null;
	// Pi's key names: modifiers joined by `+`, then one key (`alt+m`, `ctrl+shift+p`, `f2`).
	const valid = /^(?:(?:ctrl|alt|shift|super)\+)*[a-z0-9`\-=[\];',./]+$/.test(name);
	return (valid ? name : DEFAULT_MODE_KEY) as ShortcutKey;
}

/** Registers the key that cycles the modes the config allows (ADR 0054). */
export function registerModeKey(pi: ExtensionAPI, deps: PermissionsCommandDeps, key: ShortcutKey): void {
	pi.registerShortcut(key, {
		description: "pi-permissions: cycle the permission mode",
		handler: async (ctx) => {
			try {
				const session = await deps.state.sessionFor(ctx);
				const refusal = session.policies.useSessionMode(nextMode(session.policies.policy), "key");
				ctx.ui.setStatus(STATUS_KEY, session.statusText());
				ctx.ui.notify(modeSwitchReply(session.policies.policy, refusal), refusal === null ? "info" : "warning");
			} catch (error) {
				ctx.ui.notify(
					`pi-permissions: the mode did not change: ${error instanceof Error ? error.message : String(error)}`,
					"error",
				);
			}
		},
	});
}

export function registerPermissionsCommand(pi: ExtensionAPI, deps: PermissionsCommandDeps): void {
	pi.registerCommand(PERMISSIONS_COMMAND, {
		description: "pi-permissions: policy, session grants, yolo, logs",
		handler: (args, ctx) => runPermissionsCommand(deps, args, ctx),
	});
}

export async function runPermissionsCommand(
	deps: PermissionsCommandDeps,
	args: string,
	ctx: ExtensionCommandContext,
): Promise<void> {
	const command = parsePermissionsCommand(args);
	let text: string;
	let level: "info" | "warning" | "error" = "info";
	try {
		text = await execute(deps, command, ctx);
		if (command.kind === "usage" && command.problem !== null) level = "warning";
	} catch (error) {
		level = "error";
		text = `pi-permissions: /permissions failed: ${error instanceof Error ? error.message : String(error)}`;
	}
	if (ctx.hasUI) ctx.ui.notify(text, level);
	else deps.output(text);
}

async function execute(deps: PermissionsCommandDeps, command: PermissionsCommand, ctx: ExtensionCommandContext) {
	switch (command.kind) {
		case "usage":
			return bounded(command.problem === null ? [PERMISSIONS_USAGE] : [command.problem, PERMISSIONS_USAGE]);
		case "logs": {
			const session = await deps.state.sessionFor(ctx);
			const { permissionReviewLog, debugLog } = session.policies.policy.settings;
			return logsReport(
				permissionReviewLog ? reviewLogFile(deps.agentDir) : null,
				logDirectory(deps.agentDir),
				debugLog ? debugLogFile(deps.agentDir) : null,
				session.logs.writeFailure,
			);
		}
		case "show": {
			const session = await deps.state.sessionFor(ctx);
			// A command runs after every extension's `session_start`: a chain link that is not registered by now never was.
			session.settleLinks();
			const { permissionReviewLog, debugLog, authorizerChain } = session.policies.policy.settings;
			const report = policyReport(session.policies.config, session.policies.policy, session.policies.launcherYolo, {
				grants: session.grants.list(),
				reviewLog: permissionReviewLog ? reviewLogFile(deps.agentDir) : null,
				debugLog: debugLog ? debugLogFile(deps.agentDir) : null,
				logWriteFailure: session.logs.writeFailure,
				telemetry: session.logs.telemetry?.stats ?? null,
				chain: { names: authorizerChain, problems: session.chainProblems() },
			});
			if (ctx.hasUI) ctx.ui.setStatus(STATUS_KEY, session.statusText());
			const sandbox = deps.sandboxReport === undefined ? [] : await deps.sandboxReport(session);
			return sandbox.length === 0 ? report : `${report}\n${bounded(sandbox)}`;
		}
		case "grants": {
			const session = await deps.state.sessionFor(ctx);
			return grantsReport(
				session.grants.list(),
				await session.grants.persisted(),
				session.grants.expired(),
				session.grants.now(),
			);
		}
		case "forget": {
			const session = await deps.state.sessionFor(ctx);
			const forgotten = await session.grants.forgetPersisted(command.id);
			return forgotten.ok
				? bounded([
						`pi-permissions: forgot ${forgotten.value.surface} ${JSON.stringify(forgotten.value.pattern)} from ${forgotten.value.file}; matching calls ask again`,
					])
				: bounded([`pi-permissions: ${grantWriteErrorText(forgotten.error)}`]);
		}
		case "revoke": {
			const session = await deps.state.sessionFor(ctx);
			return session.grants.revoke(command.id)
				? `pi-permissions: revoked ${command.id}; matching calls decide afresh`
				: bounded([`pi-permissions: no session grant \`${command.id.slice(0, 40)}\``]);
		}
		case "mode": {
			const session = await deps.state.sessionFor(ctx);
			if (command.mode === null) return bounded(modesReport(session.policies.policy, deps.modeKey ?? null));
			const refusal = session.policies.useSessionMode(command.mode, "command");
			if (ctx.hasUI) ctx.ui.setStatus(STATUS_KEY, session.statusText());
			return bounded([modeSwitchReply(session.policies.policy, refusal)]);
		}
		case "yolo": {
			const session = await deps.state.sessionFor(ctx);
			const refusal = session.policies.useSessionYolo(command.on);
			if (ctx.hasUI) ctx.ui.setStatus(STATUS_KEY, session.statusText());
			// ADR 0055: `disableYolo` (the managed file's or any scope's) refuses the toggle out loud.
			if (refusal !== null) return bounded([modeSwitchReply(session.policies.policy, refusal)]);
			if (!command.on && session.policies.launcherYolo) {
				return "pi-permissions: yolo stays on: --permissions-yolo or PI_PERMISSIONS_YOLO=1 forces it for this run";
			}
			return `pi-permissions: yolo ${command.on ? "on" : "off"} for this session (denies still block)`;
		}
		case "yolo-persist": {
			const file = globalConfigFile(deps.agentDir);
			const written = await persistGlobalYolo(file, command.on);
			if (!written.ok) return bounded([persistYoloErrorText(written.error)]);
			const session = await deps.state.reload(ctx);
			// The session follows what was just persisted (its own toggle would otherwise outrank the file).
			session.policies.useSessionYolo(command.on);
			if (ctx.hasUI) ctx.ui.setStatus(STATUS_KEY, session.statusText());
			return bounded([`pi-permissions: yoloMode ${command.on ? "on" : "off"} written to ${file}`]);
		}
		default: {
			const unhandled: never = command;
			throw new Error(`unhandled command ${String(unhandled)}`);
		}
	}
}

/** The default no-UI output: one message on stderr (stdout belongs to Pi's print and JSON modes). */
export const stderrOutput: CommandOutput = (text) => {
	try {
		process.stderr.write(`${text}\n`);
	} catch {
		// Nothing else can show it.
	}
};
