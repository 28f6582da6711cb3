import { BashProgram, PathNormalizer } from "@pi-permissions/access-intent";
import { BASH_SURFACE, POSIX_FLAVOR, restrictiveness } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBashCommand } from "../../src/bash/bash-command-check";
import { CORPUS_CWD, CORPUS_HOME, EMPTY_PROBE, parser, policyOf } from "../support/engine-fixture";

/**
 * ADR 0053's laws over random policies and respelled commands: matching by meaning never makes a decision less
 * restrictive than matching as written, and a deny the written spelling meets always stands (also for commands whose
 * inert options an allow may look past).
 */

const normalizer = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});

const PATTERNS = [
	"*",
	"rm *",
	"rm -rf *",
	"rm -fr *",
	"rm -r *",
	"rm -r -f *",
	"rm -Rf build",
	"rm -rf build",
	"rm -rf*",
	"rm --force *",
	"git *",
	"git push *",
	"git push --force *",
	"git push -f origin main",
	"git push origin +*",
	"git push --force-with-lease *",
	"git log *",
	"git diff *",
	"git --no-pager *",
	"git -C * push *",
	"cp -a *",
	"cp -r *",
	"cp *",
	"sed -i *",
	"sed *",
	"* --force *",
	"* -f *",
	"chmod -R *",
];
const ACTIONS = ["allow", "ask", "deny"] as const;

const policyArb = fc
	.array(fc.tuple(fc.constantFrom(...PATTERNS), fc.constantFrom(...ACTIONS)), { minLength: 1, maxLength: 7 })
	.map((rules) => Object.fromEntries(rules));

const words = (choices: readonly string[], max: number) =>
	fc.array(fc.constantFrom(...choices), { maxLength: max }).map((list) => list.join(" "));

const join = (...parts: string[]) => parts.filter((part) => part !== "").join(" ");

const RM_OPTIONS = [
	"-r",
	"-R",
	"--recursive",
	"-f",
	"--force",
	"-rf",
	"-fr",
	"-Rf",
	"-i",
	"-v",
	"--rec",
	"--for",
	"-d",
];
const PUSH_OPTIONS = ["-f", "--force", "--force-with-lease", "--force-if-includes", "--mirror", "-v", "-n", "-u"];
const CP_OPTIONS = ["-a", "-r", "-R", "--recursive", "-d", "--preserve=all", "-v", "-n", "-dR"];
const SED_OPTIONS = ["-i", "-i.bak", "--in-place", "-n", "-E", "-e s/a/b/"];

/** Commands whose words hold no inert option: their written spelling is their only plain one. */
const respelled = fc.oneof(
	fc.tuple(words(RM_OPTIONS, 4), words(["build", "x", "a", "/"], 2)).map(([o, a]) => join("rm", o, a)),
	fc
		.tuple(fc.constantFrom("", "-C x"), words(PUSH_OPTIONS, 3), words(["origin", "main", "+main", "+dev", "dev"], 3))
		.map(([g, o, a]) => join("git", g, "push", o, a)),
	fc.tuple(words(CP_OPTIONS, 3), words(["src", "dst", "a"], 2)).map(([o, a]) => join("cp", o, a)),
	fc.tuple(words(SED_OPTIONS, 3), words(["s/x/y/", "f"], 2)).map(([o, a]) => join("sed", o, a)),
	fc.tuple(words(["-R", "--recursive", "-f", "-v"], 2), words(["700", "d"], 2)).map(([o, a]) => join("chmod", o, a)),
);

/** Git commands with global options an allow may look past, and the same words without them. */
const withInert = fc
	.tuple(
		fc
			.array(fc.constantFrom("--no-pager", "-P", "-c color.ui=never", "-c core.pager=cat", "--no-optional-locks"), {
				minLength: 1,
				maxLength: 2,
			})
			.map((list) => list.join(" ")),
		fc.constantFrom("log", "diff", "push -f origin main", "push origin main", "status"),
	)
	.map(([globals, rest]) => ({ command: join("git", globals, rest), plain: join("git", rest) }));

function decide(command: string, bash: Record<string, string>) {
	const policy = policyOf({ permission: { bash } }).decision;
	const check = checkBashCommand(BashProgram.parse(command, { parser, normalizer }), policy);
	return { check, written: policy.evaluate(BASH_SURFACE, command), policy };
}

describe("ADR 0053 laws", () => {
	it("never decides a command without inert options less restrictively than its written spelling", {
		timeout: 120_000,
	}, () => {
		fc.assert(
			fc.property(respelled, policyArb, (command, bash) => {
				const { check, written } = decide(command, bash);
				expect(restrictiveness(check.state)).toBeGreaterThanOrEqual(restrictiveness(written.state));
			}),
			{ numRuns: 1500 },
		);
	});

	it("never decides a command with inert options less restrictively than both it and its plain words are", {
		timeout: 120_000,
	}, () => {
		fc.assert(
			fc.property(withInert, policyArb, ({ command, plain }, bash) => {
				const { check, written, policy } = decide(command, bash);
				const plainState = policy.evaluate(BASH_SURFACE, plain).state;
				const floor = Math.min(restrictiveness(written.state), restrictiveness(plainState));
				expect(restrictiveness(check.state)).toBeGreaterThanOrEqual(floor);
			}),
			{ numRuns: 1500 },
		);
	});

	it("keeps every deny written for the spelling as given (one the plain words do not meet)", {
		timeout: 120_000,
	}, () => {
		fc.assert(
			fc.property(withInert, policyArb, ({ command, plain }, bash) => {
				const { check, written, policy } = decide(command, bash);
				const rule = written.rule;
				if (written.state !== "deny" || rule === null) return;
				const index = policy.composedRules.indexOf(rule);
				if (!policy.composedRuleMatches(index, BASH_SURFACE, plain)) expect(check.state).toBe("deny");
			}),
			{ numRuns: 1500 },
		);
	});

	it("denies every respelling of -r and -f under a last deny of `rm -rf *`, whatever rules come before it", {
		timeout: 120_000,
	}, () => {
		const recursive = /^-(?:[a-zA-Z]*[rR]|-rec)/;
		const forced = /^-(?:[a-zA-Z]*f|-for)/;
		fc.assert(
			fc.property(
				fc.constantFrom(...RM_OPTIONS),
				fc.constantFrom(...RM_OPTIONS),
				policyArb,
				(first, second, before) => {
					const rules = Object.entries(before).filter(([pattern]) => pattern !== "rm -rf *");
					const bash = { ...Object.fromEntries(rules), "rm -rf *": "deny" };
					const both = [first, second];
					if (!both.some((option) => recursive.test(option)) || !both.some((option) => forced.test(option))) return;
					expect(decide(`rm ${first} ${second} build`, bash).check.state).toBe("deny");
				},
			),
			{ numRuns: 1000 },
		);
	});
});
