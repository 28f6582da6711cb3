import { describe, expect, it } from "vitest";
import { expandDenyGlobs, hasGlobCharacter } from "../../src/linux/deny-glob-expansion";
import { DirectoryListingCache } from "../../src/linux/directory-listing-cache";
import { FakeTree } from "./fake-tree";

function expand(tree: FakeTree, globs: readonly string[]) {
	return expandDenyGlobs(globs, new DirectoryListingCache(tree))
		.map((match) => match.path)
		.sort();
}

describe("expandDenyGlobs", () => {
	it("lists every existing path the glob matches, at any depth under `**`, and nothing that does not exist", () => {
		const tree = new FakeTree().file("/p/.env").file("/p/src/deep/.env").file("/p/src/.envrc").file("/p/a.ts");
		expect(expand(tree, ["/p/**/.env"])).toEqual(["/p/.env", "/p/src/deep/.env"]);
		expect(expand(tree, ["/p/*.ts"])).toEqual(["/p/a.ts"]);
		expect(expand(tree, ["/missing/**/.env"])).toEqual([]);
	});

	it("lists a matched link where its data really is, and a matched directory whole", () => {
		const tree = new FakeTree().file("/data/real.env").link("/p/link.env", "/data/real.env").dir("/p/secrets.d");
		expect(expand(tree, ["/p/*.env", "/p/*.d"])).toEqual(["/data/real.env", "/p/secrets.d"]);
	});

	it("names the directory itself for a glob ending in `/**`", () => {
		const tree = new FakeTree().file("/p/keys/a");
		expect(expand(tree, ["/p/keys/**"])).toEqual(["/p/keys"]);
	});

	it("tells a glob from a literal path", () => {
		expect(hasGlobCharacter("/p/*.env")).toBe(true);
		expect(hasGlobCharacter("/p/.env")).toBe(false);
	});
});
