/** fast-check arbitraries for payloads of every kind, built through the real builders from hostile strings. */
import fc from "fast-check";
import type { AskBase } from "../../src/build/ask-base";
import { buildBashAskPayload, buildBashExternalDirectoryAskPayload } from "../../src/build/bash-ask-payload";
import { buildForwardedAskPayload } from "../../src/build/forwarded-ask-payload";
import { buildExternalDirectoryAskPayload, buildPathAskPayload } from "../../src/build/path-ask-payload";
import { buildSkillAskPayload, buildSkillReadAskPayload } from "../../src/build/skill-ask-payload";
import { buildMcpAskPayload, buildToolAskPayload } from "../../src/build/tool-ask-payload";
import { ANSWERABLE_BY, BASH_COMMAND_CONTEXTS, type PromptPayload, RULE_ORIGINS } from "../../src/prompt-payload";

/** Strings mixing wide, combining, emoji, control, escape-sequence and lone-surrogate characters. */
export const hostileString = (maxLength = 60): fc.Arbitrary<string> =>
	fc
		.array(
			fc.oneof(
				fc.string({ unit: "grapheme", maxLength: 4 }),
				fc.string({ unit: "binary", maxLength: 4 }),
				fc.constantFrom(
					"字",
					"😀",
					"👨‍👩‍👧",
					"é",
					"e\u0301",
					"\u0301",
					"\u001b[2J",
					"\u009b31m",
					"\n",
					"\t",
					"\r",
					"\ud800",
					"\udc00",
					"\u202e",
					"ｱ",
					"1\ufe0f\u20e3",
				),
			),
			{ maxLength: Math.ceil(maxLength / 3) },
		)
		.map((parts) => parts.join(""));

const nullable = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arbitrary, { nil: null });

const baseArbitrary: fc.Arbitrary<AskBase> = fc.record({
	requester: fc.record({
		agentName: nullable(hostileString(20)),
		sessionId: nullable(hostileString(20)),
		subagent: fc.boolean(),
	}),
	matchedPattern: nullable(hostileString(30)),
	ruleOrigin: nullable(fc.constantFrom(...RULE_ORIGINS)),
	sessionSuggestion: nullable(hostileString(30)),
	answerableBy: fc.constantFrom(...ANSWERABLE_BY),
});

const unitArbitrary = fc.record({
	text: hostileString(40),
	context: nullable(fc.constantFrom(...BASH_COMMAND_CONTEXTS)),
	start: fc.constant(null),
});

const pathArbitrary = fc.record({ path: hostileString(40), canonical: nullable(hostileString(40)) });

export const localPayloadArbitrary: fc.Arbitrary<PromptPayload> = fc.oneof(
	fc
		.tuple(
			baseArbitrary,
			hostileString(200),
			unitArbitrary,
			fc.array(unitArbitrary, { maxLength: 6 }),
			nullable(hostileString(30)),
			nullable(hostileString(10)),
		)
		.map(([base, command, unit, units, executedUnit, invoked]) =>
			buildBashAskPayload({
				...base,
				toolName: "bash",
				invokedToolName: invoked,
				command: `${command}${unit.text}`,
				unit,
				units,
				executedUnit,
			}),
		),
	fc
		.tuple(
			baseArbitrary,
			hostileString(20),
			fc.dictionary(hostileString(10), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
		)
		.map(([base, target, args]) =>
			buildMcpAskPayload({ ...base, toolName: `mcp__${target}`, target, arguments: args }),
		),
	fc
		.tuple(baseArbitrary, hostileString(20), fc.object({ maxDepth: 2, maxKeys: 5 }))
		.map(([base, tool, input]) => buildToolAskPayload({ ...base, toolName: tool, value: tool, input })),
	fc
		.tuple(baseArbitrary, pathArbitrary, nullable(hostileString(80)))
		.map(([base, path, command]) =>
			buildPathAskPayload({ ...base, toolName: "read", invokedToolName: null, ...path, command }),
		),
	fc
		.tuple(baseArbitrary, pathArbitrary, hostileString(40))
		.map(([base, path, cwd]) =>
			buildExternalDirectoryAskPayload({ ...base, toolName: "edit", value: path.path, ...path, workingDirectory: cwd }),
		),
	fc
		.tuple(
			baseArbitrary,
			hostileString(120),
			fc.array(pathArbitrary, { minLength: 1, maxLength: 5 }),
			hostileString(40),
		)
		.map(([base, command, paths, cwd]) =>
			buildBashExternalDirectoryAskPayload({
				...base,
				toolName: "bash",
				invokedToolName: null,
				command,
				value: paths[0]?.path ?? "",
				flaggedPath: paths[0]?.path ?? "",
				workingDirectory: cwd,
				externalPaths: paths,
			}),
		),
	fc
		.tuple(baseArbitrary, hostileString(20), nullable(hostileString(60)))
		.map(([base, skill, args]) => buildSkillAskPayload({ ...base, skillName: skill, arguments: args })),
	fc
		.tuple(baseArbitrary, hostileString(20), hostileString(60))
		.map(([base, skill, path]) => buildSkillReadAskPayload({ ...base, toolName: "read", skillName: skill, path })),
);

const provenanceArbitrary = fc.record({
	requesterAgentName: nullable(hostileString(20)),
	requesterSessionId: nullable(hostileString(20)),
});

/** Local payloads, and the same forwarded through one to three hops. */
export const payloadArbitrary: fc.Arbitrary<PromptPayload> = fc
	.tuple(localPayloadArbitrary, fc.array(provenanceArbitrary, { maxLength: 3 }))
	.map(([local, hops]) =>
		hops.reduce<PromptPayload>((child, forwarding) => buildForwardedAskPayload({ child, forwarding }), local),
	);
