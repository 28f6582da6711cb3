/**
 * Owns: the entry point of `npm run demo`: a throwaway home and project (with a `.env`), the recommended policy as
 * their global config, and `runDemo` over them; colour only when stdout is a terminal. Like `main.ts` it is a
 * composition root, for the demo alone.
 * Never: reads or writes the operator's real Pi config.
 */
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliHost } from "./cli-host";
import { runDemo } from "./demo-script";
import { nodeFileEdges, processTerminal } from "./node-host";
import { recommendedPolicyText } from "./recommended-policy";

// A reader that stops early (`| head`) closes the pipe; that ends the output, it is not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") {
		rmSync(root, { recursive: true, force: true });
		process.exit(0);
	}
	throw error;
});

const root = await mkdtemp(join(tmpdir(), "pi-permissions-demo-"));
try {
	const home = join(root, "home");
	const projectDir = join(root, "project");
	await mkdir(projectDir, { recursive: true });
	await mkdir(home, { recursive: true });
	await writeFile(join(projectDir, ".env"), "TOKEN=demo\n");
	const policyFile = join(root, "recommended-policy.json");
	await writeFile(policyFile, recommendedPolicyText(null));
	const host: CliHost = {
		env: {},
		cwd: projectDir,
		home,
		...processTerminal(),
		...nodeFileEdges(),
		stderrIsTerminal: false,
		today: () => new Date().toISOString().slice(0, 10),
		now: () => Date.now(),
	};
	process.exitCode = await runDemo(host, {
		policyFile,
		projectFile: join(projectDir, ".pi", "extensions", "pi-permissions", "config.json"),
		projectDir,
	});
} finally {
	await rm(root, { recursive: true, force: true });
}
