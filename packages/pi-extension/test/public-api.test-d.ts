import type * as authority from "@pi-permissions/authority";
import type * as engine from "@pi-permissions/engine";
import type * as policy from "@pi-permissions/policy";
import type * as presentation from "@pi-permissions/presentation";
import { expectTypeOf, test } from "vitest";
import type * as adapter from "../src/index";

// ADR 0043: the adapter re-exports the core types a third-party extension writes against, unchanged, so one
// `import type` from the package it installs is enough; each re-export must stay the very type of its source.
test("the re-exported core types are their sources' types", () => {
	expectTypeOf<adapter.AskDetails>().toEqualTypeOf<authority.AskDetails>();
	expectTypeOf<adapter.AuthorityLog>().toEqualTypeOf<authority.AuthorityLog>();
	expectTypeOf<adapter.Authorizer>().toEqualTypeOf<authority.Authorizer>();
	expectTypeOf<adapter.AuthorizerPermissionQuery>().toEqualTypeOf<authority.PolicyLookup>();
	expectTypeOf<adapter.AuthorizerVerdict>().toEqualTypeOf<authority.AuthorizerVerdict>();
	expectTypeOf<adapter.PermissionCheck>().toEqualTypeOf<authority.PermissionCheck>();
	expectTypeOf<adapter.DecisionFact>().toEqualTypeOf<engine.DecisionFact>();
	expectTypeOf<adapter.DecisionResolution>().toEqualTypeOf<engine.DecisionResolution>();
	expectTypeOf<adapter.PermissionCheckResult>().toEqualTypeOf<engine.PermissionCheckResult>();
	expectTypeOf<adapter.PermissionState>().toEqualTypeOf<policy.PermissionState>();
	expectTypeOf<adapter.PromptPayload>().toEqualTypeOf<presentation.PromptPayload>();
	expectTypeOf<adapter.PromptEvidence>().toEqualTypeOf<presentation.PromptEvidence>();
	expectTypeOf<adapter.PromptAnnotation>().toEqualTypeOf<presentation.PromptAnnotation>();
	expectTypeOf<adapter.PromptPayloadKind>().toEqualTypeOf<presentation.PromptPayloadKind>();
	expectTypeOf<adapter.PromptRequester>().toEqualTypeOf<presentation.PromptRequester>();
	expectTypeOf<adapter.PromptRequestFacts>().toEqualTypeOf<presentation.PromptRequestFacts>();
	expectTypeOf<adapter.UiPromptSource>().toEqualTypeOf<presentation.UiPromptSource>();
});
