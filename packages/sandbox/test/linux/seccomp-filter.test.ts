import { describe, expect, it } from "vitest";
import { seccompArchitecture, seccompProgram } from "../../src/linux/seccomp-filter";

describe("seccompProgram", () => {
	it.each(["x64", "arm64"] as const)("assembles whole 8-byte instructions for %s, ending in returns", (arch) => {
		const program = seccompProgram(arch);
		expect(program.length % 8).toBe(0);
		const view = new DataView(program.buffer);
		const last = program.length - 8;
		expect(view.getUint16(last, true)).toBe(0x06);
	});

	it("has a program only for the architectures whose numbers it knows", () => {
		expect(seccompArchitecture("x64")).toBe("x64");
		expect(seccompArchitecture("arm64")).toBe("arm64");
		expect(seccompArchitecture("ia32")).toBeNull();
	});
});
