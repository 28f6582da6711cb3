/**
 * Owns: the files a command writes (redirect targets, `tee`, `cp`/`mv`/`install`/`ln` destinations, `dd of=`) and
 * whether a later unit of the same command runs one (`echo … > p.py; python3 p.py`, `… > x.sh; ./x.sh`).
 * Never: reads the file system; paths are compared as written, `./` folded.
 */
import { commandNameOf } from "../reading/command-name";
import { literalWordText } from "../reading/shell-word";
import type { UnitDraft } from "../reading/unit-draft";
import { BASH_COMPATIBLE_SHELLS, interpreterEntry } from "./wrapper-table";

/** Programs whose last operand is the file they write. */
const DESTINATION_LAST: ReadonlySet<string> = new Set(["cp", "mv", "install", "ln", "rsync"]);
/** Programs that run a file named in their operands. */
const RUNS_OPERAND: ReadonlySet<string> = new Set([...BASH_COMPATIBLE_SHELLS, "fish", "source", ".", "exec"]);

export class WrittenFiles {
	/** Made at the first write: most commands write nothing a later unit could run. */
	private paths: Set<string> | null = null;

	/** Records what `draft` writes; call after judging it, so a unit never counts its own write. */
	record(draft: UnitDraft, commandName: string | null = draftName(draft)): void {
		for (const redirect of draft.redirects) {
			if (!redirect.operator.includes(">")) continue;
			this.add(literalWordText(redirect.target));
		}
		const name = commandName;
		// Most units write nothing by name: read their words only for the programs that do.
		if (name === null || (name !== "tee" && name !== "dd" && !DESTINATION_LAST.has(name))) return;
		const args = draft.args.map((ref) => literalWordText(ref.word));
		if (name === "tee") for (const arg of args) if (arg !== null && !arg.startsWith("-")) this.add(arg);
		if (DESTINATION_LAST.has(name)) this.add(args[args.length - 1] ?? null);
		if (name === "dd") for (const arg of args) if (arg?.startsWith("of=")) this.add(arg.slice(3));
	}

	/**
	 * True when `draft` runs a file this command wrote before it: as its command name or an interpreter's operand, a
	 * file under a directory an interpreter runs (`python3 pk` runs `pk/__main__.py`; `-m pk` a module), or a file the
	 * program reads code from by its name alone (`Makefile` for `make`, `package.json` for `npm test`).
	 */
	runsWritten(draft: UnitDraft, commandName: string | null = draftName(draft)): boolean {
		const paths = this.paths;
		if (paths === null || draft.name === null) return false;
		const head = literalWordText(draft.name.word);
		if (head !== null && paths.has(fold(head))) return true;
		const name = commandName;
		if (name === null) return false;
		// SECURITY: `printf 'all:\n\trm x' > Makefile; make`, `… > package.json; npm test` (red-team round 4).
		const codeFiles = PROJECT_CODE_FILES.get(name);
		if (codeFiles !== undefined) for (const path of paths) if (codeFiles.test(basename(path))) return true;
		const interpreter = interpreterEntry(name) !== null;
		if (!RUNS_OPERAND.has(name) && !interpreter && codeFiles === undefined) return false;
		return draft.args.some((ref) => {
			const text = literalWordText(ref.word);
			if (text === null) return false;
			// `-mpk` names the module `pk` as `-m pk` does.
			const operand = fold(interpreter && /^-m[^-]/.test(text) ? text.slice(2) : text);
			if (paths.has(operand)) return true;
			// `python3 pk`, `python3 -m pk`, `make -C dir`: code under a directory (or module) the unit names.
			if (!interpreter && codeFiles === undefined) return false;
			const module = operand.replaceAll(".", "/");
			for (const path of paths) if (under(path, operand) || under(path, module) || path === `${module}.py`) return true;
			return false;
		});
	}

	private add(path: string | null): void {
		if (path === null || path === "" || path.startsWith("/dev/")) return;
		this.paths ??= new Set();
		this.paths.add(fold(path));
	}
}

/** `commandName` arguments: the caller's reading of the draft's name when it has one (`commandNameOf`). */
function draftName(draft: UnitDraft): string | null {
	return draft.name === null ? null : commandNameOf(draft.name.word);
}

/**
 * Programs that read code from files they find by name in the working directory (or the one they are pointed at),
 * each from its manual: make(1) reads `GNUmakefile`, `makefile`, `Makefile` and `*.mk` includes; cmake(1)
 * `CMakeLists.txt` and `*.cmake` scripts; npm/pnpm/yarn/bun run the scripts of `package.json` and read `.npmrc`,
 * `.yarnrc(.yml)`, `.pnpmfile.cjs`; python imports `sitecustomize`/`usercustomize` and runs `*.pth` lines at start;
 * pytest loads `conftest.py` and its ini files; cargo runs `build.rs` and reads `.cargo/config(.toml)`; rake, bundle,
 * gradle, mvn, ant, just, task and tox read their build files; deno and node read `package.json`/`deno.json` tasks.
 */
const PYTHON_START = /^(?:sitecustomize\.py|usercustomize\.py|.*\.pth)$/;
const NODE_PROJECT = /^(?:package\.json|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.pnpmfile\.cjs|\.pnpmfile\.mjs|bunfig\.toml)$/;
const PROJECT_CODE_FILES: ReadonlyMap<string, RegExp> = new Map([
	...["make", "gmake", "bmake", "remake"].map((name): [string, RegExp] => [
		name,
		/^(?:GNUmakefile|[Mm]akefile|.*\.mk)$/,
	]),
	["cmake", /^(?:CMakeLists\.txt|.*\.cmake)$/],
	["ctest", /^(?:CMakeLists\.txt|CTestTestfile\.cmake|.*\.cmake)$/],
	...["npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "corepack"].map((name): [string, RegExp] => [
		name,
		NODE_PROJECT,
	]),
	["node", /^package\.json$/],
	["deno", /^(?:deno\.jsonc?|package\.json)$/],
	...["python", "python3", "python2", "pip", "pip3"].map((name): [string, RegExp] => [name, PYTHON_START]),
	["pytest", /^(?:conftest\.py|pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|sitecustomize\.py|.*\.pth)$/],
	["tox", /^(?:tox\.ini|setup\.cfg|pyproject\.toml|setup\.py)$/],
	["cargo", /^(?:build\.rs|Cargo\.toml|config|config\.toml)$/],
	["rake", /^(?:[Rr]akefile(?:\.rb)?|.*\.rake)$/],
	["bundle", /^(?:Gemfile|.*\.gemspec)$/],
	["gradle", /^(?:.*\.gradle|.*\.gradle\.kts|gradle\.properties)$/],
	["mvn", /^pom\.xml$/],
	["ant", /^build\.xml$/],
	["just", /^(?:[Jj]ustfile|\.justfile)$/],
	["task", /^Taskfile\.ya?ml$/],
]);

/** The last segment of a written path. */
function basename(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

/** True when `path` lies under the directory `dir` (both as written, `./` folded). */
function under(path: string, dir: string): boolean {
	if (dir === "" || dir.startsWith("-")) return false;
	if (dir === ".") return !path.startsWith("/") && !path.startsWith("../");
	const prefix = dir.endsWith("/") ? dir : `${dir}/`;
	return path.startsWith(prefix);
}

function fold(path: string): string {
	let folded = path;
	while (folded.startsWith("./")) folded = folded.slice(2);
	return folded;
}
