/**
 * Owns: the entry point of `pnpm demo`: the demo's composition root. It makes throwaway directories, points the
 * process's home, temp dir and Pi agent dir into them (so nothing the real Pi session or its commands do can reach the
 * operator's files), decides on colour, runs the demo and removes everything again; the exit code says whether every
 * step behaved as captioned.
 * Never: reads or writes the operator's real Pi config, and never leaves its temporary root behind.
 */
import { tmpdir } from "node:os";
import piPermissions from "@pi-permissions/pi-extension";
import { demoEnvironment, isInheritedPackageManagerSetting } from "./demo-environment";
import { runDemo } from "./demo-runner";
import { DemoWorkspace } from "./demo-workspace";
import { colorEnabled, painter } from "./terminal-style";

const space = await DemoWorkspace.create(tmpdir());
for (const key of Object.keys(process.env)) if (isInheritedPackageManagerSetting(key)) delete process.env[key];
Object.assign(process.env, demoEnvironment(space));

// A reader that stops early (`| head`) closes the pipe; that ends the output, it is not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code !== "EPIPE") throw error;
});

const paint = painter(colorEnabled({ env: process.env, isTTY: process.stdout.isTTY === true }));
try {
	process.exitCode = await runDemo({
		space,
		extension: piPermissions,
		paint,
		write: (line) => void process.stdout.write(`${line}\n`),
		globalHost: globalThis,
	});
} catch (error) {
	process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exitCode = 1;
} finally {
	await space.remove();
}
