/**
 * Owns: the Pi extension factory of `@pi-permissions/model-judge`, its one export (the default, the package's
 * composition root): the link reaches pi-permissions only through the published service, so no package names more.
 * Never: does work in the factory beyond subscribing; everything starts at `session_start` / `permissions:ready`.
 */

import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { getAgentDir } from "@earendil-works/pi-coding-agent";
import { systemClock } from "@pi-permissions/authority";
import { createModelJudgeExtension } from "./extension/model-judge-extension";
import { nodeReadText } from "./extension/node-read-text";

export default function modelJudge(pi: ExtensionAPI): void {
	createModelJudgeExtension({
		agentDir: getAgentDir(),
		readText: nodeReadText,
		clock: systemClock,
		serviceHost: globalThis,
	})(pi);
}
