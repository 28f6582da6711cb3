import type { ExtensionUIContext, ExtensionUIDialogOptions } from "@earendil-works/pi-coding-agent";
import type { AskDetails, GrantScope } from "@pi-permissions/authority";
import { buildToolAskPayload } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { FallbackUserPrompt } from "../../src/ui/fallback-user-prompt";

const details: AskDetails = {
	requestId: "req-1",
	payload: buildToolAskPayload({
		requester: { agentName: null, sessionId: "s1", subagent: false },
		matchedPattern: null,
		ruleOrigin: null,
		sessionSuggestion: "deploy",
		toolName: "deploy",
		value: "deploy",
		input: { target: "prod" },
	}),
	access: { surface: "deploy", matchValues: ["deploy"], boundaryValue: null },
	agentName: null,
	forwarding: null,
};

const LOCAL_SCOPES: readonly GrantScope[] = ["once", "requester-session"];

interface Shown {
	readonly title: string;
	readonly options: readonly string[];
	readonly timeout: number | undefined;
}

function human(select: (options: readonly string[]) => string | undefined, typed?: string) {
	const shown: Shown[] = [];
	const ui = {
		select: async (title: string, options: string[], opts?: ExtensionUIDialogOptions) => {
			shown.push({ title, options, timeout: opts?.timeout });
			return select(options);
		},
		input: async () => typed,
	} as unknown as ExtensionUIContext;
	const prompt = new FallbackUserPrompt(ui, () => ({ promptMaxRows: 24, promptFieldMaxWidth: 160, timeoutMs: 5000 }));
	return { prompt, shown };
}

describe("FallbackUserPrompt", () => {
	it.each([
		["Yes", { answer: "allow", scope: "once", via: "select" }],
		["Yes, for this session", { answer: "allow", scope: "requester-session", via: "select" }],
		["No", { answer: "deny", reason: null, via: "select" }],
	])("maps the choice %s to its answer", async (label, answer) => {
		const { prompt } = human((options) =>
			options.find((option) => option.startsWith(label) && option !== "No, provide reason"),
		);
		expect(await prompt.ask(details, LOCAL_SCOPES)).toEqual(answer);
	});

	it("shows the rendered ask with a bounded wait", async () => {
		const { prompt, shown } = human(() => "No");
		await prompt.ask(details, LOCAL_SCOPES);
		expect(shown[0]?.title).toContain("deploy");
		expect(shown[0]?.timeout).toBe(5000);
	});

	it("denies a dismissed or timed-out dialog", async () => {
		const { prompt } = human(() => undefined);
		expect(await prompt.ask(details, LOCAL_SCOPES)).toEqual({ answer: "deny", reason: null, via: "select" });
	});

	it("carries a typed reason, and drops a blank one", async () => {
		expect(await human(() => "No, provide reason", "not now").prompt.ask(details, LOCAL_SCOPES)).toEqual({
			answer: "deny",
			reason: "not now",
			via: "select",
		});
		expect(await human(() => "No, provide reason", "  ").prompt.ask(details, LOCAL_SCOPES)).toEqual({
			answer: "deny",
			reason: null,
			via: "select",
		});
	});

	it("offers no session approval when the ask may only be approved once", async () => {
		const { prompt, shown } = human(() => "Yes");
		await prompt.ask(details, ["once"]);
		expect(shown[0]?.options).toEqual(["Yes", "No", "No, provide reason"]);
	});
});
