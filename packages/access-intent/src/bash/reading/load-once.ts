/**
 * Owns: memoising an async factory once per process, dropping a rejected attempt so the next call retries.
 * Never: retries on its own or swallows the error; the caller sees every failure.
 */

/** Returns a loader that shares one in-flight or settled success, and forgets a failure. */
export function loadOnceWithRetry<T>(factory: () => Promise<T>): () => Promise<T> {
	let pending: Promise<T> | null = null;
	return () => {
		if (pending === null) {
			const attempt = factory();
			pending = attempt;
			attempt.catch(() => {
				// INVARIANT: only the failed attempt is forgotten; a newer one started meanwhile stays.
				if (pending === attempt) pending = null;
			});
		}
		return pending;
	};
}
