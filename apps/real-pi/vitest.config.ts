import { mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared.ts";

// The real-Pi suites start `pi` processes and tmux sessions: one file at a time. Each test starts Pi at least once and
// waits on it several times, so its liveness bound is wider than the shared one (ADR 0047); a wait inside a test has
// its own, narrower bound that names what it waited for.
// The global setup builds the adapter from source once (see test/support/pi-permissions-build.ts).
export default mergeConfig(sharedConfig, {
	test: {
		fileParallelism: false,
		testTimeout: 300_000,
		hookTimeout: 300_000,
		globalSetup: ["test/support/global-setup.ts"],
	},
});
