/**
 * Owns: building the link's session state from config text (through the real loader over an in-memory file map).
 * Never: bypasses validation; a test config goes through the same schema a file does.
 */

import { judgeConfigFiles, loadJudgeConfig } from "../../src/config/judge-config-loader";
import type { JudgeModelRegistry } from "../../src/model/judge-model-client";
import type { JudgeSessionState } from "../../src/model-judge-authorizer";
import { JUDGE_MODEL, JUDGE_PROVIDER } from "./faux-judge";

export const PLACES = { agentDir: "/agent", cwd: "/work/project", projectTrusted: true } as const;

/** The state a session with this global config file would hold. */
export function sessionWith(config: unknown, registry: JudgeModelRegistry): JudgeSessionState {
	const files = new Map([[judgeConfigFiles(PLACES).global, JSON.stringify(config)]]);
	return {
		config: loadJudgeConfig(PLACES, (path) => ({ ok: true, value: files.get(path) ?? null })),
		registry,
	};
}

/** A valid config naming the faux judge, with `extra` keys on top. */
export function judgeConfig(extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
	return {
		provider: JUDGE_PROVIDER,
		model: JUDGE_MODEL,
		typoPaths: { typoPatterns: ["packages/([^/]+)/packages/\\1"] },
		...extra,
	};
}
