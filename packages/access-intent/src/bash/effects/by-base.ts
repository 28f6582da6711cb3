/**
 * Owns: `ByBase`, one command's memo of answers keyed by base directory and then by word text.
 * Never: computes an answer or outlives the command; nested maps spare a joined key string per lookup.
 */
export class ByBase<T> {
	/** Made at the first answer: a one-unit command often asks nothing. */
	private basesMap: Map<string, Map<string, T>> | null = null;
	/** The base asked last and its answers: a command's words are mostly read at one base, so most lookups are one. */
	private lastBase: string | null = null;
	private lastTexts: Map<string, T> | null = null;

	private get bases(): Map<string, Map<string, T>> {
		this.basesMap ??= new Map();
		return this.basesMap;
	}

	/** The answer for `text` under `base`, computed by `compute` the first time only. */
	answer(base: string, text: string, compute: (text: string, base: string) => T): T {
		const texts = this.textsUnder(base);
		let found = texts.get(text);
		if (found === undefined) {
			found = compute(text, base);
			texts.set(text, found);
		}
		return found;
	}

	/** The stored answer, or `undefined` before one is stored (for callers that must not make a closure per call). */
	get(base: string, text: string): T | undefined {
		if (base === this.lastBase) return this.lastTexts?.get(text);
		return this.basesMap?.get(base)?.get(text);
	}

	set(base: string, text: string, value: T): void {
		this.textsUnder(base).set(text, value);
	}

	private textsUnder(base: string): Map<string, T> {
		if (base === this.lastBase && this.lastTexts !== null) return this.lastTexts;
		let texts = this.bases.get(base);
		if (texts === undefined) {
			texts = new Map();
			this.bases.set(base, texts);
		}
		this.lastBase = base;
		this.lastTexts = texts;
		return texts;
	}
}
