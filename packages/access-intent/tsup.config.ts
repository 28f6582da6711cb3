import { copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

export default defineConfig({
	...libraryBuild,
	// The grammar ships beside the bundle so an npm install needs no install script and no tree-sitter-bash package.
	onSuccess: async () => {
		copyFileSync(
			createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
			"dist/tree-sitter-bash.wasm",
		);
	},
});
