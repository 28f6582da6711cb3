/**
 * Owns: the one zod description of a pi-permissions config file, with the documentation every key carries.
 * Never: words user-facing errors (see `config-issue.ts`) or reads a file; the JSON Schema is generated from it.
 */
import * as z from "zod";
import { PERMISSION_MODES } from "../modes/permission-mode";
import { EXPIRY_PATTERN, expiryInstant } from "./grant-expiry";
import { CONFIG_DEFAULTS } from "./permission-config";
import { SANDBOX_DEFAULTS, SANDBOX_MODES } from "./sandbox-config";

/** What the schema documents about a node; `id` names a `$defs` entry of the generated JSON Schema. */
interface ConfigSchemaMetadata {
	readonly id?: string;
	readonly description: string;
	readonly [jsonSchemaKeyword: string]: unknown;
}

/**
 * A private registry, so importing the package registers nothing globally
 * (`globalRegistry` would throw on a second copy of the same `id`).
 */
export const configSchemaRegistry = z.registry<ConfigSchemaMetadata>();

function documented<T extends z.ZodType>(schema: T, metadata: ConfigSchemaMetadata): T {
	configSchemaRegistry.add<z.ZodType>(schema, metadata);
	return schema;
}

/**
 * Names used as record keys. `__proto__` is listed as forbidden for editors; zod itself never sees such a key
 * (it drops it), so `config-validation.ts` rejects it before zod runs.
 */
function keyName(description: string): z.ZodString {
	return documented(z.string().min(1), { description, not: { const: "__proto__" } });
}

function positiveInteger(description: string, extra: Readonly<Record<string, unknown>> = {}) {
	return documented(z.int().min(1), { description, ...extra }).exactOptional();
}

function flag(description: string, defaultValue: boolean) {
	return documented(z.boolean(), { description, default: defaultValue }).exactOptional();
}

export const permissionStateSchema = documented(z.enum(["allow", "ask", "deny"]), {
	id: "permissionState",
	description: "What happens to a matching call: `allow` runs it, `ask` asks the user, `deny` blocks it.",
});

/** The longest operator reason a deny rule may carry. */
export const MAX_DENY_REASON_LENGTH = 500;

export const denyWithReasonSchema = documented(
	z.strictObject({
		action: documented(z.literal("deny"), {
			description: "Always `deny`; `allow` and `ask` are written as plain strings.",
		}),
		reason: documented(z.string().max(MAX_DENY_REASON_LENGTH), {
			description: `Why the call is blocked, shown to the user and the agent (at most ${MAX_DENY_REASON_LENGTH} characters).`,
		}).exactOptional(),
	}),
	{ id: "denyWithReason", description: "A deny rule that tells the user and the agent why the call is blocked." },
);

export const allowUntilSchema = documented(
	z.strictObject({
		action: documented(z.literal("allow"), { description: "Always `allow`: only an allow rule can end by itself." }),
		expires: documented(
			z
				.string()
				.regex(EXPIRY_PATTERN)
				.refine((text) => expiryInstant(text) !== null, { message: "not a real date" }),
			{
				description:
					"When the rule stops deciding: a UTC date `YYYY-MM-DD` (it ends at 00:00 UTC of that day) or a UTC instant `YYYY-MM-DDTHH:MMZ`.",
			},
		),
	}),
	{
		id: "allowUntil",
		description: "An allow rule that ends: after `expires` it decides nothing, as if it were not written.",
	},
);

export const permissionMapSchema = documented(
	z.record(
		keyName("A wildcard pattern over the surface's values: `*` matches any run of characters, `?` one character."),
		z.union([permissionStateSchema, denyWithReasonSchema, allowUntilSchema]),
	),
	{
		id: "permissionMap",
		description: "Patterns mapped to actions, in order; when several patterns match, the last one wins.",
	},
);

export const shellToolSchema = documented(
	z.strictObject({
		commandArgument: documented(z.string(), {
			description: "The name of the tool argument that holds the shell command.",
		}),
		workdirArgument: documented(z.string(), {
			description: "The name of the tool argument that holds the working directory, if the tool has one.",
		}).exactOptional(),
	}),
	{ description: "Where this tool keeps its command and working directory." },
);

function uniqueNames(names: readonly string[], context: z.RefinementCtx): void {
	const seen = new Set<string>();
	names.forEach((name, index) => {
		if (seen.has(name)) {
			context.addIssue({ code: "custom", message: "duplicate name", path: [index] });
		}
		seen.add(name);
	});
}

// ── `tests`: examples inside the policy (ADR 0035). Self-contained: the schema rows of one key. ──

/** The keys of one example that say what the call's input is; an example names exactly one of them. */
const POLICY_EXAMPLE_INPUT_KEYS = ["command", "path", "input"] as const;

function exactlyOneInput(example: Readonly<Record<string, unknown>>, context: z.RefinementCtx): void {
	const given = POLICY_EXAMPLE_INPUT_KEYS.filter((key) => example[key] !== undefined);
	if (given.length !== 1) {
		context.addIssue({ code: "custom", message: "exactly one of command, path, input", path: [] });
	}
}

export const policyExampleSchema = documented(
	z
		.strictObject({
			name: documented(z.string().min(1), {
				description: "A short name for the example, shown when it fails.",
			}).exactOptional(),
			tool: documented(z.string().min(1), { description: "The tool the example calls: `bash`, `read`, `write`, …" }),
			command: documented(z.string(), {
				description: "Short form for `bash` and shell tools: the command text.",
			}).exactOptional(),
			path: documented(z.string(), {
				description: "Short form for file tools (`read`, `write`, `edit`, `grep`, `find`, `ls`): the path.",
			}).exactOptional(),
			input: documented(z.record(z.string(), z.unknown()), {
				description: "The full tool input, as the model would send it.",
			}).exactOptional(),
			agent: documented(z.string().min(1), {
				description: "Decide as this agent (its `permission:` frontmatter applies).",
			}).exactOptional(),
			expect: documented(z.enum(["allow", "ask", "deny"]), {
				description: "The decision the policy must reach for this call.",
			}),
		})
		.superRefine(exactlyOneInput),
	{
		id: "policyExample",
		description: "One example call and the decision it must get; give exactly one of `command`, `path` or `input`.",
	},
);

const policyExamplesSchema = documented(z.array(policyExampleSchema), {
	description:
		"Examples the policy must satisfy; `pi-permissions test` and `config validate` run them, Pi warns at start-up when one fails.",
}).exactOptional();

// ── end of `tests` ──
// --- sandbox (ADR 0037): a self-contained block; `sandbox-config.ts` owns its types and how scopes merge it.
const sandboxConfigSchema = documented(
	z.strictObject({
		mode: documented(z.enum(SANDBOX_MODES as ["off", "auto", "required"]), {
			description:
				"`off`: bash runs unsandboxed; `auto`: allowed bash calls run in an OS sandbox derived from the policy when one can start, with one warning when not; `required`: bash is denied when the sandbox cannot start. Scopes only raise it.",
			default: SANDBOX_DEFAULTS.mode,
		}).exactOptional(),
		network: documented(
			z.strictObject({
				allowedDomains: documented(
					z.array(
						documented(z.string().min(1), {
							description: "A host (`example.com`), a wildcard (`*.example.com`) or either with `:port`.",
						}),
					),
					{
						description: "Hosts a sandboxed command may reach; everything else, loopback included, is unreachable.",
						default: SANDBOX_DEFAULTS.allowedDomains,
					},
				).exactOptional(),
			}),
			{ description: "What a sandboxed command may reach over the network; nothing unless listed." },
		).exactOptional(),
		userBash: documented(z.boolean(), {
			description: "Also run the commands typed with `!` in the sandbox.",
			default: SANDBOX_DEFAULTS.userBash,
		}).exactOptional(),
	}),
	{ description: "Run allowed bash calls inside an OS sandbox derived from the same policy." },
);
// --- end sandbox
// --- modes and the managed scope (ADRs 0054, 0055): a self-contained block.
/** A mode, documented where it is used (`defaultMode`, an entry of `allowedModes`). */
function modeSchema(description: string) {
	return documented(z.enum(PERMISSION_MODES), {
		description: `${description}: \`default\` (the policy as written), \`accept-edits\`, \`plan\` (read-only), \`auto\` (authorizer links first), \`dont-ask\` (asks denied) or \`yolo\` (asks allowed).`,
	});
}

/** A header name as HTTP writes it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const telemetrySchema = documented(
	z.strictObject({
		endpoint: documented(z.string().regex(/^https?:\/\/[^\s/?#]+[^\s]*$/), {
			description: "The OTLP/HTTP logs endpoint, e.g. `https://otel.example.com/v1/logs`.",
		}),
		headers: documented(
			z.record(
				documented(z.string().regex(HEADER_NAME), { description: "An HTTP header name." }),
				z.string().max(8192),
			),
			{ description: "Headers sent with every export (an API key); never shown or logged." },
		).exactOptional(),
	}),
	{
		description:
			"Export every decision as an OpenTelemetry log record over OTLP/HTTP; read from the managed or global config only, never a project.",
	},
);

const modeKeys = {
	defaultMode: modeSchema("The mode a session starts in").exactOptional(),
	allowedModes: documented(z.array(modeSchema("A mode a session may use")).min(1).superRefine(uniqueNames), {
		description:
			"The modes a session may switch to; every scope that sets it narrows it (the lists intersect), none widens it.",
		uniqueItems: true,
	}).exactOptional(),
	disableYolo: flag("Yolo cannot be used: the flag, the toggle, `--yolo` and the mode are refused.", false),
	requireSandbox: flag("Raise `sandbox.mode` to `required`.", false),
	allowManagedRulesOnly: flag(
		"Only the managed file's allow rules count; other scopes' denies and asks still apply (read from the managed file only).",
		false,
	),
	telemetry: telemetrySchema.exactOptional(),
};
// --- end modes and the managed scope

export const configSchema = documented(
	z.strictObject({
		$schema: documented(z.string(), {
			description: "The URL of this JSON Schema, so editors can complete and check the file.",
		}).exactOptional(),
		debugLog: flag("Write a verbose debug log.", CONFIG_DEFAULTS.debugLog),
		permissionReviewLog: flag(
			"Write the review log: every permission request and its decision.",
			CONFIG_DEFAULTS.permissionReviewLog,
		),
		yoloMode: flag(
			"Answer every `ask` with `allow`, including asks forwarded from subagents; `deny` still blocks.",
			CONFIG_DEFAULTS.yoloMode,
		),
		doublePressToConfirm: documented(z.boolean(), {
			description:
				"Deprecated and ignored; accepted with a warning. The dialog's letters only choose and enter confirms (ADR 0049).",
			deprecated: true,
		}).exactOptional(),
		forwardingTimeoutMs: positiveInteger(
			"How long, in milliseconds, a subagent waits for the parent session to answer a forwarded request.",
			{ default: CONFIG_DEFAULTS.forwardingTimeoutMs },
		),
		promptMaxRows: positiveInteger("How many rows the permission prompt may use; evidence is shortened first.", {
			default: CONFIG_DEFAULTS.promptMaxRows,
		}),
		promptFieldMaxWidth: positiveInteger("How many characters of one field the permission prompt shows.", {
			default: CONFIG_DEFAULTS.promptFieldMaxWidth,
		}),
		reviewLogFieldMaxWidth: positiveInteger("How many characters of one value the review log keeps.", {
			default: CONFIG_DEFAULTS.reviewLogFieldMaxWidth,
		}),
		toolInputPreviewMaxLength: positiveInteger("Deprecated and ignored; accepted with a warning.", {
			deprecated: true,
		}),
		toolTextSummaryMaxLength: positiveInteger("Deprecated and ignored; accepted with a warning.", {
			deprecated: true,
		}),
		piInfrastructureReadPaths: documented(
			z.array(
				documented(z.string().min(1), {
					description: "A directory or glob; `~`, `$HOME` and `${HOME}` expand, `*` and `**` cross `/`.",
				}),
			),
			{
				description: "Extra directories or globs that Pi's own infrastructure may always read.",
				default: CONFIG_DEFAULTS.piInfrastructureReadPaths,
			},
		).exactOptional(),
		protectedPaths: documented(
			z.array(
				documented(z.string().min(1), {
					description:
						"A path or glob; `~`, `$HOME` and `${HOME}` expand, a relative one is under the project, `*` crosses `/`.",
				}),
			),
			{
				description:
					"More files that every write asks the human about, whatever the rules, session grants or yolo say; scopes add to the built-in list and to each other, never remove.",
				default: CONFIG_DEFAULTS.protectedPaths,
			},
		).exactOptional(),
		authorizerChain: documented(
			z
				.array(documented(z.string().min(1), { description: "The name of a registered authorizer link." }))
				.superRefine(uniqueNames),
			{
				description: "The authorizer links to consult, in order, before asking the user; each name at most once.",
				default: CONFIG_DEFAULTS.authorizerChain,
				uniqueItems: true,
			},
		).exactOptional(),
		knownTools: documented(
			z
				.array(documented(z.string().min(1), { description: "The name of a tool another extension registers." }))
				.superRefine(uniqueNames),
			{
				description:
					"Tools that `permission` may name besides the built-in ones and `shellTools`; a `permission` key that is neither a known surface nor listed here gets a warning.",
				uniqueItems: true,
			},
		).exactOptional(),
		// --- the prompt ping (ADR 0033): kept together so merges with other settings stay easy ---
		promptPingBell: flag(
			"Ring the terminal bell when a permission dialog has waited `promptPingDelaySeconds` without a key.",
			CONFIG_DEFAULTS.promptPingBell,
		),
		promptPingDesktop: documented(z.enum(["off", "osc9", "osc777"]), {
			description:
				"Also send a desktop notification escape when the dialog has waited: `osc9` (iTerm2, WezTerm, Windows Terminal, kitty), `osc777` (Ghostty, foot, rxvt-unicode), or `off`.",
			default: CONFIG_DEFAULTS.promptPingDesktop,
		}).exactOptional(),
		promptPingDelaySeconds: positiveInteger(
			"How many seconds an open permission dialog waits for a key before it pings (the TUI only; never in RPC or print mode).",
			{ default: CONFIG_DEFAULTS.promptPingDelaySeconds },
		),
		// --- end of the prompt ping ---
		permission: documented(
			z.record(
				keyName("A surface: a tool name, `bash`, `mcp`, `skill`, `path`, `external_directory`, or `*` for all."),
				z.union([permissionStateSchema, permissionMapSchema]),
			),
			{
				description:
					'The policy: each surface maps to one action, or to patterns mapped to actions. A plain action is short for `{ "*": action }`.',
			},
		).exactOptional(),
		shellTools: documented(z.record(keyName("The name of a tool that runs shell commands."), shellToolSchema), {
			description: "Tools other than `bash` that run shell commands and are gated like `bash`.",
		}).exactOptional(),
		tests: policyExamplesSchema,
		sandbox: sandboxConfigSchema.exactOptional(),
		...modeKeys,
	}),
	{ description: "The pi-permissions configuration." },
);

/** Keys that are accepted but have no effect any more; each one present produces a warning. */
export const DEPRECATED_CONFIG_KEYS: readonly string[] = [
	"doublePressToConfirm",
	"toolInputPreviewMaxLength",
	"toolTextSummaryMaxLength",
];
