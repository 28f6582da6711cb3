/**
 * Owns: running registered callbacks synchronously when the process exits (one `exit` listener, installed only while
 * a callback is registered), so records a session queued in the exit's own turn are still written.
 * Never: keeps the process alive, delays the exit beyond the callbacks' own synchronous work, or lets a callback's
 * throw reach Node's exit path.
 */

/** Registers `callback` to run at process exit; the returned function unregisters it (idempotent). */
export type AtExit = (callback: () => void) => () => void;

/** The part of `process` the hook uses (tests pass an emitter of their own). */
interface ExitEmitter {
	on(event: "exit", listener: () => void): unknown;
	off(event: "exit", listener: () => void): unknown;
}

export function exitHook(emitter: ExitEmitter): AtExit {
	const callbacks = new Set<() => void>();
	const listener = (): void => {
		for (const callback of [...callbacks]) {
			try {
				callback();
			} catch {
				// An exit is under way: one failing callback must not stop the others.
			}
		}
	};
	return (callback) => {
		// A fresh identity per registration, so registering the same function twice needs two unregisters.
		const entry = (): void => callback();
		if (callbacks.size === 0) emitter.on("exit", listener);
		callbacks.add(entry);
		return () => {
			if (!callbacks.delete(entry)) return;
			if (callbacks.size === 0) emitter.off("exit", listener);
		};
	};
}
