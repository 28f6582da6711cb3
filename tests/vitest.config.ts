import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		root: new URL(".", import.meta.url).pathname,
		include: ["**/*.test.ts"],
		reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
	},
});
