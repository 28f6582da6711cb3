/**
 * Owns: the interruption benchmark: 4,818 real shell one-liners (NL2Bash dev split, `bench/realworld/`) decided by the
 * pipeline under the two reference policies, with the share asked or denied, the count per floor or rule, and, under
 * `rm-deny`, every allowed command whose text mentions `rm` with the programs it does run and why `rm` is not one;
 * per policy, the asks that are a floor (unknowable from the text by construction) apart from the rest. Decided
 * under a fixed, printed Pi environment (ADR 0039), then under the unknown environment for comparison.
 * Each policy is decided twice: with bash outside the OS sandbox, and inside it (`sandbox.mode` `required`, ADR
 * 0059), where the asks the sandbox's plan holds are answered by it; both columns are printed.
 * Never: asserts or times anything; it prints counts for `pnpm bench` (targets: rm-deny <= 4%, env-deny <= 12%; with
 * the sandbox, env-deny <= 6% and rm-deny no higher than without; the recommended policy `init` writes has none: it
 * asks about everything it does not name, by design). The plan comes from the sandbox package's own `planSandbox`,
 * imported by path: the sandbox depends on the engine, so the engine cannot name it as a dependency.
 */
import {
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	BashParser,
	BashProgram,
	type CommandUnit,
	createNodeFileSystemProbe,
	literalWordText,
	PathNormalizer,
	type ShellEnvironment,
	shellEnvironmentOf,
	UNKNOWN_SHELL_ENVIRONMENT,
} from "@pi-permissions/access-intent";
import { type ComposedPolicy, POSIX_FLAVOR } from "@pi-permissions/policy";
import { planSandbox } from "../../sandbox/src/sandbox-plan";
import { ProtectedTargets } from "../src/gates/protected-targets";
import type { ToolCall } from "../src/pipeline/tool-call";
import type { PipelineDecision } from "../src/pipeline/tool-call-pipeline";
import { sandboxAnswer } from "../src/sandbox/sandbox-answer";
import type { SandboxPlanView } from "../src/sandbox/sandbox-coverage";
import { benchPipeline } from "./bench-pipeline";

/** The policy `pi-permissions init` writes (read as data: the bench never imports the CLI). */
const RECOMMENDED = JSON.parse(
	readFileSync(new URL("../../../apps/cli/src/recommended-policy.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

const POLICIES: Readonly<Record<string, { readonly target: number | null; readonly config: unknown }>> = {
	"rm-deny": {
		target: 0.04,
		config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } },
	},
	"env-deny": {
		target: 0.12,
		config: {
			permission: {
				"*": "allow",
				bash: { "*": "allow" },
				path: { "*": "allow", "*.env": "deny" },
				external_directory: "allow",
			},
		},
	},
	recommended: { target: null, config: { permission: RECOMMENDED.permission } },
};

/** The fixture the corpus describes: a project with `.env`, `src/a.ts`, `notes.txt`, `link-to-env`; HOME beside it. */
function layFixture(): { readonly root: string; readonly project: string; readonly home: string } {
	const root = mkdtempSync(join(tmpdir(), "pi-permissions-realworld-"));
	const project = join(root, "project");
	const home = join(root, "home");
	mkdirSync(join(project, "src"), { recursive: true });
	mkdirSync(join(home, ".ssh"), { recursive: true });
	writeFileSync(join(project, ".env"), "SECRET=x\n");
	writeFileSync(join(project, "src", "a.ts"), "export {};\n");
	writeFileSync(join(project, "notes.txt"), "notes\n");
	symlinkSync(".env", join(project, "link-to-env"));
	writeFileSync(join(home, ".ssh", "id_rsa"), "key\n");
	return { root, project, home };
}

const fixture = layFixture();

/**
 * A representative environment of Pi's bash tool (ADR 0039): what a login session exports, HOME the fixture's, no
 * `BASH_ENV`. `PATH` is set to a value the pipeline does not know exactly, as the adapter reports it (Pi prefixes it).
 */
const PI_ENVIRONMENT: Readonly<Record<string, string>> = {
	HOME: fixture.home,
	PATH: "/usr/local/bin:/usr/bin:/bin",
	USER: "dev",
	LOGNAME: "dev",
	SHELL: "/bin/bash",
	LANG: "C.UTF-8",
	TERM: "xterm-256color",
};
const ENVIRONMENTS: readonly { readonly label: string; readonly environment: ShellEnvironment }[] = [
	{
		label: `known environment ${JSON.stringify(PI_ENVIRONMENT).replace(fixture.home, "<fixture home>")} (PATH value unknown)`,
		environment: shellEnvironmentOf(PI_ENVIRONMENT, ["PATH"]),
	},
	{ label: "unknown environment (the CLI's default; for comparison)", environment: UNKNOWN_SHELL_ENVIRONMENT },
];

const corpusFile = new URL("./realworld/nl2bash-dev.jsonl", import.meta.url);
const commands = readFileSync(corpusFile, "utf8")
	.split("\n")
	.filter((line) => line.trim() !== "")
	.map((line) => (JSON.parse(line) as { id: string; command: string }).command);

const parser = await BashParser.load();
const normalizer = PathNormalizer.create({
	cwd: fixture.project,
	home: fixture.home,
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});

/** The plan the sandbox would run in the fixture project, as the adapter derives it (`composedSandboxPlan`). */
function fixturePlan(policy: ComposedPolicy): SandboxPlanView {
	const canonical = (path: string) => {
		try {
			return realpathSync(path);
		} catch {
			return path;
		}
	};
	const protectedTargets = new ProtectedTargets({
		cwd: fixture.project,
		home: fixture.home,
		agentDir: join(fixture.home, ".pi", "agent"),
		flavor: POSIX_FLAVOR,
		extra: policy.settings.protectedPaths ?? [],
	});
	return planSandbox({
		rules: policy.rules,
		cwd: fixture.project,
		home: fixture.home,
		tmpDir: tmpdir(),
		protectedTargets: protectedTargets.list(),
		allowedDomains: policy.sandbox.allowedDomains,
		canonical,
		exists: (path) => existsSync(path) || lstatSync(path, { throwIfNoEntry: false }) !== undefined,
		isDirectory: (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true,
		list: (path) => {
			try {
				return readdirSync(path);
			} catch {
				return null;
			}
		},
	});
}

/** The call's state with the sandbox on: an ask whose every reason the sandbox holds runs (ADR 0059). */
function sandboxedState(decision: PipelineDecision): "allow" | "ask" | "deny" {
	return sandboxAnswer(decision) === null ? decision.combined.state : "allow";
}

/** `pnpm run bench:realworld -- --list <text>`: also print every call whose cause contains <text> (`opaque`, …). */
const listAt = process.argv.indexOf("--list");
const listed = listAt === -1 ? null : (process.argv[listAt + 1] ?? "");
const listedRows: string[] = [];

const RM_WORD = /(?:^|[^\w.-])rm(?:$|[^\w.-])/;

/**
 * Programs whose opaque code is unknowable by construction: interpreters running program text, shells reading a
 * computed script or stdin, `eval`/`source`, and programs that run a script from data (`crontab -`, `mysql`).
 */
const CODE_RUNNERS =
	/^(?:perl\d*|python[\d.]*|ruby|php|lua|node|nodejs|deno|bun|Rscript|tclsh|wish|awk|gawk|nawk|mawk|bash|sh|dash|zsh|ksh|csh|tcsh|fish|eval|source|\.|crontab|mysql|psql|sqlite3|vi|vim|view|less|more)$/;

/**
 * Why an ask is a floor, unknowable from the text by construction, or `null` for the rest: unparseable syntax, code
 * an interpreter or a shell runs, a computed command name, a file name the run computes or reads from data.
 */
function floorOf(
	command: string,
	cause: string,
	reason: string | null,
	shellEnvironment: ShellEnvironment,
): string | null {
	if (cause.includes("<unparseable-bash-command>")) return "unparseable syntax";
	if (cause.includes("<dynamic-command-name>")) return "computed command name";
	if (cause.includes("<unresolved-path>")) return "name computed or read from data";
	if (cause.includes("<protected-target>") && reason?.startsWith("writes a file whose name is only known") === true)
		return "name computed or read from data";
	if (!cause.includes("<opaque-bash-wrapper>")) return null;
	// The same reading the pipeline decided under, so a floor is classified on the units it judged.
	const program = BashProgram.parse(command, { parser, normalizer, shellEnvironment });
	const opaque = program.units.filter((unit) => unit.wrapperKind === "opaque-payload" && unit.scriptRead !== true);
	return opaque.some((unit) => CODE_RUNNERS.test(unit.commandName ?? "")) ? "interpreter or shell code" : null;
}

/** Why an allowed command whose text mentions `rm` does not run it: where the word `rm` sits among its units. */
function whyNotRm(units: readonly CommandUnit[]): string {
	// INVARIANT: an allowed command never runs `rm` under `rm *: deny`; if one did, the line says so loudly.
	if (units.some((unit) => unit.commandName === "rm")) return "RUNS rm: a bug in the gate";
	// Innermost first: a wrapper's executed unit and a substitution's units follow the unit that holds them.
	for (const unit of [...units].reverse()) {
		if (unit.compound) continue;
		const name = unit.commandName ?? "a computed command";
		for (const [index, arg] of unit.args.entries()) {
			if (!RM_WORD.test(arg.raw)) continue;
			if (name === "alias") return "`rm` is in an alias body: `alias` only defines it, and nothing here runs the alias";
			if (name === "git") return "`git rm` is git's own sub-command (it removes from the index), judged by `git` rules";
			if (name === "find") {
				const before = unit.args[index - 1]?.raw ?? "";
				if (/^-(?:exec|execdir|ok|okdir)$/.test(before))
					return `\`rm\` follows \`${before}\` in a clause with no \`;\` or \`+\` after it: find rejects the expression and runs nothing`;
				return `\`rm\` is a word of \`find\`'s expression after \`${before}\`, which is no \`-exec\` (find rejects it)`;
			}
			if (literalWordText(arg) === "rm")
				return `\`rm\` is a plain argument of \`${name}\`, which prints or looks it up`;
			return `\`rm\` is text inside the argument ${arg.raw} of \`${name}\``;
		}
		if (unit.redirects.some((redirect) => RM_WORD.test(redirect.target.raw)))
			return "`rm` is the name of the file a redirect writes";
		if (unit.assignments.some((assignment) => RM_WORD.test(assignment.value?.raw ?? "")))
			return "`rm` is inside a variable's value, which nothing here runs";
	}
	return "`rm` appears in no word any unit runs";
}

console.log(`real commands: ${commands.length} one-liners (NL2Bash dev split), decided in Pi's pipeline, yolo off`);
for (const { label, environment } of ENVIRONMENTS) {
	console.log(`under the ${label}:`);
	const known = environment.kind === "known";
	for (const [name, { target, config }] of Object.entries(POLICIES)) {
		const pipeline = benchPipeline({ config, parser, normalizer, bashEnvironment: environment });
		const sandboxed = benchPipeline({
			config: { ...(config as object), sandbox: { mode: "required" } },
			parser,
			normalizer,
			bashEnvironment: environment,
			sandboxPlan: fixturePlan,
		});
		const inSandbox = { allow: 0, ask: 0, deny: 0, answered: 0 };
		const sandboxCauses = new Map<string, number>();
		const counts = { allow: 0, ask: 0, deny: 0 };
		const causes = new Map<string, number>();
		const allowedRm: string[] = [];
		const floors = new Map<string, number>();
		let floored = 0;
		const times: number[] = [];
		for (const command of commands) {
			const call: ToolCall = { toolName: "bash", input: { command }, agentName: null, toolCallId: null };
			const started = performance.now();
			const { combined } = pipeline.decide(call);
			times.push(performance.now() - started);
			counts[combined.state]++;
			const onDecision = sandboxed.decide(call);
			const onState = sandboxedState(onDecision);
			inSandbox[onState]++;
			if (onState !== onDecision.combined.state) inSandbox.answered++;
			if (onState === "ask") {
				const cause = `ask ${onDecision.combined.gate} ${onDecision.combined.matchedPattern ?? "(default)"}`;
				sandboxCauses.set(cause, (sandboxCauses.get(cause) ?? 0) + 1);
			}
			if (combined.state !== "allow") {
				const cause = `${combined.state} ${combined.gate} ${combined.matchedPattern ?? "(default)"}`;
				causes.set(cause, (causes.get(cause) ?? 0) + 1);
				const floor = combined.state === "ask" ? floorOf(command, cause, combined.reason ?? null, environment) : null;
				if (floor !== null) {
					floored++;
					floors.set(floor, (floors.get(floor) ?? 0) + 1);
				}
				if (listed !== null && known && cause.includes(listed))
					listedRows.push(
						`    ${name} ${cause}: ${JSON.stringify(command)}\n      why: ${combined.reason ?? "(none)"}`,
					);
			} else if (name === "rm-deny" && known && RM_WORD.test(command)) {
				const program = BashProgram.parse(command, { parser, normalizer, shellEnvironment: environment });
				const runs = [...new Set(program.units.map((unit) => unit.commandName ?? unit.text))].join(", ");
				allowedRm.push(
					`    ${JSON.stringify(command)}\n      runs: ${runs || "(nothing)"}; ${whyNotRm(program.units)}`,
				);
			}
		}
		// The target counts asks: a deny of a command that runs `rm` under `rm *: deny` is the policy working.
		const asked = counts.ask / commands.length;
		const verdict = target === null ? "no target" : asked <= target ? "within target" : "ABOVE target";
		console.log(
			`  ${name.padEnd(9)} allow ${counts.allow}  ask ${counts.ask}  deny ${counts.deny}  ` +
				`asked ${(asked * 100).toFixed(1)}% (${target === null ? verdict : `target <= ${(target * 100).toFixed(0)}%: ${verdict}`}), ` +
				`asked or denied ${(((counts.ask + counts.deny) / commands.length) * 100).toFixed(1)}%`,
		);
		console.log(`    decide time per command (wall ${timesLine(times)}`);
		if (process.argv.includes("--slowest"))
			for (const index of [...times.keys()].sort((a, b) => (times[b] ?? 0) - (times[a] ?? 0)).slice(0, 8))
				console.log(
					`      ${(times[index] ?? 0).toFixed(1).padStart(8)} ms  ${JSON.stringify(commands[index]).slice(0, 110)}`,
				);
		for (const [cause, count] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
			console.log(
				`    ${String(count).padStart(5)}  ${`${((count / commands.length) * 100).toFixed(1)}%`.padStart(6)}  ${cause}`,
			);
		}
		const share = (count: number) => `${((count / commands.length) * 100).toFixed(1)}%`;
		console.log(
			`    floor (unknowable by construction): ${floored} asks, ${share(floored)}; the rest: ${counts.ask - floored} asks, ` +
				`${share(counts.ask - floored)}`,
		);
		for (const [floor, count] of [...floors].sort((a, b) => b[1] - a[1]))
			console.log(`      ${String(count).padStart(5)}  ${share(count).padStart(6)}  ${floor}`);
		console.log(
			`    sandbox off | on: asked ${share(counts.ask)} | ${share(inSandbox.ask)} ` +
				`(on: allow ${inSandbox.allow}  ask ${inSandbox.ask}  deny ${inSandbox.deny}; ${inSandbox.answered} asks answered by the sandbox)`,
		);
		for (const [cause, count] of [...sandboxCauses].sort((a, b) => b[1] - a[1]).slice(0, 8))
			console.log(`      on: ${String(count).padStart(5)}  ${share(count).padStart(6)}  ${cause}`);
		if (name === "rm-deny" && known) {
			console.log(`  rm-deny: ${allowedRm.length} allowed commands mention rm; the programs each one runs:`);
			for (const line of allowedRm) console.log(line);
		}
	}
}
for (const row of listedRows) console.log(row);

/**
 * The spread of per-command decision times: wall time of one `decide`, this process's first policy included (its
 * first calls compile what later ones reuse: the max shows it; p99 is the issue-40 target, at most 2 ms).
 */
function timesLine(times: readonly number[]): string {
	const sorted = [...times].sort((a, b) => a - b);
	const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3);
	return `ms): p50 ${at(0.5)}  p90 ${at(0.9)}  p99 ${at(0.99)}  max ${(sorted.at(-1) ?? 0).toFixed(3)}`;
}
rmSync(fixture.root, { recursive: true, force: true });
