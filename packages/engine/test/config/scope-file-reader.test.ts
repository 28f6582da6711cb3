import { describe, expect, it } from "vitest";
import { type ConfigFileSystem, FileTooLargeError } from "../../src/config/config-file-system";
import {
	type Admission,
	type CachedInterpretation,
	readScopeFile,
	type ScopeFileRequest,
} from "../../src/config/scope-file-reader";
import { systemError } from "../support/counting-file-system";
import { MemoryFileSystem } from "../support/memory-file-system";

const FILE = "/g/config.json";

const request = (fileSystem: MemoryFileSystem, overrides: Partial<ScopeFileRequest> = {}): ScopeFileRequest => {
	const cache = new Map<string, CachedInterpretation>();
	return {
		fileSystem,
		scope: "global",
		file: FILE,
		format: "config-json",
		maxBytes: 1000,
		cache: { get: (key) => cache.get(key), set: (key, entry) => void cache.set(key, entry) },
		admit: () => ({ kind: "read" }),
		rereadDelaysMs: [],
		expectPresent: false,
		...overrides,
	};
};

describe("readScopeFile", () => {
	it.each([
		{
			title: "stat fails with EACCES",
			arrange: (fs: MemoryFileSystem) => fs.statFails(FILE, systemError("EACCES")),
			message: "the config file cannot be reached: permission denied",
		},
		{
			title: "stat fails with ELOOP",
			arrange: (fs: MemoryFileSystem) => fs.statFails(FILE, systemError("ELOOP")),
			message: "the config file path loops through symbolic links",
		},
		{
			title: "stat fails with an unknown error",
			arrange: (fs: MemoryFileSystem) => fs.statFails(FILE, new Error("disk on fire")),
			message: "the config file cannot be reached: `disk on fire`",
		},
		{
			title: "stat fails with a non-error",
			arrange: (fs: MemoryFileSystem) => fs.statFails(FILE, 42),
			message: "the config file cannot be reached: `42`",
		},
		{
			title: "a read fails with EACCES",
			arrange: (fs: MemoryFileSystem) => fs.readFails(FILE, systemError("EACCES")),
			message: "the config file cannot be read: permission denied",
		},
		{
			title: "a read fails with EISDIR",
			arrange: (fs: MemoryFileSystem) => fs.readFails(FILE, systemError("EISDIR")),
			message: "a directory stands where the config file should be",
		},
		{
			title: "the file changes during the read",
			arrange: (fs: MemoryFileSystem) => fs.readFails(FILE, systemError("EAGAIN")),
			message: "the config file changed while it was read",
		},
		{
			title: "a read finds the file grew past the cap",
			arrange: (fs: MemoryFileSystem) => fs.readFails(FILE, new FileTooLargeError(5000)),
			message: "the config file is 5000 bytes; at most 1000 bytes are read",
		},
		{
			title: "a directory",
			arrange: (fs: MemoryFileSystem) => fs.entry(FILE, { kind: "directory" }),
			message: "a directory stands where the config file should be",
		},
		{
			title: "a dangling link",
			arrange: (fs: MemoryFileSystem) => fs.entry(FILE, { kind: "dangling-symlink" }),
			message: "the config file is a symbolic link to a missing target",
		},
		{
			title: "a device",
			arrange: (fs: MemoryFileSystem) => fs.entry(FILE, { kind: "other" }),
			message: "the config file is not a regular file",
		},
		{
			title: "invalid UTF-8",
			arrange: (fs: MemoryFileSystem) => fs.file(FILE, new Uint8Array([0x7b, 0xc3, 0x28, 0x7d])),
			message: "the config file is not UTF-8 text",
		},
	])("is invalid, never absent, when $title", async ({ arrange, message }) => {
		const fileSystem = new MemoryFileSystem();
		arrange(fileSystem);
		const result = await readScopeFile(request(fileSystem));
		expect(result.status).toBe("invalid");
		if (result.status !== "invalid") return;
		expect(result.issues).toHaveLength(1);
		expect(result.issues[0]).toMatchObject({
			kind: "unreadable",
			scope: "global",
			file: FILE,
			keyPath: [],
			severity: "error",
		});
		expect(result.issues[0]?.message).toBe(message);
	});

	it("rejects a file over the cap from its size alone", async () => {
		const fileSystem = new MemoryFileSystem().file(FILE, `{"$schema": "${"x".repeat(2000)}"}`);
		const result = await readScopeFile(request(fileSystem));
		expect(result).toMatchObject({
			status: "invalid",
			issues: [{ message: "the config file is 2015 bytes; at most 1000 bytes are read" }],
		});
		expect(fileSystem.reads).toBe(0);
	});

	it("rejects more bytes than the cap even when stat reported a small file", async () => {
		const lying: ConfigFileSystem = {
			stat: async () => ({ kind: "file", mtimeMs: 1, size: 2 }),
			readFile: async () => new TextEncoder().encode(`{"$schema": "${"x".repeat(2000)}"}`),
		};
		const result = await readScopeFile({ ...request(new MemoryFileSystem()), fileSystem: lying });
		expect(result).toMatchObject({
			status: "invalid",
			issues: [{ message: "the config file is 2015 bytes; at most 1000 bytes are read" }],
		});
	});

	it("says `agent file` for agent definitions", async () => {
		const fileSystem = new MemoryFileSystem().entry(FILE, { kind: "directory" });
		const result = await readScopeFile(request(fileSystem, { format: "agent-markdown" }));
		expect(result).toMatchObject({ issues: [{ message: "a directory stands where the agent file should be" }] });
	});

	it("strips a UTF-8 byte-order mark", async () => {
		const fileSystem = new MemoryFileSystem().file(
			FILE,
			new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("{}")]),
		);
		expect(await readScopeFile(request(fileSystem))).toMatchObject({ status: "valid", config: {} });
	});

	it.each<{ admission: Admission; status: string }>([
		{ admission: { kind: "read" }, status: "valid" },
		{ admission: { kind: "skip" }, status: "skipped" },
		{
			admission: {
				kind: "refuse",
				issueKind: "project-trust",
				issue: { keyPath: [], message: "m", hint: "h", severity: "error" },
			},
			status: "invalid",
		},
	])("applies the admission $admission.kind to a present file", async ({ admission, status }) => {
		const fileSystem = new MemoryFileSystem().file(FILE, "{}");
		expect((await readScopeFile(request(fileSystem, { admit: () => admission }))).status).toBe(status);
		expect(fileSystem.reads).toBe(status === "valid" ? 1 : 0);
	});

	it("skips rather than judges an entry it cannot stat when admission says skip", async () => {
		const fileSystem = new MemoryFileSystem().statFails(FILE, systemError("EACCES"));
		expect((await readScopeFile(request(fileSystem, { admit: () => ({ kind: "skip" }) }))).status).toBe("skipped");
	});

	it("never asks for admission when nothing is at the path", async () => {
		let asked = false;
		const result = await readScopeFile(
			request(new MemoryFileSystem(), {
				admit: () => {
					asked = true;
					return { kind: "read" };
				},
			}),
		);
		expect(result.status).toBe("absent");
		expect(asked).toBe(false);
	});

	it("reuses the interpretation while mtime and size are unchanged, and re-reads when either changes", async () => {
		const fileSystem = new MemoryFileSystem().file(FILE, '{"debugLog": true}', 10);
		const shared = request(fileSystem);
		await readScopeFile(shared);
		await readScopeFile(shared);
		expect(fileSystem.reads).toBe(1);
		fileSystem.file(FILE, '{"debugLog": false}', 11);
		expect(await readScopeFile(shared)).toMatchObject({ status: "valid", config: { debugLog: false } });
		expect(fileSystem.reads).toBe(2);
	});
});
