/**
 * Owns: the vitest settings every package shares: workspace siblings resolve to their `src/` through the
 * `@pi-permissions/source` export condition (client and SSR resolution alike), and each run writes a JSON report the
 * root test command totals.
 * Never: holds package-specific includes or timeouts; a package config spreads this and adds its own.
 */
import { defineConfig } from "vitest/config";

const conditions = ["@pi-permissions/source", "module", "node", "development|production"];

export const sharedConfig = defineConfig({
	resolve: { conditions },
	ssr: { resolve: { conditions, externalConditions: ["@pi-permissions/source", "node"] } },
	test: {
		include: ["test/**/*.test.ts"],
		reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
	},
});
