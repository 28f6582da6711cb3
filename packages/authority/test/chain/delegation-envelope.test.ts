import { describe, expect, it } from "vitest";
import { capVerdict } from "../../src/chain/delegation-envelope";
import { askDetails, localPayload } from "../support/ask-details";
import { ENVELOPE_CASES } from "./authz.cases";

describe("capVerdict", () => {
	it.each(ENVELOPE_CASES)("$id caps a link verdict on $gateSurface", (row) => {
		const details = askDetails({
			access: row.gateSurface === null ? null : { surface: row.gateSurface, matchValues: ["/x"], boundaryValue: "/x" },
			payload: localPayload({ surface: row.displaySurface ?? row.gateSurface ?? "bash", toolName: row.toolName }),
		});
		expect(capVerdict(row.linkVerdict, details)).toEqual(row.cappedVerdict);
	});

	it("treats an empty gate surface as undetermined", () => {
		const details = askDetails({ access: { surface: "", matchValues: ["x"], boundaryValue: null } });
		expect(capVerdict({ verdict: "allow" }, details)).toEqual({ verdict: "defer" });
	});
});
