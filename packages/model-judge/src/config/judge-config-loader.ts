/**
 * Owns: finding and merging the judge's config files (global, then project when the project is trusted; the project
 * overrides key by key, capability objects merge key by key, lists replace) into one validated `LoadedJudgeConfig`.
 * Never: touches the disk itself (it reads through the injected `readText`), or runs with a config that has any error.
 */
import { join } from "node:path";
import { err, ok, type Result } from "@pi-permissions/policy";
import { issuesFromZod, type JudgeConfigIssue } from "./judge-config-issue";
import {
	compileTypoPattern,
	type JudgeConfig,
	type JudgeConfigLayer,
	judgeConfigLayerSchema,
	judgeConfigSchema,
} from "./judge-config-schema";

/** The file name, beside pi-permissions' own `config.json`. */
const JUDGE_CONFIG_FILE = "model-judge.json";

/**
 * Reads one file's text. Must not throw: `ok(null)` when the file does not exist, `err(reason)` when it exists but
 * cannot be read.
 */
export type ReadText = (path: string) => Result<string | null, string>;

interface JudgeConfigPlaces {
	readonly agentDir: string;
	readonly cwd: string;
	/** Whether Pi trusts the project; an untrusted project's file is never read. */
	readonly projectTrusted: boolean;
}

export interface LoadedJudgeConfig {
	readonly config: JudgeConfig;
	/** `typoPatterns`, compiled once, in order. */
	readonly typoPatterns: readonly RegExp[];
	/** The files that contributed, global first. */
	readonly files: readonly string[];
}

export function judgeConfigFiles(places: Pick<JudgeConfigPlaces, "agentDir" | "cwd">): {
	readonly global: string;
	readonly project: string;
} {
	return {
		global: join(places.agentDir, "extensions", "pi-permissions", JUDGE_CONFIG_FILE),
		project: join(places.cwd, ".pi", "extensions", "pi-permissions", JUDGE_CONFIG_FILE),
	};
}

/** `ok(null)` when no file exists (the judge is off); `err(issues)` when any file or the merged result is invalid. */
export function loadJudgeConfig(
	places: JudgeConfigPlaces,
	readText: ReadText,
): Result<LoadedJudgeConfig | null, readonly JudgeConfigIssue[]> {
	const paths = judgeConfigFiles(places);
	const wanted = places.projectTrusted ? [paths.global, paths.project] : [paths.global];
	const issues: JudgeConfigIssue[] = [];
	const layers: { readonly file: string; readonly layer: JudgeConfigLayer }[] = [];
	for (const file of wanted) {
		const read = readLayer(file, readText);
		if (!read.ok) issues.push(...read.error);
		else if (read.value !== null) layers.push({ file, layer: read.value });
	}
	if (issues.length > 0) return err(issues);
	if (layers.length === 0) return ok(null);
	const merged = layers.map((entry) => entry.layer).reduce(mergeLayers, {});
	const parsed = judgeConfigSchema.safeParse(merged, { reportInput: true });
	if (!parsed.success) {
		return err(
			issuesFromZod(null, parsed.error).map((issue) => ({
				...issue,
				hint: `${issue.hint} (in ${paths.global}, or in ${paths.project} when the project is trusted)`,
			})),
		);
	}
	const typoPatterns = parsed.data.typoPaths.typoPatterns.map(compileTypoPattern);
	// INVARIANT: the schema has already rejected every pattern that does not compile.
	const compiled = typoPatterns.filter((pattern): pattern is RegExp => pattern instanceof RegExp);
	return ok({ config: parsed.data, typoPatterns: compiled, files: layers.map((entry) => entry.file) });
}

function readLayer(file: string, readText: ReadText): Result<JudgeConfigLayer | null, JudgeConfigIssue[]> {
	const text = readText(file);
	if (!text.ok)
		return err([{ file, keyPath: [], message: `cannot be read (${text.error})`, hint: "fix its permissions" }]);
	if (text.value === null) return ok(null);
	let json: unknown;
	try {
		json = JSON.parse(text.value);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return err([{ file, keyPath: [], message: `is not valid JSON (${reason})`, hint: "fix the JSON syntax" }]);
	}
	const parsed = judgeConfigLayerSchema.safeParse(json, { reportInput: true });
	return parsed.success ? ok(parsed.data) : err(issuesFromZod(file, parsed.error));
}

function defined<T extends object>(value: T | undefined): Partial<T> {
	if (value === undefined) return {};
	return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** Later wins key by key; capability objects merge key by key; lists replace. */
function mergeLayers(base: JudgeConfigLayer, over: JudgeConfigLayer): JudgeConfigLayer {
	const typoPaths = { ...defined(base.typoPaths), ...defined(over.typoPaths) };
	const opaqueCommands = { ...defined(base.opaqueCommands), ...defined(over.opaqueCommands) };
	return {
		...defined(base),
		...defined(over),
		...(base.typoPaths === undefined && over.typoPaths === undefined ? {} : { typoPaths }),
		...(base.opaqueCommands === undefined && over.opaqueCommands === undefined ? {} : { opaqueCommands }),
	};
}
