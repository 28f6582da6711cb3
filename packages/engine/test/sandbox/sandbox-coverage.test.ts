import { POSIX_FLAVOR, type Rule } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { isAnchored, pathDeniesHeldUnder, sandboxCoverage, writesRefused } from "../../src/sandbox/sandbox-coverage";
import { planView } from "../support/sandbox-plan-view";

const HOME = "/home/u";
const CWD = "/home/u/proj";

function rule(surface: string, pattern: string, action: Rule["action"]): Rule {
	return { surface, pattern, action, origin: "global" } as Rule;
}

const ANCHORED: readonly (readonly [string, boolean])[] = [
	["~/.ssh/*", true],
	["/etc/secret", true],
	[".env", true],
	["secrets/*", true],
	["config/*.json", true],
	["*.env", false],
	["?env", false],
	["**/id_rsa", false],
	["./*.env", false],
	["../*.env", false],
	[".*", false],
];

describe("where the sandbox holds a `path` deny (ADR 0059)", () => {
	it.each(ANCHORED)("%s anchored: %s", (pattern, anchored) => {
		expect(isAnchored(pattern, HOME)).toBe(anchored);
	});

	it("holds anchored denies everywhere", () => {
		const plan = planView({ cwd: CWD, pathDenies: { "~/.ssh/*": [`${HOME}/.ssh/**`], ".env": [`${CWD}/.env`] } });
		const coverage = sandboxCoverage(plan, [rule("path", "~/.ssh/*", "deny"), rule("path", ".env", "deny")], {
			home: HOME,
			flavor: POSIX_FLAVOR,
		});
		expect(coverage.pathDenies).toEqual({ kind: "everywhere" });
		expect(pathDeniesHeldUnder(coverage, ["/"])).toBe(true);
	});

	it("holds a wildcard deny only under the project and the allowed directories", () => {
		const plan = planView({ cwd: CWD, pathDenies: { "*.env": [`${CWD}/**.env`] }, externalDirs: ["/data"] });
		const coverage = sandboxCoverage(plan, [rule("path", "*.env", "deny")], { home: HOME, flavor: POSIX_FLAVOR });
		expect(coverage.pathDenies).toEqual({ kind: "under", roots: [CWD, "/data"] });
		expect(pathDeniesHeldUnder(coverage, [`${CWD}/src`, "/data/x"])).toBe(true);
		// SECURITY: the temp directory is writable, but the plan does not mask `*.env` there.
		expect(pathDeniesHeldUnder(coverage, ["/tmp"])).toBe(false);
		expect(pathDeniesHeldUnder(coverage, [HOME])).toBe(false);
		expect(pathDeniesHeldUnder(coverage, [`${CWD}-evil`])).toBe(false);
	});

	it("holds nothing when a deny is not in the plan (skipped, or another policy's plan)", () => {
		const skipped = planView({ cwd: CWD, skippedPath: ["*"] });
		expect(
			sandboxCoverage(skipped, [rule("path", "*", "deny")], { home: HOME, flavor: POSIX_FLAVOR }).pathDenies,
		).toEqual({ kind: "nowhere" });
		const other = planView({ cwd: CWD, pathDenies: { "*.env": [`${CWD}/**.env`] } });
		const rules = [rule("path", "*.env", "deny"), rule("path", "*.pem", "deny")];
		expect(sandboxCoverage(other, rules, { home: HOME, flavor: POSIX_FLAVOR }).pathDenies.kind).toBe("nowhere");
	});

	it("reads a deny on another surface with the same pattern as no `path` deny", () => {
		const plan: ReturnType<typeof planView> = {
			...planView({ cwd: CWD }),
			readDenies: [{ path: `${CWD}/**.env`, because: { kind: "rule", surface: "*", pattern: "*.env" } }],
		};
		expect(
			sandboxCoverage(plan, [rule("path", "*.env", "deny")], { home: HOME, flavor: POSIX_FLAVOR }).pathDenies.kind,
		).toBe("nowhere");
	});

	it("says whether a `path` rule asks and whether every protected region is planned", () => {
		const plan = planView({ cwd: CWD, skippedProtected: ["weird[glob"] });
		const coverage = sandboxCoverage(plan, [rule("path", "*.env.example", "ask")], {
			home: HOME,
			flavor: POSIX_FLAVOR,
		});
		expect(coverage.pathAsks).toBe(true);
		expect(coverage.protectedRegions).toBe(false);
		expect(coverage.pathDenies).toEqual({ kind: "everywhere" });
	});
});

describe("where the sandbox refuses a write (ADR 0059)", () => {
	const plan = {
		...planView({ cwd: CWD, readOnly: [`${CWD}/.git/hooks`, `${CWD}/.pi`] }),
		writeDenies: [
			{ path: `${CWD}/.git/hooks`, because: { kind: "protected", pattern: `${CWD}/.git/hooks` } },
			{ path: `${CWD}/**.envrc`, because: { kind: "protected", pattern: "*.envrc" } },
			{ path: `${CWD}/secret.txt`, because: { kind: "rule", surface: "write", pattern: "secret.txt" } },
		],
	};
	const coverage = sandboxCoverage(plan, [], { home: HOME, flavor: POSIX_FLAVOR });

	it.each([
		[[`${CWD}/.git/hooks/pre-commit`], true],
		[[`${HOME}/.bashrc`], true],
		[["/etc/passwd"], true],
		[[`${CWD}/notes.txt`], false],
		// A glob write deny masks only files that exist (Linux), and a rule's deny is no protected region.
		[[`${CWD}/.envrc`], false],
		[[`${CWD}/secret.txt`], false],
		[["/tmp/x"], false],
		[[`${CWD}/link`, `${CWD}/.git/hooks/x`], false],
	] as const)("%j refused: %s", (forms, refused) => {
		expect(writesRefused(coverage, forms)).toBe(refused);
	});
});
