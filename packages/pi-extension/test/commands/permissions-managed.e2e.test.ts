import { createHash } from "node:crypto";
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { type ManagedFileSystem, nodeManagedFileSystem } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { type Workspace, workspace } from "../support/pi-session-harness";
import { openCommandSession } from "./command-session";

/**
 * Issue 36's Pi acceptance (ADR 0060), in a REAL in-process Pi session: with a managed file at the host's managed
 * location, `/permissions` names it, its sha256 and its keys; `/permissions yolo on` is refused under `disableYolo`;
 * a managed deny holds over a global allow; a file group or others may write is refused at start, in
 * `/permissions`, and every call is asked.
 */
const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const GLOBAL = { permission: { bash: { "*": "allow" } } };
const MANAGED = {
	disableYolo: true,
	permission: { bash: { "curl *": { action: "deny", reason: "no downloads on managed machines" } } },
};

function plantManaged(space: Workspace, content: unknown): string {
	const dir = join(space.home, "..", "etc-pi-permissions");
	mkdirSync(dir, { recursive: true, mode: 0o755 });
	chmodSync(dir, 0o755);
	const file = join(dir, "managed.json");
	writeFileSync(file, JSON.stringify(content), { mode: 0o644 });
	chmodSync(file, 0o644);
	return file;
}

/** The real edge, with the planted directory owned by root as a deployed managed file is (the test may run as anyone). */
function asRoot(dir: string): ManagedFileSystem {
	const real = nodeManagedFileSystem();
	return {
		lstat: async (path) => {
			const entry = await real.lstat(path);
			return entry.kind !== "missing" && path.startsWith(dir) ? { ...entry, uid: 0 } : entry;
		},
		readFile: (path) => real.readFile(path),
	};
}

describe("the managed file in a real Pi session", () => {
	it("/permissions names it, its sha256 and its keys; yolo is refused; its deny holds over a global allow", async () => {
		const space = workspace({}, GLOBAL);
		const file = plantManaged(space, MANAGED);
		const sha = createHash("sha256").update(readFileSync(file)).digest("hex");
		const pi = await openCommandSession(space, {
			answer: "No",
			managed: { file, fileSystem: asRoot(join(file, "..")) },
		});
		try {
			await pi.prompt("/permissions");
			const report = pi.notices.at(-1) ?? "";
			expect(report).toContain(`managed: ${file} (in force, sha256 ${sha})`);
			expect(report).toContain("managed keys in force: permission, disableYolo");
			expect(report).toContain(`  bash  curl *  deny  managed  ${file}`);
			await pi.prompt("/permissions yolo on");
			expect(pi.notices.at(-1)).toContain("yolo is disabled by the managed scope");
			expect(pi.statuses).not.toContainEqual(["pi-permissions", "permissions: YOLO (asks auto-approved)"]);
			await pi.prompt("go", [[bash("curl https://example.com", "call_1")], [bash("echo fine", "call_2")]]);
			expect(pi.ends.map((end) => end.isError)).toEqual([true, false]);
			expect(pi.dialogs).toEqual([]);
		} finally {
			await pi.close();
		}
	});

	it("refuses a file others may write (the real file system answers): loud at start and in /permissions; every call asks", async () => {
		const space = workspace({}, GLOBAL);
		const file = plantManaged(space, MANAGED);
		chmodSync(file, 0o646);
		const pi = await openCommandSession(space, { answer: "No", managed: { file } });
		try {
			await pi.prompt("go", [[bash("echo asked", "call_1")]]);
			expect(pi.notices.join("\n")).toContain(`managed policy ${file} refused`);
			expect(pi.notices.join("\n")).toContain(`sudo chmod go-w ${file}`);
			expect(pi.dialogs).toHaveLength(1);
			expect(pi.ends.map((end) => end.isError)).toEqual([true]);
			await pi.prompt("/permissions");
			expect(pi.notices.at(-1)).toContain(`managed: ${file} REFUSED`);
		} finally {
			await pi.close();
		}
	});

	it("refuses a file not owned by root (its real owner, read from the disk) and asks every call", async () => {
		const space = workspace({}, GLOBAL);
		const file = plantManaged(space, MANAGED);
		// The suite may run as root: the file is then given to another user, so its real owner is never root.
		if (process.getuid?.() === 0) chownSync(file, 65534, 65534);
		const pi = await openCommandSession(space, { answer: "No", managed: { file } });
		try {
			await pi.prompt("go", [[bash("echo asked", "call_1")]]);
			expect(pi.notices.join("\n")).toContain(`${file} is not owned by root`);
			expect(pi.notices.join("\n")).toContain(`sudo chown root ${file}`);
			expect(pi.dialogs).toHaveLength(1);
		} finally {
			await pi.close();
		}
	});
});
