import { expectTypeOf, test } from "vitest";
import type { PermissionState, Result, Rule, RuleMatch, RuleOrigin } from "../src/index";

test("the key public types keep their shape", () => {
	expectTypeOf<PermissionState>().toEqualTypeOf<"allow" | "ask" | "deny">();
	expectTypeOf<Rule["origin"]>().toEqualTypeOf<RuleOrigin>();
	expectTypeOf<RuleMatch["matchedPattern"]>().toEqualTypeOf<string | null>();
	expectTypeOf<Result<number, string>>().toMatchTypeOf<{ ok: boolean }>();
});
