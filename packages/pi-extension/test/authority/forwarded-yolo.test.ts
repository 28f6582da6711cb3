import type { ForwardedRequest } from "@pi-permissions/authority";
import { composePolicy, POSIX_FLAVOR, validateConfig } from "@pi-permissions/policy";
import type { PromptPayload } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { forwardedYolo } from "../../src/authority/forwarded-yolo";

function policyOf(config: unknown, yolo: boolean) {
	const validated = validateConfig(config);
	if (!validated.ok) throw new Error("invalid test config");
	return composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
		env: { home: "/home/u", flavor: POSIX_FLAVOR },
		yolo,
	});
}

function request(value: string, matchedPattern: string, surface = "bash"): ForwardedRequest {
	const payload = {
		kind: "bash",
		request: {
			requester: { agentName: null, sessionId: "child", subagent: true },
			surface,
			toolName: "bash",
			invokedToolName: null,
			value,
			matchedPattern,
			ruleOrigin: null,
			commandContext: null,
			executedUnit: null,
		},
		evidence: [],
		annotations: [],
		answerableBy: "any-authorizer",
	} as unknown as PromptPayload;
	return {
		id: "perm-1",
		createdAt: 0,
		requesterSessionId: "child",
		targetSessionId: "parent",
		requesterAgentName: null,
		requesterPid: null,
		payload,
		accessIntent: null,
	};
}

const DENY_RM = { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } };

// ADR 0036 (ADR 0023; ADR 0036): the serving session's yolo settles a forwarded floor as its own.
describe("forwardedYolo", () => {
	it("does nothing while the serving session's yolo is off", () => {
		const settle = forwardedYolo(() => policyOf(DENY_RM, false));
		expect(settle(request('python -c "print(1)"', "<opaque-bash-wrapper>"))).toBeNull();
	});

	it("approves code in another language and refuses a computed name while `rm *` is denied", () => {
		const settle = forwardedYolo(() => policyOf(DENY_RM, true));
		expect(settle(request('python -c "print(1)"', "<opaque-bash-wrapper>"))).toMatchObject({ verdict: "allow" });
		expect(settle(request("$CMD x", "<dynamic-command-name>"))).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "yolo", pattern: "<dynamic-command-name>" },
		});
	});

	it("never approves a unit the serving policy denies, whatever floor the child's payload claims", () => {
		const settle = forwardedYolo(() => policyOf(DENY_RM, true));
		expect(settle(request("rm -rf victim", "<opaque-bash-wrapper>"))).toMatchObject({ verdict: "deny" });
	});

	it("leaves a protected file, a rule's ask and a non-bash ask to a person", () => {
		const settle = forwardedYolo(() => policyOf(DENY_RM, true));
		expect(settle(request("x", "<protected-target>"))).toBeNull();
		expect(settle(request("git push", "git *"))).toBeNull();
		expect(settle(request("/etc/hosts", "<opaque-bash-wrapper>", "path"))).toBeNull();
	});
});
