/**
 * Owns: the directories Pi's own resource loader reads, which a read-only built-in may read outside the project
 * without a prompt: the agent dir's `skills`, `prompts` and `themes`, the packages Pi installs (`npm`, `git` under the
 * agent dir), the user's `~/.agents/skills`, Pi's installed package (its docs, examples and README), and the directory
 * of every skill Pi loaded (a package's or a settings path's skills included).
 * Never: names the agent dir as a whole (its `auth.json` holds credentials, its `extensions` this package's config),
 * or a skill directory as broad as the home, the project or the root: a skill file placed there would open it all.
 * Found in Pi 1.6's `DefaultResourceLoader` (`agentDir/{skills,prompts,themes,extensions}`, ancestors'
 * `.agents/skills`), `DefaultPackageManager` (`agentDir/npm`, `agentDir/git`, `~/.agents/skills`) and `getDocsPath()`
 * (`<package dir>/docs`); see ADR 0036.
 */
import type { ActiveSkill } from "@pi-permissions/engine";
import type { PathFlavor } from "@pi-permissions/policy";

interface PiInfrastructureFacts {
	readonly agentDir: string;
	readonly home: string;
	readonly cwd: string;
	/** Pi's installed package directory, or `null` when it could not be found. */
	readonly piPackageDir: string | null;
	readonly flavor: PathFlavor;
}

/** The static directories plus the loaded skills' own. */
export function piInfrastructureDirs(facts: PiInfrastructureFacts, skills: readonly ActiveSkill[]): string[] {
	const join = (base: string, rest: string) => `${base.replace(/[/\\]+$/, "")}/${rest}`;
	const dirs = [
		join(facts.agentDir, "skills"),
		join(facts.agentDir, "prompts"),
		join(facts.agentDir, "themes"),
		join(facts.agentDir, "npm"),
		join(facts.agentDir, "git"),
		join(facts.home, ".agents/skills"),
	];
	if (facts.piPackageDir !== null) dirs.push(facts.piPackageDir);
	for (const skill of skills) if (!tooBroad(skill.directory, facts)) dirs.push(skill.directory);
	return [...new Set(dirs)];
}

/** A directory that is the root, or contains the home or the project, is never infrastructure. */
function tooBroad(directory: string, facts: PiInfrastructureFacts): boolean {
	const dir = facts.flavor.fold(directory).replace(/[/\\]+$/, "");
	if (dir === "" || /^[a-z]:$/i.test(dir)) return true;
	return [facts.home, facts.cwd, facts.agentDir].some((place) => {
		const folded = facts.flavor.fold(place).replace(/[/\\]+$/, "");
		return folded === dir || folded.startsWith(`${dir}/`) || folded.startsWith(`${dir}\\`);
	});
}
