import type { PermissionConfig } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { type ManagedEntry, type ManagedFileSystem, readManagedPolicy } from "../../src/managed/managed-file";

/** ADR 0055: the managed file is read only when it and its directory are root's and not writable by group or others. */
const FILE = "/etc/pi-permissions/managed.json";
const DIR = "/etc/pi-permissions";
const ROOT_FILE: ManagedEntry = { kind: "file", uid: 0, mode: 0o100644 };
const ROOT_DIR: ManagedEntry = { kind: "directory", uid: 0, mode: 0o40755 };

function fsOf(
	entries: Readonly<Record<string, ManagedEntry>>,
	text = '{ "permission": { "bash": { "rm *": "deny" } } }',
) {
	const fs: ManagedFileSystem = {
		lstat: async (path) => entries[path] ?? { kind: "missing" },
		readFile: async () => new TextEncoder().encode(text),
	};
	return fs;
}

describe("readManagedPolicy", () => {
	it("is absent when nothing is there", async () => {
		expect(await readManagedPolicy(fsOf({}), FILE)).toEqual({ status: "absent", file: FILE });
	});

	it("trusts a root-owned file in a root-owned directory and gives its sha256", async () => {
		const outcome = await readManagedPolicy(fsOf({ [FILE]: ROOT_FILE, [DIR]: ROOT_DIR }), FILE);
		expect(outcome).toMatchObject({
			status: "trusted",
			file: FILE,
			config: { permission: { bash: { "rm *": "deny" } } },
		});
		expect(outcome.status === "trusted" ? outcome.sha256 : "").toMatch(/^[0-9a-f]{64}$/);
	});

	it.each([
		[
			"a file not owned by root",
			{ [FILE]: { ...ROOT_FILE, uid: 1000 }, [DIR]: ROOT_DIR },
			"is not owned by root",
			`sudo chown root ${FILE}`,
		],
		[
			"a group-writable file",
			{ [FILE]: { ...ROOT_FILE, mode: 0o100664 }, [DIR]: ROOT_DIR },
			"is writable by group or others",
			`sudo chmod go-w ${FILE}`,
		],
		[
			"an other-writable directory",
			{ [FILE]: ROOT_FILE, [DIR]: { ...ROOT_DIR, mode: 0o40777 } },
			"is writable by group or others",
			`sudo chmod go-w ${DIR}`,
		],
		[
			"a directory not owned by root",
			{ [FILE]: ROOT_FILE, [DIR]: { ...ROOT_DIR, uid: 501 } },
			"is not owned by root",
			`sudo chown root ${DIR}`,
		],
		[
			"a symbolic link",
			{ [FILE]: { kind: "symlink", uid: 0, mode: 0o120777 }, [DIR]: ROOT_DIR },
			"is a symbolic link",
			"replace it",
		],
	] as const)("refuses %s, naming the file and the fix", async (_title, entries, problem, fix) => {
		const outcome = await readManagedPolicy(fsOf(entries), FILE);
		expect(outcome.status).toBe("refused");
		if (outcome.status !== "refused") return;
		expect(outcome.problem).toContain(problem);
		expect(outcome.fix).toContain(fix);
		expect(outcome.file).toBe(FILE);
	});

	it("keeps only the denies of a broken file, and of one holding a key the managed file may not hold", async () => {
		const entries = { [FILE]: ROOT_FILE, [DIR]: ROOT_DIR };
		const broken = await readManagedPolicy(
			fsOf(entries, '{ "permission": { "bash": { "rm *": "deny", "ls *": "allow" } }, }x'),
			FILE,
		);
		expect(broken.status).toBe("invalid");
		const extraKey = await readManagedPolicy(
			fsOf(entries, '{ "yoloMode": true, "permission": { "bash": { "rm *": "deny", "ls *": "allow" } } }'),
			FILE,
		);
		expect(extraKey).toMatchObject({ status: "invalid" });
		const salvaged: PermissionConfig | undefined = extraKey.status === "invalid" ? extraKey.salvaged : undefined;
		expect(salvaged?.permission).toEqual({ bash: { "rm *": "deny" } });
		expect(extraKey.status === "invalid" ? extraKey.problem : "").toContain("yoloMode");
	});
});
