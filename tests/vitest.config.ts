import { defineConfig } from "vitest/config";
import { LIVENESS_TIMEOUT_MS } from "../vitest.shared.ts";

export default defineConfig({
	test: {
		root: new URL(".", import.meta.url).pathname,
		include: ["**/*.test.ts"],
		// The fixture trees are read by the tests, not run: their `*.test.ts` files are planted imports.
		exclude: ["**/node_modules/**", "fixtures/**"],
		reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
		testTimeout: LIVENESS_TIMEOUT_MS,
		hookTimeout: LIVENESS_TIMEOUT_MS,
	},
});
