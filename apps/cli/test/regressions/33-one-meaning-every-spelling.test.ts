/**
 * Issue 33, one meaning, every spelling (ADR 0053), through `pi-permissions eval` as a new user meets it: under the
 * recommended policy of `init` with yolo every respelling of a denied command is denied; under the read-only recipe of
 * docs/configuration.md `git --no-pager log -3` is allowed like `git log -3`; the builtins that change nothing
 * outside the shell are allowed under the allowlists instead of asking by the catch-all.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../../src/recommended-policy";
import { ConfigTree, jsonLines } from "../support/cli-harness";

/** The recommended policy as a config object, read from the text `init` writes. */
const RECOMMENDED_POLICY: unknown = JSON.parse(recommendedPolicyText(null));

/** docs/configuration.md, "Read-only mode", with `git log *` listed as the user did. */
const READ_ONLY = {
	permission: {
		"*": "deny",
		read: "allow",
		grep: "allow",
		bash: { "*": "deny", "ls *": "allow", "git status *": "allow", "git log *": "allow" },
		external_directory: "ask",
	},
};

/** The allowlist: the recommended policy with the project's test runner listed. */
const NPM_ALLOWLIST = {
	permission: {
		"*": "ask",
		read: "allow",
		bash: {
			"*": "ask",
			"git status *": "allow",
			"git log *": "allow",
			"grep *": "allow",
			"cat *": "allow",
			"tail *": "allow",
			"npm test *": "allow",
		},
	},
};

/**
 * The respellings of `rm -rf *`, `rm -fr *` and `git push --force *`, and more of the same meaning (each
 * equivalence is checked against the real program in access-intent's canonical-spelling table).
 */
const RESPELLINGS: readonly string[] = [
	"rm -Rf build",
	"rm -r -f build",
	"rm --recursive --force build",
	"git push -f origin main",
	"git push origin +main",
	"git push --force-with-lease origin main",
	"rm -fR build",
	"rm --rec --for build",
	"rm build -rf",
	"rm -r build --force",
	"git push --mirror origin",
	"git push origin +HEAD:main",
	"git push --force=yes origin main",
	"git -C . push -f origin main",
	"git --no-pager push origin +main",
	"cd src && rm -Rf build",
	"true && git push -f",
];

async function evaluate(tree: ConfigTree, commands: readonly string[], yolo = false): Promise<string[]> {
	const stdin = commands.map(
		(command, id) => `${JSON.stringify({ id: String(id), tool: "bash", input: { command } })}\n`,
	);
	const run = await tree.run(["eval", ...(yolo ? ["--yolo"] : [])], { stdin, env: { HOME: tree.home } });
	return jsonLines(run.stdout).map((answer) => String(answer.action));
}

function layTree(tree: ConfigTree): void {
	mkdirSync(join(tree.project, "src"), { recursive: true });
	mkdirSync(join(tree.project, "build"), { recursive: true });
	writeFileSync(join(tree.project, "src", "a.ts"), "export const a = 1;\n");
	writeFileSync(join(tree.project, "f"), "x\n");
}

describe("issue 33: a deny means the operation, not one spelling of it", () => {
	const tree = new ConfigTree();
	beforeAll(() => {
		layTree(tree);
		tree.writeGlobal(RECOMMENDED_POLICY);
	});
	afterAll(() => tree.remove());

	it(`denies each of the ${RESPELLINGS.length} respellings under the recommended policy with yolo`, async () => {
		expect(await evaluate(tree, RESPELLINGS, true)).toEqual(RESPELLINGS.map(() => "deny"));
	});

	it("denies them without yolo too, where they asked as anything unlisted", async () => {
		expect(await evaluate(tree, RESPELLINGS)).toEqual(RESPELLINGS.map(() => "deny"));
	});

	it("leaves what means something else to the rules that name it", async () => {
		// `--force-if-includes` without a lease is a no-op (git-push(1), checked against git): a plain push.
		const others = ["rm -f build", "git push origin main", "git push --force-if-includes origin main"];
		expect(await evaluate(tree, others)).toEqual(["ask", "ask", "ask"]);
		expect(await evaluate(tree, others, true)).toEqual(["allow", "allow", "allow"]);
	});

	it("allows git with options that change no effect where the plain command is allowed", async () => {
		const commands = ["git --no-pager diff", "git -P log -3", "git -c color.ui=never diff", "git --no-pager log -3"];
		expect(await evaluate(tree, commands)).toEqual(commands.map(() => "allow"));
	});

	it("allows the issue's builtins inside lists, decided by the shell model", async () => {
		const commands = [
			"grep -q x f || true",
			"set -o pipefail; git log | tail -5",
			"export CI=1; git status",
			"CI=1; git status",
			"command -v node",
			"cd src && cat a.ts",
			"pwd; true; :",
			"pushd src && cat a.ts; popd",
			"set -euo pipefail; git status",
			"type git; hash git; shopt -q extglob",
		];
		expect(await evaluate(tree, commands)).toEqual(commands.map(() => "allow"));
	});

	it("still asks for builtins that change what later commands run", async () => {
		const commands = ["hash -p /tmp/x ls; ls", "export PATH=/tmp/x; git status", "export GIT_DIR=x; git status"];
		expect(await evaluate(tree, commands)).toEqual(commands.map(() => "ask"));
	});
});

describe("issue 33: the read-only recipe and an allowlist", () => {
	const readOnly = new ConfigTree();
	const allowlist = new ConfigTree();
	beforeAll(() => {
		layTree(readOnly);
		readOnly.writeGlobal(READ_ONLY);
		layTree(allowlist);
		allowlist.writeGlobal(NPM_ALLOWLIST);
	});
	afterAll(() => {
		readOnly.remove();
		allowlist.remove();
	});

	it("allows `git --no-pager log -3` under the read-only recipe, and still denies a pager it cannot see", async () => {
		expect(await evaluate(readOnly, ["git --no-pager log -3", "git -c core.pager=less log -3"])).toEqual([
			"allow",
			"deny",
		]);
	});

	it("allows the issue's builtin examples under an allowlist", async () => {
		const commands = ["grep -q x f || true", "set -o pipefail; npm test | tail -20", "command -v node"];
		expect(await evaluate(allowlist, commands)).toEqual(commands.map(() => "allow"));
	});
});

describe("issue 33: explain shows the canonical spelling and the spelling a rule matched", () => {
	const tree = new ConfigTree();
	beforeAll(() => {
		layTree(tree);
		tree.writeGlobal(RECOMMENDED_POLICY);
	});
	afterAll(() => tree.remove());

	it("prints the canonical spelling and that the deny met it by meaning", async () => {
		const run = await tree.run(["explain", "bash", "rm -Rf build"]);
		expect(run.stdout).toContain('canonical "rm -f -r build"');
		expect(run.stdout).toContain('matched "rm -fr *" by the canonical spelling, by meaning');
	});

	it("prints the words without inert options and that the allow met them", async () => {
		const run = await tree.run(["explain", "bash", "git --no-pager log -3"]);
		expect(run.stdout).toContain('without inert options "git log -3"');
		expect(run.stdout).toContain('matched "git log *" by the spelling without inert options');
	});

	it("says a builtin is decided by the shell model, in the --json trace too", async () => {
		const text = await tree.run(["explain", "bash", "export CI=1; git status"]);
		expect(text.stdout).toContain("shell model");
		const run = await tree.run(["explain", "bash", "rm --recursive --force build", "--json"]);
		const units = JSON.parse(run.stdout).trace.bash.units as { spelling: Record<string, unknown> }[];
		expect(units[0]?.spelling).toEqual({
			canonical: "rm -f -r build",
			withoutInert: null,
			matched: "by-meaning",
			// The last matching deny decides: the recommended policy writes `rm -rf *`, then `rm -fr *`.
			pattern: "rm -fr *",
			shellOnly: false,
		});
	});
});
