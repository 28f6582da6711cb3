import { BashProgram, PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR, type Rule } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { checkBashCommand, unitSpelledMatch } from "../../src/bash/bash-command-check";
import type { MatchedSpelling } from "../../src/bash/spelling-match";
import { CORPUS_CWD, CORPUS_HOME, EMPTY_PROBE, parser, policyOf } from "../support/engine-fixture";

const normalizer = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});

function check(command: string, bash: Record<string, unknown>, sessionRules: readonly Rule[] = []) {
	const composed = policyOf({ permission: { bash } });
	const policy =
		sessionRules.length === 0
			? composed.decision
			: composed.decision.withSessionRules(sessionRules, { home: CORPUS_HOME, flavor: POSIX_FLAVOR });
	const program = BashProgram.parse(command, { parser, normalizer });
	const unit = program.units[0];
	return {
		check: checkBashCommand(program, policy),
		spelling: unit === undefined ? null : unitSpelledMatch(unit, policy).spelling,
	};
}

interface Row {
	readonly why: string;
	readonly bash: Record<string, unknown>;
	readonly command: string;
	readonly state: "allow" | "ask" | "deny";
	readonly pattern: string | null;
	readonly spelling: MatchedSpelling;
}

const DENY_RF = { "*": "allow", "rm -rf *": "deny" };

const ROWS: readonly Row[] = [
	{
		why: "clusters in another order",
		bash: DENY_RF,
		command: "rm -Rf build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "by-meaning",
	},
	{
		why: "options apart",
		bash: DENY_RF,
		command: "rm -r -f build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "by-meaning",
	},
	{
		why: "long synonyms",
		bash: DENY_RF,
		command: "rm --recursive --force build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "by-meaning",
	},
	{
		why: "an option between (a subset of the unit's)",
		bash: DENY_RF,
		command: "rm -f -i -r build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "by-meaning",
	},
	{
		why: "as written",
		bash: DENY_RF,
		command: "rm -rf build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "as-written",
	},
	{ why: "not recursive", bash: DENY_RF, command: "rm -f build", state: "allow", pattern: "*", spelling: "as-written" },
	{
		why: "a later allow of this very spelling wins, as the last match does",
		bash: { "*": "ask", "rm -rf *": "deny", "rm -Rf build": "allow" },
		command: "rm -Rf build",
		state: "allow",
		pattern: "rm -Rf build",
		spelling: "as-written",
	},
	{
		why: "a later allow reached by meaning stands in the deny's way but never allows by itself",
		bash: { "*": "ask", "rm -rf *": "deny", "rm -Rf build": "allow" },
		command: "rm -r -f build",
		state: "ask",
		pattern: "*",
		spelling: "as-written",
	},
	{
		why: "a later deny reached by meaning beats an earlier written allow",
		bash: { "*": "ask", "rm -Rf build": "allow", "rm -rf *": "deny" },
		command: "rm -Rf build",
		state: "deny",
		pattern: "rm -rf *",
		spelling: "by-meaning",
	},
	{
		why: "meaning never lowers: a later ask reached by meaning leaves a written deny",
		bash: { "*": "allow", "rm -r -f *": "deny", "rm -rf *": "ask" },
		command: "rm -r -f x",
		state: "deny",
		pattern: "rm -r -f *",
		spelling: "as-written",
	},
	{
		why: "`-f`",
		bash: { "*": "allow", "git push --force *": "deny" },
		command: "git push -f origin main",
		state: "deny",
		pattern: "git push --force *",
		spelling: "by-meaning",
	},
	{
		why: "a `+` refspec forces",
		bash: { "*": "allow", "git push --force *": "deny" },
		command: "git push origin +main",
		state: "deny",
		pattern: "git push --force *",
		spelling: "by-meaning",
	},
	{
		why: "`--force-with-lease` forces",
		bash: { "*": "allow", "git push --force *": "deny" },
		command: "git push --force-with-lease origin main",
		state: "deny",
		pattern: "git push --force *",
		spelling: "by-meaning",
	},
	{
		why: "a global option before the sub-command",
		bash: { "*": "allow", "git push --force *": "deny" },
		command: "git -C repo push --force origin main",
		state: "deny",
		pattern: "git push --force *",
		spelling: "by-meaning",
	},
	{
		why: "`--force-if-includes` alone does not force (checked against git)",
		bash: { "*": "allow", "git push --force *": "deny" },
		command: "git push --force-if-includes origin main",
		state: "allow",
		pattern: "*",
		spelling: "as-written",
	},
	{
		why: "a pattern naming no program meets the canonical spelling as text",
		bash: { "*": "allow", "* -f *": "deny" },
		command: "git push --force origin main",
		state: "deny",
		pattern: "* -f *",
		spelling: "canonical",
	},
	{
		why: "a wildcard inside an option has no canonical form: only as written",
		bash: { "*": "allow", "rm -rf*": "deny" },
		command: "rm -Rf build",
		state: "allow",
		pattern: "*",
		spelling: "as-written",
	},
	{
		why: "an ask rule is matched by meaning too",
		bash: { "*": "allow", "git push *": "ask" },
		command: "git -C x push origin main",
		state: "ask",
		pattern: "git push *",
		spelling: "by-meaning",
	},
	{
		why: "an allow is matched without inert options",
		bash: { "*": "ask", "git log *": "allow" },
		command: "git --no-pager log -3",
		state: "allow",
		pattern: "git log *",
		spelling: "without-inert",
	},
	{
		why: "display-only `-c` keys are inert",
		bash: { "*": "ask", "git diff *": "allow" },
		command: "git -c color.ui=never -P diff",
		state: "allow",
		pattern: "git diff *",
		spelling: "without-inert",
	},
	{
		why: "a pager other than `cat` is not inert",
		bash: { "*": "ask", "git log *": "allow" },
		command: "git -c core.pager=less log",
		state: "ask",
		pattern: "*",
		spelling: "as-written",
	},
	{
		why: "a later written ask stands over an allow reached without inert options",
		bash: { "*": "ask", "git log *": "allow", "git --no-pager *": "ask" },
		command: "git --no-pager log",
		state: "ask",
		pattern: "git --no-pager *",
		spelling: "as-written",
	},
	{
		why: "a written deny stands over a later allow reached without inert options",
		bash: { "*": "allow", "git --no-pager *": "deny", "git log *": "allow" },
		command: "git --no-pager log",
		state: "deny",
		pattern: "git --no-pager *",
		spelling: "as-written",
	},
	{
		why: "the read-only recipe: a later allow overtakes the catch-all deny, as for the plain command",
		bash: { "*": "deny", "ls *": "allow", "git log *": "allow" },
		command: "git --no-pager log -3",
		state: "allow",
		pattern: "git log *",
		spelling: "without-inert",
	},
	{
		why: "a later allow overtakes a deny the plain words meet too",
		bash: { "*": "ask", "git *": "deny", "git log *": "allow" },
		command: "git --no-pager log",
		state: "allow",
		pattern: "git log *",
		spelling: "without-inert",
	},
	{
		why: "an ask written for the inert option stands beside a later allow of the plain words",
		bash: { "*": "allow", "git --no-pager *": "ask", "git log *": "allow" },
		command: "git --no-pager log",
		state: "ask",
		pattern: "git --no-pager *",
		spelling: "as-written",
	},
	{
		why: "a deny is matched without inert options too",
		bash: { "*": "allow", "git log *": "deny" },
		command: "git --no-pager log",
		state: "deny",
		pattern: "git log *",
		spelling: "without-inert",
	},
];

describe("checkBashCommand over a unit's spellings (ADR 0053)", () => {
	it.each(ROWS)("$command under $bash -> $state ($why)", (row) => {
		const { check: result, spelling } = check(row.command, row.bash);
		expect([result.state, result.matchedPattern, spelling]).toEqual([row.state, row.pattern, row.spelling]);
	});

	it("judges the command a wrapper runs by meaning", () => {
		expect(check("sudo rm -Rf x", { "*": "allow", "rm -rf *": "deny" }).check).toMatchObject({
			state: "deny",
			decidingUnit: "rm -Rf x",
		});
		expect(check("find . -exec rm -r -f {} +", { "*": "allow", "rm -rf *": "deny" }).check.state).toBe("deny");
	});

	it("lets a grant answer an ask raised by meaning, as it answers any ask (ADR 0022)", () => {
		// `git push -f` is `git push --force` by meaning (ADR 0053); `git -C x` would be a relocation floor (ADR 0052).
		const forced = { "*": "ask", "git *": "allow", "git push --force *": "ask" };
		const grant: Rule = { surface: "bash", pattern: "git push -f *", action: "allow", origin: "session" };
		expect(check("git push -f origin main", forced).check.state).toBe("ask");
		expect(check("git push -f origin main", forced, [grant]).check).toMatchObject({ state: "allow" });
	});

	it("never lets a grant answer a deny reached by meaning", () => {
		const grant: Rule = { surface: "bash", pattern: "rm *", action: "allow", origin: "session" };
		expect(check("rm -Rf x", { "*": "ask", "rm -rf *": "deny" }, [grant]).check.state).toBe("deny");
	});
});
