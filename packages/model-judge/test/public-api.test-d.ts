import type { Authorizer } from "@pi-permissions/authority";
import { describe, expectTypeOf, it } from "vitest";
import type { JudgeConfig } from "../src/config/judge-config-schema";
import type { ModelJudgeAuthorizer } from "../src/model-judge-authorizer";
import type { JudgeFailure } from "../src/review/judge-failure";

// The package exports its Pi extension factory only (ADR 0043); these are the link's own types, read from their modules.
describe("@pi-permissions/model-judge types", () => {
	it("makes the link an authority `Authorizer`", () => {
		expectTypeOf<ModelJudgeAuthorizer>().toMatchTypeOf<Authorizer>();
	});

	it("keeps the failure kinds a closed union", () => {
		expectTypeOf<JudgeFailure["kind"]>().toEqualTypeOf<
			| "no-config"
			| "config-invalid"
			| "model-not-found"
			| "credentials-missing"
			| "timeout"
			| "withdrawn"
			| "model-error"
			| "no-tool-call"
			| "malformed-arguments"
			| "verdict-out-of-range"
			| "threw"
		>();
	});

	it("resolves the opaque-command capability off by default in its type", () => {
		expectTypeOf<JudgeConfig["opaqueCommands"]["enabled"]>().toEqualTypeOf<boolean>();
	});
});
