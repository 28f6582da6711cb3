/**
 * Owns: the protected-target gate: a write by any tool (the write and edit tools, bash writes, a tool whose access
 * kind is unknown with a path input) to a protected target asks the human, whatever the rules, session grants or yolo
 * say; a bash write whose file cannot be named asks the same way, as it may be one. No session grant is offered.
 * Never: lifts a deny (the other gates' denies still win) or touches reads (`read`, `grep`, `find`, `ls`).
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import { READ_ONLY_FILE_TOOLS } from "@pi-permissions/policy";
import { buildWriteAskPayload, PROTECTED_TARGET_SENTINEL } from "@pi-permissions/presentation";
import { describeWrite, WRITE_SURFACE } from "./bash-write-gate";
import type { GateContext } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";
import type { ProtectedTargets } from "./protected-targets";

const UNNAMED_WRITE = "writes a file whose name is only known when the command runs (it may be a protected file)";

const THROUGH_NEW_LINK = "writes through a link the same command makes (it may point at a protected file)";

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
	const links: string[] = [];
	for (const target of bash.program.writeTargets) {
		const via = describeWrite(target);
		if (target.path.kind === "literal") return { path: target.path, why: UNNAMED_WRITE, via };
		// A recursive `chmod`/`chown` of a tree plants nothing: a hook must be written (and asked for) before it can run.
		const why = targets.whyProtected(target.path, target.tree && target.effect !== "metadata");
		if (why !== null) return { path: target.path, why, via };
		// SECURITY: `ln -s .git/hooks h; echo x > h/pre-commit` and `ln -s ~/.bashrc l; echo x >> l`: the link does not
		// exist yet, so no canonical form shows where the write lands.
		const { lexical } = target.path;
		if (links.some((link) => lexical === link || lexical.startsWith(`${link}/`)))
			return { path: target.path, why: THROUGH_NEW_LINK, via };
		if (target.via === "ln") links.push(lexical);
	}
	return null;
}

function toolHit(context: GateContext, targets: ProtectedTargets): Hit | null {
	const { kind } = context;
	if (kind.kind === "skill" || (kind.kind === "path-builtin" && READ_ONLY_FILE_TOOLS.has(kind.toolName))) return null;
	for (const path of context.inputPaths) {
		const why = targets.whyProtected(path, false);
		if (why !== null) return { path, why, via: null };
	}
	return null;
}
