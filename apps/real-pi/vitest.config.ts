import { mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared.ts";

// The real-Pi suites start `pi` processes and tmux sessions: one file at a time, with generous per-test bounds.
// The global setup builds the adapter from source once (see test/support/pi-permissions-build.ts).
export default mergeConfig(sharedConfig, {
	test: {
		fileParallelism: false,
		testTimeout: 60_000,
		hookTimeout: 120_000,
		globalSetup: ["test/support/global-setup.ts"],
	},
});
