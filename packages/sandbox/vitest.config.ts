import { mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared.ts";

// The real-sandbox tests start bubblewrap and socat and, in one case, wait two seconds for a background writer;
// on a loaded two-core CI machine one such test took over vitest's 5 s default, so they get a bound with room.
export default mergeConfig(sharedConfig, { test: { testTimeout: 30_000 } });
