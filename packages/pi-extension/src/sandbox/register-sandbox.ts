/**
 * Owns: wiring the sandbox into Pi: at `session_start` start it when the policy asks and put Pi's `bash` through it,
 * show its state in the status line and warn once in `auto`; at `tool_call` deny bash while a `required` sandbox
 * cannot start (after the gate, which runs first); at `user_bash` sandbox `!` commands when `sandbox.userBash` says so;
 * at `session_shutdown` stop it.
 * Never: lets a failure escape into Pi; a sandbox that cannot be set up in `required` mode denies, never runs bash bare.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { createLocalBashOperations } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";
import { requiredDenial, type SandboxController } from "./sandbox-controller";
import { registerSandboxedBash, SANDBOXED_TOOL, sandboxedBashTool } from "./sandboxed-bash-tool";

const SANDBOX_STATUS_KEY = "pi-permissions-sandbox";

export function registerSandbox(
	pi: ExtensionAPI,
	state: ExtensionState,
	controller: SandboxController,
	launchCwd: string,
): void {
	let registered = false;
	let statusShown = false;
	const tool = () => sandboxedBashTool(state, controller, launchCwd);
	const setUp = async (session: PermissionSession, ctx: ExtensionContext) => {
		const sandbox = await controller.stateFor(session);
		if (sandbox.kind !== "off" && !registered) registered = registerSandboxedBash(pi, tool);
		const warning = controller.takeAutoWarning(session, sandbox);
		if (warning !== null && sandbox.kind === "unavailable") {
			// Without a UI the one warning goes to the review log, beside the decisions it concerns.
			session.logs.sandbox("sandbox_unavailable", { mode: "auto", message: sandbox.error.message });
		}
		if (ctx.hasUI) {
			if (warning !== null) ctx.ui.notify(warning, "warning");
			const text = controller.statusText(session, sandbox);
			// With the sandbox off the status line is left alone, unless it showed a sandbox state before.
			if (text !== undefined || statusShown) ctx.ui.setStatus(SANDBOX_STATUS_KEY, text);
			statusShown = text !== undefined;
		}
		return sandbox;
	};

	pi.on("session_start", async (_event, ctx) => {
		try {
			await setUp(await state.sessionFor(ctx), ctx);
		} catch {
			// A session that failed to open blocks every call already; `tool_call` below re-checks the sandbox.
		}
	});

	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== SANDBOXED_TOOL) return undefined;
		try {
			const session = state.openedSession ?? (await state.sessionFor(ctx));
			if (session.policies.policy.sandbox.mode === "off") return undefined;
			// Whether Pi had our tool when it looked this call's tool up (a registration made now applies from the next call).
			const routed = registered;
			const sandbox = await setUp(session, ctx);
			if (sandbox.kind === "unavailable" && session.policies.policy.sandbox.mode === "required") {
				session.logs.sandbox("sandbox_unavailable", { toolCallId: event.toolCallId, message: sandbox.error.message });
				return { block: true, reason: requiredDenial(sandbox.error) };
			}
			// SECURITY: the sandbox was switched on (or bash activated) after this session began, so this call would not
			// go through it: route bash through it from now on and refuse this one call.
			if (sandbox.kind !== "off" && !routed) {
				if (!registered) registered = registerSandboxedBash(pi, tool);
				return { block: true, reason: "bash is denied: the sandbox was just turned on; run the command again" };
			}
			return undefined;
		} catch (error) {
			// SECURITY: fail closed: a sandbox state that cannot be established never lets bash run bare.
			return { block: true, reason: `bash is denied: the sandbox state could not be read (${describe(error)})` };
		}
	});

	let userCommands = 0;
	pi.on("user_bash", async (_event, ctx) => {
		try {
			const session = state.openedSession ?? (await state.sessionFor(ctx));
			if (!session.policies.policy.sandbox.userBash || session.policies.policy.sandbox.mode === "off") return undefined;
			const local = createLocalBashOperations();
			return {
				operations: {
					exec: (command, cwd, options) =>
						controller.exec(session, local, { id: `user-bash-${++userCommands}`, command, cwd, options }),
				},
			};
		} catch (error) {
			return {
				result: { output: `pi-permissions: ${describe(error)}`, exitCode: 1, cancelled: false, truncated: false },
			};
		}
	});

	pi.on("session_shutdown", async () => {
		try {
			await controller.stop();
		} catch {
			// The runtime's own exit hooks clean up what is left.
		}
	});
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
