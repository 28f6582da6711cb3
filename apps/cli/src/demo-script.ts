/**
 * Owns: the demo's tool calls and their run: `explain` over representative calls (an allowed chain, a denied
 * evasion, a protected `.env` read, an MCP call, an ask with its session suggestion) against the recommended policy.
 * Never: touches the operator's own config; the caller passes a throwaway policy file and project directory.
 */
import type { CliHost } from "./cli-host";
import { runCli } from "./cli-program";
import { colorsFor } from "./report-text";

interface DemoCall {
	readonly title: string;
	readonly tool: string;
	readonly input: string;
}

const DEMO_CALLS: readonly DemoCall[] = [
	{ title: "an allowed chain of read-only commands", tool: "bash", input: "git status && ls -la" },
	{ title: "a deletion hidden in a command substitution", tool: "bash", input: "echo $(rm -rf ~/x)" },
	{ title: "reading a protected .env file", tool: "read", input: '{"path":".env"}' },
	{ title: "an MCP tool call", tool: "mcp__github__create_issue", input: '{"title":"flaky test"}' },
	{ title: "a push, asked with a session suggestion", tool: "bash", input: "git push origin main" },
];

interface DemoPlace {
	/** The recommended policy, written as the global config. */
	readonly policyFile: string;
	/** A project file that does not exist, so no project rules apply. */
	readonly projectFile: string;
	readonly projectDir: string;
}

/** Runs every demo call; resolves 0 when each produced a decision (allow, ask or deny), else 1. */
export async function runDemo(host: CliHost, place: DemoPlace): Promise<number> {
	const colors = colorsFor(host.color);
	let failed = false;
	for (const call of DEMO_CALLS) {
		host.stdout.write(
			`\n${colors.bold(`== ${call.title}`)}\n${colors.dim(`$ pi-permissions explain ${call.tool} '${call.input}'`)}\n`,
		);
		const argv = ["explain", call.tool, call.input, "--global", place.policyFile, "--project", place.projectFile];
		const code = await runCli([...argv, "--cwd", place.projectDir], host);
		if (code === 1) failed = true;
	}
	return failed ? 1 : 0;
}
