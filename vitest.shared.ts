/**
 * Owns: the vitest settings every package shares: workspace siblings resolve to their `src/` through the
 * `@pi-permissions/source` export condition (client and SSR resolution alike), each run writes a JSON report the
 * root test command totals, and the liveness bound every test and hook gets unless it sets its own.
 * Never: holds package-specific includes; a package config spreads this and adds its own.
 */
import { defineConfig } from "vitest/config";

const conditions = ["@pi-permissions/source", "module", "node", "development|production"];

/**
 * How long a test or hook may run before it counts as hung (ADR 0047). No unit test asserts on time, so this bound
 * only turns a hang into a failure: it is far above what any test takes on an idle machine (vitest's own 5 s default
 * was passed by property tests on a busy 2-core machine), and a test that needs longer says so itself.
 */
export const LIVENESS_TIMEOUT_MS = 120_000;
/** How long `expect.poll` waits for what it polls, within a test's own bound. */
const LIVENESS_POLL_MS = 60_000;

export const sharedConfig = defineConfig({
	resolve: { conditions },
	ssr: { resolve: { conditions, externalConditions: ["@pi-permissions/source", "node"] } },
	test: {
		include: ["test/**/*.test.ts"],
		reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
		testTimeout: LIVENESS_TIMEOUT_MS,
		hookTimeout: LIVENESS_TIMEOUT_MS,
		// `expect.poll` waits for an event with vitest's 1 s default: a liveness wait too, so the same kind of margin.
		expect: { poll: { timeout: LIVENESS_POLL_MS } },
	},
});
