import { defineConfig } from "tsup";

export default defineConfig({
	// Only the command ships: the demo runs from source (`pnpm demo`), so building it would put dead code in the tarball.
	entry: ["src/main.ts"],
	format: ["esm"],
	dts: false,
	clean: true,
	sourcemap: true,
	target: "node22",
	banner: { js: "#!/usr/bin/env node" },
});
