import { BashParser } from "@pi-permissions/access-intent";
import { beforeAll, describe, expect, it } from "vitest";
import { BashParserLoader } from "../../src/session/bash-parser-loader";

let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

describe("BashParserLoader", () => {
	it("is cold until the first load, then warm with the loaded parser", async () => {
		const loader = new BashParserLoader(() => Promise.resolve(parser));
		expect(loader.current).toBeNull();
		expect(await loader.load()).toBe(parser);
		expect(loader.current).toBe(parser);
	});

	it("loads once: concurrent and later callers share the first load", async () => {
		let loads = 0;
		const loader = new BashParserLoader(() => {
			loads += 1;
			return Promise.resolve(parser);
		});
		const [first, second] = await Promise.all([loader.load(), loader.load()]);
		await loader.load();
		expect([first, second, loads]).toEqual([parser, parser, 1]);
	});

	it("stays cold after a failed load, and the next load tries again", async () => {
		let loads = 0;
		const loader = new BashParserLoader(() => {
			loads += 1;
			return loads === 1 ? Promise.reject(new Error("no grammar")) : Promise.resolve(parser);
		});
		await expect(loader.load()).rejects.toThrow("no grammar");
		expect(loader.current).toBeNull();
		expect(await loader.load()).toBe(parser);
		expect([loader.current, loads]).toEqual([parser, 2]);
	});
});
