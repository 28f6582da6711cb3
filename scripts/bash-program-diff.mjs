// Owns: checking that a refactor left the bash reading unchanged: `BashProgram.parse` of two checkouts over the same
// commands (the real-command corpus, the red-team rows and every string literal of the bash-reading tests), on a fake
// and a real file system, compared field by field; prints the count and the first differences.
// Never: judges which side is right, or times anything (that is `bench-compare.mjs`).
//
// Usage: scripts/bootstrap node scripts/bash-program-diff.mjs <base checkout> [<head checkout>=.] [--show N]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
const args = process.argv.slice(2);
const showAt = args.indexOf("--show");
const show = showAt === -1 ? 10 : Number(args[showAt + 1]);
const positional = args.filter((arg, i) => !arg.startsWith("--") && (showAt === -1 || i !== showAt + 1));
const [base, head = "."] = positional.map((dir) => resolve(dir));
if (base === undefined) {
	console.error("usage: bash-program-diff.mjs <base checkout> [<head checkout>] [--show N]");
	process.exit(2);
}

/** Every command: the corpus, the red-team rows, and the string literals of the tests that read bash. */
function commands() {
	const out = new Set();
	const corpus = readFileSync(join(repo, "packages/engine/bench/realworld/nl2bash-dev.jsonl"), "utf8");
	for (const line of corpus.split("\n")) if (line.trim() !== "") out.add(JSON.parse(line).command);
	const walk = (dir) => {
		for (const name of readdirSync(dir)) {
			const full = join(dir, name);
			if (statSync(full).isDirectory()) walk(full);
			else if (/\.(ts|json)$/.test(name)) {
				const text = readFileSync(full, "utf8");
				for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) {
					try {
						out.add(JSON.parse(`"${m[1]}"`));
					} catch {}
				}
				for (const m of text.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) out.add(m[1].replace(/\\'/g, "'"));
				for (const m of text.matchAll(/`((?:[^`\\$]|\\.|\$(?!\{))*)`/g)) out.add(m[1].replace(/\\`/g, "`"));
			}
		}
	};
	for (const dir of ["packages/access-intent/test", "packages/engine/test", "apps/cli/test/redteam"])
		walk(join(repo, dir));
	// A glob over `/tmp` matches whatever other programs keep there at the moment, so it is no reading to compare.
	return [...out].filter((text) => text.length > 0 && text.length < 20000 && !/\/tmp\/[^ ]*\*/.test(text));
}

const list = commands();
// Outside the temporary directory, so the two sides see the same `/tmp` when a command globs it.
mkdirSync(join(repo, "node_modules", ".cache"), { recursive: true });
const work = mkdtempSync(join(repo, "node_modules", ".cache", "bash-program-diff-"));
const input = join(work, "commands.json");
writeFileSync(input, JSON.stringify(list));

function run(checkout, label) {
	const out = join(work, `${label}.json`);
	const tsx = join(checkout, "packages/access-intent/node_modules/.bin/tsx");
	const result = spawnSync(
		tsx,
		["--conditions=@pi-permissions/source", join(here, "bash-program-diff/child.mjs"), checkout, input, out],
		{ stdio: ["ignore", "inherit", "inherit"], maxBuffer: 1 << 30 },
	);
	if (result.status !== 0) throw new Error(`${label} (${checkout}) failed`);
	return JSON.parse(readFileSync(out, "utf8"));
}

const before = run(base, "base");
const after = run(head, "head");
let differ = 0;
for (let i = 0; i < list.length; i++) {
	if (before[i] === after[i]) continue;
	differ++;
	if (differ <= show) {
		console.log(`DIFF ${JSON.stringify(list[i]).slice(0, 200)}`);
		let at = 0;
		while (at < before[i].length && before[i][at] === after[i][at]) at++;
		const from = Math.max(0, at - 150);
		console.log(`  base …${before[i].slice(from, at + 250)}`);
		console.log(`  head …${after[i].slice(from, at + 250)}`);
	}
}
rmSync(work, { recursive: true, force: true });
console.log(`${list.length} commands x 2 file systems: ${differ} differ`);
process.exit(differ === 0 ? 0 : 1);
