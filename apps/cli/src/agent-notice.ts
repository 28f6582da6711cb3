/**
 * Owns: the stderr notice for a named agent that has no file in either agent location, so a misspelt `--agent` (or
 * an `eval` line's `agent`) that applies no agent rules is never silent.
 * Never: changes a decision or the exit code; an agent file without `permission:` frontmatter gets no notice.
 */
import type { ConfigFileSystem } from "@pi-permissions/engine";
import type { LoadedPolicy } from "./cli-engine";

/** The notice for `loaded`'s agent when neither agent file exists, else `null`. A failed stat counts as present. */
export async function missingAgentNotice(fileSystem: ConfigFileSystem, loaded: LoadedPolicy): Promise<string | null> {
	const agentScopes = loaded.load.reports.filter(
		(report) => report.scope === "agent" || report.scope === "project-agent",
	);
	const files = agentScopes.flatMap((report) => (report.file === null ? [] : [report.file]));
	if (files.length === 0 || agentScopes.some((report) => report.status !== "absent")) return null;
	for (const file of files) {
		const found = await fileSystem.stat(file).catch(() => null);
		// An agent file without `permission:` is absent too, but it exists: the agent is real, just unrestricted.
		if (found === null || found.kind !== "missing") return null;
	}
	return `notice: no agent \`${agentName(files[0] as string)}\`: neither ${files.join(" nor ")} exists, so no agent rules apply`;
}

/** `…/agents/reviewer.md` -> `reviewer`. */
function agentName(file: string): string {
	const base = file.split(/[\\/]/).at(-1) ?? file;
	return base.endsWith(".md") ? base.slice(0, -3) : base;
}
