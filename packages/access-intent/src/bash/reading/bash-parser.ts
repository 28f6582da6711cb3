/**
 * Owns: loading web-tree-sitter and the tree-sitter-bash grammar once per process (retrying after a failure) and
 * the synchronous parse handle after that. Never: interprets trees; `BashProgram` and the unit collector do.
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Language, Parser, type Tree } from "web-tree-sitter";
import { loadOnceWithRetry } from "./load-once";

const GRAMMAR_FILE = "tree-sitter-bash.wasm";

/**
 * Where the grammar may live, first match wins: beside the bundled module (`dist/tree-sitter-bash.wasm`, copied by
 * the build so an npm install needs no scripts), then, only when running from `src/`, the `tree-sitter-bash` package.
 * A built module never looks further: under Pi's loader a package name also resolves from Pi's own install, so a
 * tarball that lost its wasm would quietly load whatever grammar some other install holds (ADR 0034).
 */
function grammarCandidates(): readonly string[] {
	const candidates = [fileURLToPath(new URL(`./${GRAMMAR_FILE}`, import.meta.url))];
	if (!import.meta.url.endsWith(".ts")) return candidates;
	try {
		candidates.push(createRequire(import.meta.url).resolve(`tree-sitter-bash/${GRAMMAR_FILE}`));
	} catch {
		// The package is absent in a published install that ships the copy in dist.
	}
	return candidates;
}

async function loadGrammar(candidates: readonly string[]): Promise<Language> {
	const failures: string[] = [];
	for (const candidate of candidates) {
		try {
			return await Language.load(candidate);
		} catch (error) {
			failures.push(`${candidate}: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	throw new Error(`cannot load the bash grammar (${failures.join("; ")})`);
}

/** Parser progress hook: return `false` to cancel the parse (the work budget ran out). */
type ParseTick = () => boolean;

export class BashParser {
	private constructor(private readonly parser: Parser) {}

	/**
	 * The process-wide parser, loaded on first call. May reject when the wasm files cannot be loaded; a rejected
	 * load is not cached, so the next call tries again.
	 */
	static load(): Promise<BashParser> {
		return loadDefault();
	}

	/** Loads a parser from explicit grammar locations, uncached (tests of the failure path, benchmarks of cold start). */
	static async loadFrom(grammarPaths: readonly string[]): Promise<BashParser> {
		await Parser.init();
		const language = await loadGrammar(grammarPaths);
		const parser = new Parser();
		parser.setLanguage(language);
		return new BashParser(parser);
	}

	/**
	 * Parses `text` synchronously. The caller owns the returned tree and must `delete()` it. Returns `null` when
	 * `tick` cancelled the parse; the parser is reset so the next parse starts fresh.
	 */
	parse(text: string, tick?: ParseTick): Tree | null {
		const tree =
			tick === undefined
				? this.parser.parse(text)
				: this.parser.parse(text, null, { progressCallback: stopWhenSpent(tick) });
		// INVARIANT: a cancelled parse would otherwise resume on the next call with the old text.
		if (tree === null) this.parser.reset();
		return tree;
	}
}

/** web-tree-sitter's progress callback stops the parse on `true`; a tick answers whether work may go on. */
function stopWhenSpent(tick: ParseTick): () => boolean {
	// An anonymous function made per parse: a named one would cost a `defineProperty` per parse under keepNames.
	return () => !tick();
}

const loadDefault = loadOnceWithRetry(() => BashParser.loadFrom(grammarCandidates()));
