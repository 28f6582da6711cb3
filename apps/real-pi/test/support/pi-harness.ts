/**
 * Owns: the short way a real-Pi test starts Pi: a fresh sandbox with the pi-permissions config, the built adapter
 * (from the global setup) and the scripted provider, the process and sandbox registered on the test's cleanup stack.
 * Never: keeps anything between tests; every call makes its own sandbox.
 */
import { inject } from "vitest";
import type { CleanupStack } from "./cleanup-stack";
import { type PiLaunch, piCommand } from "./pi-command";
import { PiProcess } from "./pi-process";
import { PiSandbox } from "./pi-sandbox";
import { RpcSession } from "./rpc-session";

/** The adapter built from source by the global setup. */
export function piPermissionsExtension(): string {
	return inject("piPermissionsExtension");
}

/** A sandbox removed when the test's cleanup runs, with the given pi-permissions config (none when omitted). */
export function sandboxFor(cleanup: CleanupStack, config?: Readonly<Record<string, unknown>>): PiSandbox {
	const sandbox = PiSandbox.create();
	cleanup.defer(() => sandbox.remove());
	if (config !== undefined) sandbox.writeConfig(config);
	return sandbox;
}

export type HarnessLaunch = Omit<PiLaunch, "extensions"> & { readonly extensions?: readonly string[] };

/** Starts Pi with the adapter (plus any extra extensions); it is killed when the test's cleanup runs. */
export function startPi(cleanup: CleanupStack, launch: HarnessLaunch): PiProcess {
	const process = PiProcess.spawn(
		piCommand({ ...launch, extensions: [piPermissionsExtension(), ...(launch.extensions ?? [])] }),
	);
	cleanup.defer(() => process.kill());
	// `pi -p` and `--mode json` read piped stdin into the prompt and wait for its end: give them an empty one.
	if (launch.mode.kind === "print" || launch.mode.kind === "json") process.closeStdin();
	return process;
}

/** Starts `pi --mode rpc` with the adapter and returns its client. */
export function startRpc(cleanup: CleanupStack, launch: Omit<HarnessLaunch, "mode">): RpcSession {
	return new RpcSession(startPi(cleanup, { ...launch, mode: { kind: "rpc" } }));
}
