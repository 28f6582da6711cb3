/**
 * `SandboxRuntime.start` on a machine where bubblewrap cannot be found (simulated by a search path without it): the result
 * is a value that names what is missing and how to install it, never a throw and never a half-started sandbox.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installHint, SandboxRuntime } from "../src/sandbox-runtime";

const emptyBin = mkdtempSync(join(tmpdir(), "pp-no-bwrap-"));
afterAll(() => {
	rmSync(emptyBin, { recursive: true, force: true });
});

describe("SandboxRuntime.start without bubblewrap", () => {
	it("returns sandbox-unavailable with the install hint", async () => {
		const started = await SandboxRuntime.start(
			{
				network: { allowedDomains: [], deniedDomains: [] },
				filesystem: { denyRead: [], allowWrite: ["/tmp"], denyWrite: [] },
			},
			{ platform: "linux", searchPath: emptyBin },
		);
		expect(started.ok).toBe(false);
		if (started.ok) return;
		expect(started.error.kind).toBe("sandbox-unavailable");
		expect(started.error.message).toMatch(/bubblewrap|bwrap/);
		expect(started.error.hint).toBe(installHint("linux"));
		expect(started.error.hint).toContain("apt-get install -y bubblewrap socat`");
		expect(started.error.hint).not.toContain("ripgrep");
	});
});
