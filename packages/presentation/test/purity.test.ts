import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");
const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));

describe("@pi-permissions/presentation sources", () => {
	it.each(files)("%s imports no node module and reads no clock, randomness or process state", (file) => {
		const text = readFileSync(join(SRC, file), "utf8");
		expect(text).not.toMatch(/from "node:|require\(|process\.|Date\.|Math\.random|crypto\./);
	});

	it.each(files)("%s opens with an Owns/Never charter", (file) => {
		const text = readFileSync(join(SRC, file), "utf8");
		if (file === "index.ts") return;
		expect(text).toMatch(/^\/\*\*\n \* Owns: [^\n]+\n(?: \*[^\n]*\n)*? \* Never: /);
	});
});
