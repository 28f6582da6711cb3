import { describe, expect, it } from "vitest";
import { DirectoryListingCache } from "../../src/linux/directory-listing-cache";
import { FakeTree } from "./fake-tree";

const names = (listing: ReturnType<DirectoryListingCache["list"]>) =>
	Array.isArray(listing) ? listing.map((entry) => entry.name).sort() : listing;

describe("DirectoryListingCache", () => {
	it("reuses a settled listing while the directory's times hold, and reads it again once they change", () => {
		const tree = new FakeTree().file("/p/a");
		tree.clock = 20_000;
		const cache = new DirectoryListingCache(tree);
		cache.beginPass();
		expect(names(cache.list("/p"))).toEqual(["a"]);
		cache.beginPass();
		expect(names(cache.list("/p"))).toEqual(["a"]);
		expect(tree.reads).toBe(1);
		tree.file("/p/b");
		tree.clock = 40_000;
		cache.beginPass();
		expect(names(cache.list("/p"))).toEqual(["a", "b"]);
		expect(tree.reads).toBe(2);
	});

	it("does not trust a listing whose times are within the last second (a change in the same tick would hide)", () => {
		const tree = new FakeTree();
		tree.clock = 5_000;
		tree.file("/p/a");
		tree.clock = 5_500;
		const cache = new DirectoryListingCache(tree);
		cache.beginPass();
		cache.list("/p");
		cache.beginPass();
		cache.list("/p");
		expect(tree.reads).toBe(2);
	});

	it("answers null for a directory that is gone", () => {
		const tree = new FakeTree().file("/p/a");
		const cache = new DirectoryListingCache(tree);
		cache.beginPass();
		cache.list("/p");
		tree.remove("/p/a").remove("/p");
		cache.beginPass();
		expect(cache.list("/p")).toBeNull();
	});
});
