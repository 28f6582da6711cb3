import { copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig } from "tsup";

export default defineConfig({
	entry: ["src/index.ts"],
	format: ["esm"],
	dts: true,
	clean: true,
	sourcemap: true,
	target: "node22",
	// The grammar ships beside the bundle so an npm install needs no install script and no tree-sitter-bash package.
	onSuccess: async () => {
		copyFileSync(
			createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
			"dist/tree-sitter-bash.wasm",
		);
	},
});
