import { POSIX_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import type { ShellWord } from "../../../src/bash/reading/shell-word";
import { displayPath } from "../../../src/path/access-path";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { collectBashPaths } from "../../support/collect-bash-paths";
import { assignment, command, dynamic, lit, text, variable, word } from "../../support/command-units";
import { createFakeProbe } from "../../support/fake-probe";

const normalizer = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: createFakeProbe({
		directories: ["/projects/app/src", "/tmp", "/etc"],
		files: ["/projects/app/.env", "/projects/app/a.env", "/etc/hosts"],
	}),
});

const wordArb: fc.Arbitrary<ShellWord> = fc.oneof(
	fc
		.constantFrom(
			"/etc/hosts",
			"../x",
			"*.env",
			".env",
			"src",
			"-n",
			"--file=/tmp/p",
			"if=/etc/x",
			"~/k",
			"/dev/null",
			"https://a/b",
		)
		.map(lit),
	fc.string({ maxLength: 20 }).map(lit),
	fc.constantFrom("f", "HOME", "PWD", "X").map((name) => word(variable(name), text("/y"))),
	fc.constant(word(dynamic("$(pwd)"), text("/z"))),
);
const unitArb: fc.Arbitrary<CommandUnit> = fc.oneof(
	fc
		.tuple(
			fc.constantFrom("cat", "cd", "grep", "sed", "pushd", "popd", "awk", "dd"),
			fc.array(wordArb, { maxLength: 4 }),
		)
		.map(([name, args]) => command(name, args)),
	fc.tuple(fc.constantFrom("f", "X"), wordArb).map(([name, value]) => assignment(name, value)),
);

function uncertain(unit: CommandUnit): CommandUnit {
	return { ...unit, context: "subshell", nesting: ["subshell"] };
}

describe("collectBashPaths laws", () => {
	it("never throws and lists every external path among the rule candidates", () => {
		fc.assert(
			fc.property(fc.array(unitArb, { maxLength: 8 }), (units) => {
				const result = collectBashPaths(units, normalizer);
				for (const path of result.externalPaths) expect(result.ruleCandidates).toContain(path);
			}),
			{ numRuns: 300 },
		);
	});

	it("never loses an external path when an effect becomes uncertain (subshell)", () => {
		fc.assert(
			fc.property(fc.array(unitArb, { maxLength: 8 }), fc.nat(), (units, pick) => {
				if (units.length === 0) return;
				const index = pick % units.length;
				const changed = units.map((unit, i) => (i === index ? uncertain(unit) : unit));
				const before = collectBashPaths(units, normalizer).externalPaths.map(displayPath);
				const afterPaths = collectBashPaths(changed, normalizer).externalPaths;
				// A path at a place the parse cannot know (`$PWD/y` after a `cd` it could not follow) stands for every place.
				if (afterPaths.some((path) => path.kind === "literal" && path.reason === "unresolved-word")) return;
				const after = afterPaths.map(displayPath);
				for (const path of before) expect(after).toContain(path);
			}),
			{ numRuns: 300 },
		);
	});
});
