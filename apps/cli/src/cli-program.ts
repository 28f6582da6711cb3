/**
 * Owns: the `pi-permissions` command line (commander): commands, options, help, and the exit code of one run.
 * Never: reads process state; `runCli` gets everything from its `CliHost`, so tests run it in-process.
 */

import { PERMISSION_MODES, renderConfigJsonSchema } from "@pi-permissions/policy";
import { Command, CommanderError, Option } from "commander";
import type { CliHost } from "./cli-host";
import { type ConfigCommandOptions, runConfigShow, runConfigValidate } from "./config-commands";
import { type DecideOptions, runDecide } from "./decide-command";
import { type DoctorOptions, runDoctor } from "./doctor/doctor-command";
import { type EvalOptions, runEval } from "./eval-command";
import { EXIT_CODES, type ExitCode } from "./exit-code";
import { type GrantsOptions, runGrantsAdd, runGrantsForget, runGrantsList } from "./grants-command";
import { type InitOptions, runInit } from "./init-command";
import { type LintOptions, runLint } from "./lint/lint-command";
import { type ReplayOptions, runReplay } from "./replay/replay-command";
import { runSandboxExplain, type SandboxExplainOptions } from "./sandbox-command";
import { runTest, type TestOptions } from "./test-command";

function withPolicyOptions(command: Command): Command {
	return command
		.option("--cwd <dir>", "the project directory (default: the current directory)")
		.option("--agent <name>", "decide as this agent (its `permission:` frontmatter applies)")
		.option("--yolo", "answer every ask with allow, as yolo mode does (deny still blocks)")
		.addOption(
			new Option("--mode <name>", "decide in this permission mode (the config's allowedModes still apply)").choices(
				PERMISSION_MODES,
			),
		)
		.addOption(
			new Option(
				"--sandbox <state>",
				"decide as Pi does with the OS sandbox on or off (default: the config's sandbox.mode, auto counted as on)",
			).choices(["on", "off"]),
		)
		.option("--global <file>", "use this file as the global config instead of the standard location")
		.option("--project <file>", "use this file as the project config instead of the standard location")
		.option(
			"--managed <file>",
			"decide under this managed policy instead of the system one (/etc/pi-permissions/managed.json; root-owned, not group/other-writable; nothing below lifts its denies or asks)",
		)
		.option(
			"--mcp-server <name>",
			"a configured MCP server name (repeatable); splits mcp__server__tool names",
			collect,
			[],
		);
}

function collect(value: string, previous: readonly string[]): string[] {
	return [...previous, value];
}

const EXIT_HELP = `
Exit codes: 0 allow (or success), 1 usage or config error, 2 ask, 3 deny.
Config: global <agentDir>/extensions/pi-permissions/config.json (agentDir: $PI_CODING_AGENT_DIR or ~/.pi/agent),
project <cwd>/.pi/extensions/pi-permissions/config.json, agents <agentDir>/agents/<name>.md and <cwd>/.pi/agents/<name>.md.`;

/** Runs one command line (`argv` without the node and script names) and resolves its exit code. Never rejects. */
export async function runCli(argv: readonly string[], host: CliHost): Promise<ExitCode> {
	let exit: ExitCode = EXIT_CODES.allow;
	const program = new Command("pi-permissions")
		.description("Check, explain and evaluate pi-permissions policies with the same engine and files as Pi")
		.exitOverride()
		.configureOutput({ writeOut: (text) => host.stdout.write(text), writeErr: (text) => host.stderr.write(text) })
		.showHelpAfterError()
		.addHelpText("after", EXIT_HELP);

	// `check` and `explain` decide one call the same way; `explain` also prints the trace.
	const decideCommands = [
		{
			name: "check",
			description: "decide one tool call: allow (exit 0), ask (2) or deny (3)",
			tool: "the tool name (bash, read, write, mcp__server__tool, …)",
			json: "print the decision as JSON",
		},
		{
			name: "explain",
			description: "decide one tool call and show why: bash units, every gate, matching rules, overlays",
			tool: "the tool name",
			json: "print the decision and its trace as JSON",
		},
	] as const;
	for (const command of decideCommands) {
		withPolicyOptions(
			program
				.command(command.name)
				.description(command.description)
				.argument("<tool>", command.tool)
				.argument("<input>", "the tool input as JSON; for bash and shell aliases, the command text"),
		)
			.option("--json", command.json)
			.action(async (tool: string, input: string, options: DecideOptions) => {
				exit = await runDecide(host, command.name, tool, input, options);
			});
	}

	withPolicyOptions(
		program
			.command("eval")
			.description('decide JSON lines from stdin ({"id","tool","input","agent"?}), one JSON line out per call'),
	)
		.option(
			"--max-line-bytes <bytes>",
			'the longest input line read; a longer one answers {"id","error":"line too long"} (default 1048576)',
		)
		.action(async (options: EvalOptions) => {
			exit = await runEval(host, options);
		});

	// The commands that read the policy and print a report (`--json`: one JSON document) but take no arguments.
	const reportCommand = <Options>(
		command: Command,
		json: string,
		run: (host: CliHost, options: Options) => Promise<ExitCode>,
	): void => {
		withPolicyOptions(command)
			.option("--json", json)
			.action(async (options: Options) => {
				exit = await run(host, options);
			});
	};

	const config = program.command("config").description("show or validate the config files");
	reportCommand<ConfigCommandOptions>(
		config.command("show").description("the effective ruleset with origins and files"),
		"print as JSON",
		runConfigShow,
	);
	reportCommand<ConfigCommandOptions>(
		config.command("validate").description("check every scope; exit 1 on any error"),
		"print as JSON",
		runConfigValidate,
	);

	reportCommand<TestOptions>(
		program
			.command("test")
			.description("run the examples in the policy (`tests`); each failure names the rule that decided; exit 1 on any"),
		"print every example's result as JSON",
		runTest,
	);

	withPolicyOptions(
		program
			.command("lint")
			.description(
				"check the policy for shadowed rules, lifted denies and likely mistakes; exit 1 on errors (2 on warnings with --strict)",
			)
			.argument("[files...]", "lint these config files, each on its own, instead of the resolved scopes"),
	)
		.option("--json", "print the findings as one JSON document (see docs/configuration.md)")
		.option("--strict", "exit 2 when there are warnings but no errors")
		.action(async (files: string[], options: LintOptions) => {
			exit = await runLint(host, files, options);
		});

	withPolicyOptions(
		program
			.command("replay")
			.description(
				"re-decide the tool calls of recorded Pi sessions: totals, most asked families, changes vs the review log",
			)
			.argument("[paths...]", "session files or directories (default: every session under the agent directory)"),
	)
		.option("--policy <file>", "decide with this config file as the global scope (what if)")
		.option("--since <date>", "only calls recorded at or after this date (ISO 8601, e.g. 2026-01-31)")
		.option("--json", "print the report as one JSON document")
		.action(async (paths: string[], options: ReplayOptions) => {
			exit = await runReplay(host, paths, options);
		});

	reportCommand<DoctorOptions>(
		program
			.command("doctor")
			.description(
				"decide (never run) a battery of published evasion shapes against the policy: per class caught, asked or PASSES with the line to change; exit 1 when any class passes",
			),
		"print every class and shape as one JSON document (see docs/configuration.md)",
		runDoctor,
	);

	const sandbox = program.command("sandbox").description("the OS sandbox a policy produces for bash");
	reportCommand<SandboxExplainOptions>(
		sandbox.command("explain").description("what a sandboxed bash command may read, write and reach, and why"),
		"print the sandbox settings and the plan as JSON",
		runSandboxExplain,
	);

	program
		.command("schema")
		.description("print the JSON Schema of the config file")
		.action(() => {
			host.stdout.write(renderConfigJsonSchema());
		});

	program
		.command("init")
		.description("write the recommended policy to the global config (or the project one); never overwrites")
		.option("--project", "write the project config instead of the global one")
		.option("--file <file>", "write this file instead of a standard location")
		.option("--cwd <dir>", "the project directory (default: the current directory)")
		.action(async (options: InitOptions) => {
			exit = await runInit(host, options);
		});

	const grants = program
		.command("grants")
		.description('the persisted ("always") grants in the global and project config files');
	grants
		.command("list")
		.description("every persisted grant: id, scope, file:line, pattern, date, and what remains of one that ends")
		.option("--cwd <dir>", "the project directory (default: the current directory)")
		.option("--json", "print as JSON")
		.action(async (options: GrantsOptions) => {
			exit = await runGrantsList(host, options);
		});
	grants
		.command("add")
		.description("allow a pattern in the project or global file, placed so no deny is lifted (or refused; exit 1)")
		.argument("<surface>", "the surface: bash, mcp, read, a tool name, …")
		.argument("<pattern>", 'the pattern, e.g. "npm test *"')
		.option("--project", "write the project config")
		.option("--global", "write the global config")
		.option("--cwd <dir>", "the project directory (default: the current directory)")
		.option(
			"--preview",
			"show the review-log calls it would have decided differently and the rules it shadows; write nothing",
		)
		.option(
			"--expires <duration|date>",
			"the grant ends then: a duration (30m, 12h, 7d, 2w) or a UTC date (2026-12-31) or instant (2026-12-31T18:00Z)",
		)
		.action(async (surface: string, pattern: string, options: GrantsOptions) => {
			exit = await runGrantsAdd(host, surface, pattern, options);
		});
	grants
		.command("forget")
		.description("remove a persisted grant by id (see `grants list`)")
		.argument("<id>", "the grant id, e.g. project-3fa9c1d2")
		.option("--cwd <dir>", "the project directory (default: the current directory)")
		.action(async (id: string, options: GrantsOptions) => {
			exit = await runGrantsForget(host, id, options);
		});

	try {
		await program.parseAsync([...argv], { from: "user" });
		return exit;
	} catch (error) {
		if (error instanceof CommanderError) {
			return error.exitCode === 0 ? EXIT_CODES.allow : EXIT_CODES.usage;
		}
		host.stderr.write(`pi-permissions: ${error instanceof Error ? error.message : String(error)}\n`);
		return EXIT_CODES.usage;
	}
}
