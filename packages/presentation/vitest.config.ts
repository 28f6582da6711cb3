import { defineConfig } from "vitest/config";

export default defineConfig({
	resolve: { conditions: ["@pi-permissions/source"] },
	test: {
		include: ["test/**/*.test.ts"],
		reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
	},
});
