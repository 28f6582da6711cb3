import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { isSensitiveKey, JsonlLogWriter, REDACTED } from "../../src/logs/jsonl-log-writer";
import { readJsonl } from "../support/jsonl-records";

function logFile(): string {
	return join(mkdtempSync(join(tmpdir(), "pp-log-")), "logs", "nested", "review.jsonl");
}

function lines(file: string): Record<string, unknown>[] {
	return readJsonl(file);
}

describe("JsonlLogWriter", () => {
	it("creates the file 0600 inside a 0700 directory", () => {
		const file = logFile();
		new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 }).write({ event: "x" });
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(statSync(join(file, "..")).mode & 0o777).toBe(0o700);
	});

	it("never writes values under sensitive key names, at any depth", () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 });
		writer.write({ toolName: "bash", input: { api_key: "sk-live-1", headers: [{ Authorization: "Bearer abc" }] } });
		writer.write({ PASSWORD: "hunter2", sessionId: "s-1" });
		const text = readFileSync(file, "utf8");
		for (const secret of ["sk-live-1", "Bearer abc", "hunter2"]) expect(text).not.toContain(secret);
		expect(lines(file)[1]).toEqual({ PASSWORD: REDACTED, sessionId: "s-1" });
	});

	it.each([
		["password", true],
		["db-password", true],
		["accessToken", true],
		["API_KEY", true],
		["clientSecret", true],
		["sessionId", false],
		["sessionPatterns", false],
		["decidedBy", false],
		["toolName", false],
	])("treats the key %s as sensitive: %s", (key, sensitive) => {
		expect(isSensitiveKey(key)).toBe(sensitive);
	});

	it("keeps the head and tail of a string longer than the field width, with a mark of what was cut", () => {
		const file = logFile();
		const value = `${"a".repeat(100)}${"b".repeat(100)}`;
		new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 64 }).write({ value });
		expect(lines(file)[0]).toEqual({ value: `${"a".repeat(21)} …(158 chars elided)… ${"b".repeat(21)}` });
	});

	it("redacts a secret-shaped value in any string, at any depth, and in a key", () => {
		const file = logFile();
		new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 200 }).write({
			value: "mysql -psecretpass db",
			nested: { list: ["export GITHUB_TOKEN=ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5"] },
			"sk-live-123456789": 1,
		});
		expect(lines(file)[0]).toEqual({
			value: `mysql -p${REDACTED} db`,
			nested: { list: [`export GITHUB_TOKEN=${REDACTED}`] },
			[REDACTED]: 1,
		});
	});

	it("keeps a 10,000-record session within twice the generation bound", () => {
		const file = logFile();
		const maxBytes = 20_000;
		const writer = new JsonlLogWriter({ file, maxBytes, fieldMaxWidth: 200 });
		for (let index = 0; index < 10_000; index++)
			writer.write({ event: "permission_decision", index, value: "x".repeat(80) });
		const total = statSync(file).size + statSync(`${file}.1`).size;
		expect(total).toBeLessThanOrEqual(2 * maxBytes);
		expect(lines(file).at(-1)).toMatchObject({ index: 9_999 });
	});

	it("drops a record it cannot write instead of throwing", () => {
		const root = mkdtempSync(join(tmpdir(), "pp-log-"));
		writeFileSync(join(root, "blocker"), "a file where the log directory should be");
		const file = join(root, "blocker", "review.jsonl");
		expect(() => new JsonlLogWriter({ file, maxBytes: 1000, fieldMaxWidth: 10 }).write({ event: "x" })).not.toThrow();
		expect(existsSync(file)).toBe(false);
	});

	it("appends a queued record on the next turn of the event loop, not before", async () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 });
		writer.writeLater(() => ({ event: "later" }));
		expect(existsSync(file)).toBe(false);
		await nextTurn();
		expect(lines(file)).toEqual([{ event: "later" }]);
	});

	it("appends the queued records before a record written at once, in call order", () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 });
		writer.writeLater(() => ({ index: 1 }));
		writer.writeLater(() => ({ index: 2 }));
		writer.write({ index: 3 });
		expect(lines(file)).toEqual([{ index: 1 }, { index: 2 }, { index: 3 }]);
	});

	it("redacts and caps a queued record like one written at once", () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 64 });
		writer.writeLater(() => ({ token: "tok-123", value: `${"a".repeat(100)}${"b".repeat(100)}` }));
		writer.flush();
		expect(lines(file)).toEqual([
			{ token: REDACTED, value: `${"a".repeat(21)} …(158 chars elided)… ${"b".repeat(21)}` },
		]);
	});

	it("rotates in the middle of a queued batch, keeping 10,000 records within twice the bound and in order", () => {
		const file = logFile();
		const maxBytes = 20_000;
		const writer = new JsonlLogWriter({ file, maxBytes, fieldMaxWidth: 200 });
		for (let index = 0; index < 10_000; index++)
			writer.writeLater(() => ({ event: "permission_decision", index, value: "x".repeat(80) }));
		writer.flush();
		expect(statSync(file).size).toBeLessThanOrEqual(maxBytes);
		expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(maxBytes);
		const kept = [...lines(`${file}.1`), ...lines(file)].map((record) => record.index);
		expect(kept.at(-1)).toBe(9_999);
		expect(kept).toEqual(Array.from({ length: kept.length }, (_, offset) => 10_000 - kept.length + offset));
	});

	it("drops a queued record whose builder throws and writes the others", () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 });
		writer.writeLater(() => ({ index: 1 }));
		writer.writeLater(() => {
			throw new Error("broken record");
		});
		writer.writeLater(() => ({ index: 3 }));
		expect(() => writer.flush()).not.toThrow();
		expect(lines(file)).toEqual([{ index: 1 }, { index: 3 }]);
	});

	it("writes nothing when a flush finds the queue empty", async () => {
		const file = logFile();
		const writer = new JsonlLogWriter({ file, maxBytes: 10_000, fieldMaxWidth: 100 });
		writer.writeLater(() => ({ index: 1 }));
		writer.flush();
		await nextTurn();
		writer.flush();
		expect(lines(file)).toEqual([{ index: 1 }]);
	});

	it("classifies a key the same after more distinct keys than its memo keeps", () => {
		expect(isSensitiveKey("db-password")).toBe(true);
		for (let index = 0; index < 3_000; index++) isSensitiveKey(`field${index}`);
		expect(isSensitiveKey("db-password")).toBe(true);
		expect(isSensitiveKey("toolName")).toBe(false);
		expect(isSensitiveKey("field2999")).toBe(false);
	});
});
