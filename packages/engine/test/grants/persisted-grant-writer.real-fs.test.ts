import {
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CONFIG_SCHEMA_ID, composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { parse } from "jsonc-parser";
import { afterEach, describe, expect, it } from "vitest";
import { interpretConfigText } from "../../src/config/config-text-interpretation";
import { createNodeGrantFileSystem } from "../../src/grants/grant-file-system";
import { listPersistedGrants } from "../../src/grants/persisted-grant-list";
import { PersistedGrantWriter } from "../../src/grants/persisted-grant-writer";
import { GRANT_CASES, type GrantCase } from "./persisted-grant-writer.cases";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR } as const;
const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function projectFile(): string {
	const root = mkdtempSync(join(tmpdir(), "grants-"));
	roots.push(root);
	return join(root, ".pi", "extensions", "pi-permissions", "config.json");
}

function outcome(text: string | null, file: string): ScopeOutcome {
	if (text === null) return { scope: "project", status: "absent" };
	const read = interpretConfigText(text, "config-json", { scope: "project", file });
	if (read.status !== "valid") throw new Error(`case text does not load: ${JSON.stringify(read)}`);
	return { scope: "project", status: "valid", config: read.config };
}

function globalScopes(c: GrantCase): ScopeOutcome[] {
	return c.global === undefined ? [] : [{ scope: "global", status: "valid", config: c.global }];
}

/** The original text is the edited text with one contiguous run inserted (a string value may be replaced). */
function changedRun(before: string, after: string): { removed: string; added: string } {
	let p = 0;
	while (p < before.length && p < after.length && before[p] === after[p]) p++;
	let s = 0;
	while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s])
		s++;
	return { removed: before.slice(p, before.length - s), added: after.slice(p, after.length - s) };
}

function isOneAddedLine(before: string, after: string): boolean {
	const eol = before.includes("\r\n") ? "\r\n" : "\n";
	const a = after.split(eol);
	const b = before.split(eol);
	if (a.length !== b.length + 1) return false;
	return a.some((_, i) => [...a.slice(0, i), ...a.slice(i + 1)].join(eol) === before);
}

describe("PersistedGrantWriter over 16 hand-written configs (ADR 0032)", () => {
	it.each(GRANT_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
		const file = projectFile();
		if (c.text !== null) {
			mkdirSync(dirname(file), { recursive: true });
			writeFileSync(file, c.text, { mode: 0o640 });
		}
		const writer = new PersistedGrantWriter(createNodeGrantFileSystem());
		const grant = { surface: c.surface, pattern: c.pattern };
		const result = await writer.add({
			file,
			scope: "project",
			grant,
			values: [c.asked],
			otherScopes: globalScopes(c),
			env: ENV,
			date: "2026-12-01",
			source: "dialog",
		});
		const before = composePolicy({ scopes: [...globalScopes(c), outcome(c.text, file)], env: ENV }).decision;
		for (const value of c.denied) expect(before.evaluate(c.surface, value).state, value).toBe("deny");
		for (const value of c.stillAsk) expect(before.evaluate(c.surface, value).state, value).toBe("ask");

		switch (c.expect.kind) {
			case "conflict": {
				expect(result.ok).toBe(false);
				if (result.ok) return;
				expect(result.error.kind).toBe("conflict");
				if (result.error.kind !== "conflict") return;
				expect(result.error.conflict.kind).toBe(c.expect.conflict);
				expect(JSON.stringify(result.error.conflict)).toContain(JSON.stringify(c.expect.shows));
				expect(c.text === null ? null : readFileSync(file, "utf8")).toBe(c.text);
				return;
			}
			case "present":
				expect(result).toEqual({ ok: true, value: { kind: "present" } });
				expect(readFileSync(file, "utf8")).toBe(c.text);
				return;
			case "written":
				break;
			default: {
				const unhandled: never = c.expect;
				throw new Error(`unhandled ${String(unhandled)}`);
			}
		}
		if (!result.ok) throw new Error(`not written: ${JSON.stringify(result.error)}`);
		const edited = readFileSync(file, "utf8");
		if (c.text === null) {
			expect(parse(edited)).toEqual({
				$schema: CONFIG_SCHEMA_ID,
				permission: { [c.surface]: { [c.pattern]: "allow" } },
			});
			expect(lstatSync(file).mode & 0o777).toBe(0o600);
		} else {
			const run = changedRun(c.text, edited);
			// Every other byte is kept: the edit inserts one run; only a string surface value is replaced by an object.
			expect(["", '"ask"']).toContain(run.removed);
			expect(run.added).toContain("allow");
			expect(isOneAddedLine(c.text, edited)).toBe(c.expect.oneLine);
			expect(lstatSync(file).mode & 0o777).toBe(0o640);
		}
		// The law, on the file as written.
		const after = composePolicy({ scopes: [...globalScopes(c), outcome(edited, file)], env: ENV }).decision;
		expect(after.evaluate(c.surface, c.asked).state).toBe("allow");
		for (const value of c.denied) expect(after.evaluate(c.surface, value).state, value).toBe("deny");
		for (const value of c.stillAsk) expect(after.evaluate(c.surface, value).state, value).toBe("ask");
		// Listed with its line and marker, and forgotten again.
		const listed = listPersistedGrants(edited, "project", file);
		expect(listed).toHaveLength(1);
		const [found] = listed;
		expect(found).toMatchObject({ surface: c.surface, pattern: c.pattern, date: "2026-12-01", source: "dialog" });
		expect(edited.split(/\r?\n/)[(found?.line ?? 0) - 1]).toContain(JSON.stringify(c.pattern));
		expect(result.value).toMatchObject({ kind: "written", grant: found });
		const forgotten = await writer.forget(file, "project", found?.id ?? "");
		expect(forgotten.ok).toBe(true);
		const restored = readFileSync(file, "utf8");
		if (c.text !== null) {
			// Forgetting restores every decision: the composed rules are the ones before the grant.
			const rulesOf = (text: string) =>
				composePolicy({ scopes: [...globalScopes(c), outcome(text, file)], env: ENV }).rules;
			expect(rulesOf(restored)).toEqual(rulesOf(c.text));
			if (c.expect.oneLine) expect(restored).toBe(c.text);
		}
		expect(listPersistedGrants(restored, "project", file)).toEqual([]);
	});
});

describe("PersistedGrantWriter with an end (ADR 0061)", () => {
	const END = Date.UTC(2026, 11, 31);
	const written = GRANT_CASES.filter((c) => c.expect.kind === "written");
	it.each(written.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
		const file = projectFile();
		if (c.text !== null) {
			mkdirSync(dirname(file), { recursive: true });
			writeFileSync(file, c.text, { mode: 0o640 });
		}
		const writer = new PersistedGrantWriter(createNodeGrantFileSystem());
		const result = await writer.add({
			file,
			scope: "project",
			grant: { surface: c.surface, pattern: c.pattern, expires: "2026-12-31" },
			values: [c.asked],
			otherScopes: globalScopes(c),
			env: { ...ENV, now: () => END - 1 },
			date: "2026-12-01",
			source: "cli",
		});
		if (!result.ok) throw new Error(`not written: ${JSON.stringify(result.error)}`);
		const edited = readFileSync(file, "utf8");
		if (c.text !== null && c.expect.kind === "written") expect(isOneAddedLine(c.text, edited)).toBe(c.expect.oneLine);
		const [found] = listPersistedGrants(edited, "project", file);
		expect(found).toMatchObject({ surface: c.surface, pattern: c.pattern, expires: "2026-12-31", source: "cli" });
		expect(edited.split(/\r?\n/)[(found?.line ?? 0) - 1]).toMatch(
			/\{ ?"action": ?"allow", ?"expires": ?"2026-12-31" ?\}/,
		);
		const decide = (text: string | null, at: number) =>
			composePolicy({ scopes: [...globalScopes(c), outcome(text, file)], env: { ...ENV, now: () => at } }).decision;
		expect(decide(edited, END - 1).evaluate(c.surface, c.asked).state).toBe("allow");
		// From its end on, the file decides every value as it did before the grant.
		for (const value of [c.asked, ...c.denied, ...c.stillAsk]) {
			expect(decide(edited, END).evaluate(c.surface, value).state, value).toBe(
				decide(c.text, END).evaluate(c.surface, value).state,
			);
		}
		const forgotten = await writer.forget(file, "project", found?.id ?? "");
		expect(forgotten.ok).toBe(true);
		if (c.text !== null && c.expect.kind === "written" && c.expect.oneLine)
			expect(readFileSync(file, "utf8")).toBe(c.text);
	});
});

describe("PersistedGrantWriter refusals", () => {
	const request = (file: string) => ({
		file,
		scope: "project" as const,
		grant: { surface: "bash", pattern: "npm test *" },
		values: ["npm test"],
		otherScopes: [],
		env: ENV,
		date: "2026-12-01",
		source: "cli" as const,
	});

	it("never writes through a symbolic link, and says where it points", async () => {
		const file = projectFile();
		mkdirSync(dirname(file), { recursive: true });
		const elsewhere = join(dirname(file), "elsewhere.json");
		writeFileSync(elsewhere, "{}\n");
		symlinkSync(elsewhere, file);
		const result = await new PersistedGrantWriter(createNodeGrantFileSystem()).add(request(file));
		expect(result).toEqual({ ok: false, error: { kind: "symlink", file, target: elsewhere } });
		expect(readFileSync(elsewhere, "utf8")).toBe("{}\n");
	});

	it("never edits a file that does not load cleanly", async () => {
		const file = projectFile();
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, '{ "permission": { "bash": { "rm *": "deny" } ');
		const result = await new PersistedGrantWriter(createNodeGrantFileSystem()).add(request(file));
		expect(result.ok ? null : result.error.kind).toBe("invalid-file");
		expect(readFileSync(file, "utf8")).toBe('{ "permission": { "bash": { "rm *": "deny" } ');
	});

	it("gives up after the bounded wait while another session holds the lock, and breaks a stale lock", async () => {
		const file = projectFile();
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(`${file}.lock`, "");
		const writer = new PersistedGrantWriter(createNodeGrantFileSystem(), { lockWaitMs: 60, staleLockMs: 60_000 });
		const held = await writer.add(request(file));
		expect(held.ok ? null : held.error.kind).toBe("locked");
		const old = new Date(Date.now() - 120_000);
		utimesSync(`${file}.lock`, old, old);
		const stale = await writer.add(request(file));
		expect(stale.ok).toBe(true);
		expect(() => lstatSync(`${file}.lock`)).toThrow();
	});
});
