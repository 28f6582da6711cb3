/**
 * Owns: `SandboxPlanCache`, the plan of a composed policy kept between calls (ADR 0056): it is built again only when
 * the policy, the directories or the code directories change, or when one of the disk's answers it was built from
 * (a path's canonical form, whether it exists or is a directory, a directory's names) is no longer what it was. Each
 * call asks those questions again, which costs a fraction of building the plan and gives the same plan a fresh build
 * would give.
 * Never: reads the disk itself (the injected functions do), or keeps a plan whose answers changed.
 */
import { type ComposedPlanFacts, composedSandboxPlan } from "./composed-sandbox-plan";
import type { SandboxPlan } from "./sandbox-plan";

/** The facts of a plan besides the disk's answers. */
export type PlanInputs = Omit<ComposedPlanFacts, "canonical" | "exists" | "isDirectory" | "list">;

/** The disk's answers a plan is built from; each must not throw (see `ComposedPlanFacts`). */
export type PlanFiles = Pick<ComposedPlanFacts, "canonical" | "exists" | "isDirectory" | "list">;

/** One question asked while the plan was built, and its answer then (compared as text). */
interface Asked {
	readonly question: keyof PlanFiles;
	readonly path: string;
	readonly answer: string;
}

interface CachedPlan {
	readonly key: string;
	readonly policy: ComposedPlanFacts["policy"];
	readonly asked: readonly Asked[];
	readonly plan: SandboxPlan;
}

export class SandboxPlanCache {
	private cached: CachedPlan | null = null;

	constructor(private readonly files: PlanFiles) {}

	/** The plan `inputs` give with the disk as it is now. */
	planFor(inputs: PlanInputs): SandboxPlan {
		const key = keyOf(inputs);
		const cached = this.cached;
		if (cached !== null && cached.policy === inputs.policy && cached.key === key && this.stillHolds(cached.asked)) {
			return cached.plan;
		}
		const asked: Asked[] = [];
		const seen = new Set<string>();
		const record = (question: keyof PlanFiles, path: string, answer: string) => {
			const id = `${question}\0${path}`;
			if (seen.has(id)) return;
			seen.add(id);
			asked.push({ question, path, answer });
		};
		const plan = composedSandboxPlan({
			...inputs,
			canonical: (path) => {
				const answer = this.files.canonical(path);
				record("canonical", path, answer);
				return answer;
			},
			exists: (path) => {
				const answer = this.files.exists(path);
				record("exists", path, String(answer));
				return answer;
			},
			isDirectory: (path) => {
				const answer = this.files.isDirectory(path);
				record("isDirectory", path, String(answer));
				return answer;
			},
			list: (path) => {
				const answer = this.files.list(path);
				record("list", path, listingText(answer));
				return answer;
			},
		});
		this.cached = { key, policy: inputs.policy, asked, plan };
		return plan;
	}

	private stillHolds(asked: readonly Asked[]): boolean {
		return asked.every(({ question, path, answer }) => this.ask(question, path) === answer);
	}

	private ask(question: keyof PlanFiles, path: string): string {
		switch (question) {
			case "canonical":
				return this.files.canonical(path);
			case "exists":
				return String(this.files.exists(path));
			case "isDirectory":
				return String(this.files.isDirectory(path));
			case "list":
				return listingText(this.files.list(path));
			default: {
				const unhandled: never = question;
				throw new Error(`unhandled plan question ${String(unhandled)}`);
			}
		}
	}
}

/** Everything but the policy object (compared by identity: a reload makes a new one). */
function keyOf(inputs: PlanInputs): string {
	return JSON.stringify([
		inputs.cwd,
		inputs.home,
		inputs.agentDir,
		inputs.tmpDir,
		inputs.flavor,
		inputs.codeDirs ?? null,
	]);
}

function listingText(names: readonly string[] | null): string {
	return names === null ? "\0none" : [...names].sort().join("\0");
}
