/**
 * Owns: the build settings every library package shares (ESM + `.d.ts` for Node 22, from `src/index.ts`).
 * Never: holds a package's extra steps; a package config spreads this and adds its own (e.g. copying a wasm file).
 */
import type { Options } from "tsup";

export const libraryBuild: Options = {
	entry: ["src/index.ts"],
	format: ["esm"],
	dts: true,
	clean: true,
	sourcemap: true,
	target: "node22",
};
