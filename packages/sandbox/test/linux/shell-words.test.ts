import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { printfBytes, shellWords } from "../../src/linux/shell-words";

describe("shellWords", () => {
	it("writes arguments bash reads back exactly", () => {
		const argv = ["plain", "", "two words", "it's", "$HOME", "a\nb", "*", "--flag=x"];
		const run = spawnSync("bash", ["-c", `printf '%s\\0' ${shellWords(argv)}`], { encoding: "utf8" });
		expect(run.stdout.split("\0").slice(0, -1)).toEqual(argv);
	});

	it("writes bytes as a printf format that prints them exactly", () => {
		const bytes = new Uint8Array([0, 1, 39, 92, 255]);
		const run = spawnSync("bash", ["-c", `printf ${printfBytes(bytes)}`]);
		expect([...run.stdout]).toEqual([...bytes]);
	});
});
