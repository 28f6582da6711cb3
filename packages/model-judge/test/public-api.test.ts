import { describe, expect, it } from "vitest";
import * as api from "../src/index";
import { MODEL_JUDGE_NAME } from "../src/model-judge-authorizer";

describe("@pi-permissions/model-judge public API", () => {
	it("exports exactly these runtime names", () => {
		expect(Object.keys(api).sort()).toEqual(["default"].sort());
	});

	it("names the link `model-judge` and exports the Pi extension factory as default", () => {
		expect(MODEL_JUDGE_NAME).toBe("model-judge");
		expect(typeof api.default).toBe("function");
	});
});
