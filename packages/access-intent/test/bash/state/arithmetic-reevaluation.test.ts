import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../../src/bash/bash-program";
import { arithmeticFloor } from "../../../src/bash/state/arithmetic-reevaluation";
import { parser } from "../../support/bash-fixture";
import { ORDINARY, REEVALUATED } from "./arithmetic-reevaluation.cases";

describe("arithmeticFloor", () => {
	it.each(REEVALUATED)("$id asks because arithmetic reaches computed text: $command", ({ command }) => {
		const parsed = parseBashUnits(command, parser);
		expect(parsed.unparseable?.reason).toMatch(/arithmetic|sets a variable whose name is computed/);
		// The units stay, so a deny on one of them still decides.
		expect(parsed.units.length).toBeGreaterThan(0);
	});

	it.each(ORDINARY)("$id reads as before: $command", ({ command }) => {
		expect(parseBashUnits(command, parser).unparseable).toBeNull();
	});

	it("names the command substitution in its reason", () => {
		const { units } = parseBashUnits("echo $(( $(cat f) ))", parser);
		expect(arithmeticFloor("echo $(( $(cat f) ))", units)).toBe(
			"arithmetic over the output of a command can run commands (`$(( $(…) ))`)",
		);
	});

	it("names the computed variable in its reason", () => {
		const command = "d='$'; x=\"a[${d}(rm x)]\"; (( x ))";
		const { units } = parseBashUnits(command, parser);
		expect(arithmeticFloor(command, units)).toBe(
			"arithmetic over `d`, a value computed in this command, can run the commands it holds",
		);
	});

	it("leaves a command without an arithmetic context alone before reading its units", () => {
		expect(arithmeticFloor("ls -la", [])).toBeNull();
	});
});
