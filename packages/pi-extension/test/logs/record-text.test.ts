import { describe, expect, it } from "vitest";
import { elisionMark, MIN_RECORD_TEXT_BOUND, REDACTED, recordText, redactSecrets } from "../../src/logs/record-text";
import { SECRET_SHAPES } from "../../src/logs/secret-shapes";
import { REDACTION_CASES } from "./record-text.cases";

describe("redactSecrets", () => {
	it.each(REDACTION_CASES)("$id: $input", ({ input, expected }) => {
		expect(redactSecrets(input)).toBe(expected);
	});

	it("has a table of at least 40 rows, and a row for every secret shape", () => {
		expect(REDACTION_CASES.length).toBeGreaterThanOrEqual(40);
		const shapes = new Set(REDACTION_CASES.map((row) => row.shape));
		for (const { id } of SECRET_SHAPES) expect(shapes, id).toContain(id);
	});

	it("fires the shape each row names, on its own", () => {
		for (const row of REDACTION_CASES) {
			if (row.shape === null) continue;
			const shape = SECRET_SHAPES.find((candidate) => candidate.id === row.shape);
			expect(shape, row.id).toBeDefined();
			expect(row.input.match(new RegExp(shape?.pattern ?? "$^")), row.id).not.toBeNull();
		}
	});

	it("redacts a secret that sits a megabyte into the text, in linear work", () => {
		const text = `${"tokentoken-".repeat(100_000)} GITHUB_TOKEN=hunter2`;
		expect(redactSecrets(text).endsWith(`GITHUB_TOKEN=${REDACTED}`)).toBe(true);
	});
});

describe("recordText", () => {
	it("keeps a short text whole", () => {
		expect(recordText("ls -la", 100)).toBe("ls -la");
	});

	it("keeps the head and the tail of a long command, so the dangerous end is recorded", () => {
		const command = `ls ${"a".repeat(1_000_000)} ; rm -rf x`;
		const text = recordText(command, 200);
		expect(text.length).toBeLessThanOrEqual(200);
		expect(text.startsWith("ls aaaa")).toBe(true);
		expect(text.endsWith("; rm -rf x")).toBe(true);
		expect(text).toMatch(/ …\(\d+ chars elided\)… /);
	});

	it("names how many characters the elision hid", () => {
		const text = recordText("x".repeat(500), 100);
		const hidden = Number(/…\((\d+) chars elided\)…/.exec(text)?.[1]);
		expect(text.length - elisionMark(hidden).length + hidden).toBe(500);
	});

	it("redacts before it cuts, so no half of a secret survives the cut", () => {
		const secret = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5";
		for (let pad = 0; pad < 120; pad += 7) {
			const text = recordText(`${"y".repeat(pad)} ${secret} ${"z".repeat(200)}`, 100);
			expect(text).not.toContain(secret.slice(0, 12));
		}
	});

	it("never splits a redaction mark at the cut", () => {
		for (let pad = 0; pad < 80; pad += 1) {
			const text = recordText(`${"a".repeat(pad)} TOKEN=x ${"b".repeat(300)}`, 60);
			expect(recordText(text, 60)).toBe(text);
		}
	});

	it("raises a tiny bound to the smallest it honours", () => {
		expect(recordText("q".repeat(500), 5).length).toBeLessThanOrEqual(MIN_RECORD_TEXT_BOUND);
	});
});
