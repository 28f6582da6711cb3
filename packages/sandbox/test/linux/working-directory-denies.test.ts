import { describe, expect, it } from "vitest";
import { DirectoryListingCache } from "../../src/linux/directory-listing-cache";
import { workingDirectoryDenies } from "../../src/linux/working-directory-denies";
import { FakeTree } from "./fake-tree";

describe("workingDirectoryDenies", () => {
	it("keeps read-only the start-up files and code directories that exist, and names none that does not", () => {
		const tree = new FakeTree()
			.file("/p/.bashrc")
			.file("/p/sub/.gitconfig")
			.dir("/p/.vscode")
			.dir("/p/.git/hooks")
			.file("/p/.git/config")
			.file("/p/node_modules/x/.bashrc")
			.file("/p/a/b/c/.profile");
		const denies = workingDirectoryDenies("/p", new DirectoryListingCache(tree)).sort();
		expect(denies).toEqual(["/p/.bashrc", "/p/.git/config", "/p/.git/hooks", "/p/.vscode", "/p/sub/.gitconfig"]);
	});

	it("keeps a `.git` file at the top read-only (it points git elsewhere)", () => {
		const tree = new FakeTree().file("/p/.git");
		expect(workingDirectoryDenies("/p", new DirectoryListingCache(tree))).toEqual(["/p/.git"]);
	});
});
