/**
 * Owns: the protected-target gate: a write by any tool (the write and edit tools, bash writes, a tool whose access
 * kind is unknown with a path input) to a protected target asks the human, whatever the rules, session grants or yolo
 * say; a bash write whose file cannot be named asks the same way, as it may be one, and so does a tree copy of a git
 * directory (`cp -r .git x` makes a repository whose config git runs). No session grant is offered.
 * Never: lifts a deny (the other gates' denies still win) or touches reads (`read`, `grep`, `find`, `ls`).
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import { READ_ONLY_FILE_TOOLS } from "@pi-permissions/policy";
import { buildWriteAskPayload, PROTECTED_TARGET_SENTINEL } from "@pi-permissions/presentation";
import { describeWrite, WRITE_SURFACE } from "./bash-write-gate";
import type { GateContext } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";
import type { ProtectedTargets, WriteScene } from "./protected-targets";

const UNNAMED_WRITE = "writes a file whose name is only known when the command runs (it may be a protected file)";

const THROUGH_NEW_LINK = "writes through a link the same command makes (it may point at a protected file)";

/** Read by the sandbox answer too: the sandbox watches new repositories in the project only (ADR 0059). */
export const COPIES_GIT_DIR =
	"copies a git directory (git runs what the copy's config and hooks name when pointed at it)";

interface Hit {
	readonly path: AccessPath;
	readonly why: string;
	readonly via: string | null;
}

export function protectedTargetGate(context: GateContext, targets: ProtectedTargets): GateOutcome | null {
	const hit = context.bash === null ? toolHit(context, targets) : bashHit(context, targets);
	if (hit === null) return null;
	const value = displayPath(hit.path);
	const bash = context.bash;
	const surface = bash === null ? context.call.toolName : WRITE_SURFACE;
	return {
		gate: "protected-target",
		surface,
		value,
		state: "ask",
		matchedPattern: PROTECTED_TARGET_SENTINEL,
		origin: null,
		basis: "protected",
		reason: hit.why,
		payload: buildWriteAskPayload({
			requester: context.requester,
			matchedPattern: PROTECTED_TARGET_SENTINEL,
			ruleOrigin: null,
			// SECURITY: a protected target is never offered as a session grant.
			sessionSuggestion: null,
			// SECURITY: only the human at the terminal answers it: no authorizer link, once (the chain reads this field).
			answerableBy: "person",
			surface,
			toolName: bash === null ? context.call.toolName : "bash",
			invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
			path: value,
			canonical: resolvedAlias(hit.path, context.flavor),
			via: hit.via,
			command: bash?.command ?? null,
			protectedBecause: hit.why,
		}),
		suggestion: null,
		// SECURITY: only the human at the terminal answers a protected target; nothing is forwarded as resolvable.
		access: null,
	};
}

function bashHit(context: GateContext, targets: ProtectedTargets): Hit | null {
	const bash = context.bash;
	if (bash === null) return null;
	const scene = sceneOf(
		context,
		bash.program.writeTargets.map((target) => target.path),
	);
	const links: string[] = [];
	let treeCopy: AccessPath | null = null;
	for (const target of bash.program.writeTargets) {
		const via = describeWrite(target);
		if (target.path.kind === "literal") return { path: target.path, why: UNNAMED_WRITE, via };
		// A recursive `chmod`/`chown` of a tree plants nothing: a hook must be written (and asked for) before it can run.
		const why = targets.whyProtected(target.path, target.tree && target.effect !== "metadata", scene);
		if (why !== null) return { path: target.path, why, via };
		// SECURITY: `ln -s .git/hooks h; echo x > h/pre-commit` and `ln -s ~/.bashrc l; echo x >> l`: the link does not
		// exist yet, so no canonical form shows where the write lands.
		const { lexical } = target.path;
		if (links.some((link) => lexical === link || lexical.startsWith(`${link}/`)))
			return { path: target.path, why: THROUGH_NEW_LINK, via };
		if (target.via === "ln") links.push(lexical);
		// Git's own clone, init and worktree write what git chose, never a copy of the agent's.
		const copies = target.tree && (target.effect === "write" || target.effect === "create");
		if (copies && !target.via.startsWith("git ")) treeCopy ??= target.path;
	}
	// SECURITY: `cp -r .git x` makes a repository under a name no rule knows; its config is then planted freely.
	if (treeCopy !== null && bash.program.pathCandidates.some((path) => targets.isGitDirectory(path, scene)))
		return { path: treeCopy, why: COPIES_GIT_DIR, via: null };
	return null;
}

/** The disk through the call's probe cache, and every place the same command writes (both forms, folded). */
function sceneOf(context: GateContext, paths: readonly AccessPath[]): WriteScene {
	const planned: string[] = [];
	for (const path of paths) {
		if (path.kind !== "resolved") continue;
		planned.push(context.flavor.fold(path.lexical));
		if (path.canonical !== path.lexical) planned.push(context.flavor.fold(path.canonical));
	}
	const { normalizer } = context;
	return { planned, exists: (path) => normalizer.entryExists(path) };
}

function toolHit(context: GateContext, targets: ProtectedTargets): Hit | null {
	const { kind } = context;
	if (kind.kind === "skill" || (kind.kind === "path-builtin" && READ_ONLY_FILE_TOOLS.has(kind.toolName))) return null;
	const scene = sceneOf(context, context.inputPaths);
	for (const path of context.inputPaths) {
		const why = targets.whyProtected(path, false, scene);
		if (why !== null) return { path, why, via: null };
	}
	return null;
}
