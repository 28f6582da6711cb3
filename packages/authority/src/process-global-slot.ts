/**
 * Owns: the slot-on-`globalThis` pattern of the process-global registries (served sessions, in-process children, the
 * published services): one `Symbol.for` key each, so every copy of a package (Pi loads each extension instance with
 * its own module root) finds the same value; the first copy to ask creates it, later copies reuse it; the property is
 * hardened (non-writable, non-configurable, non-enumerable) and a value is used only when its shape is recognised.
 * Never: swaps a hardened slot's value, or uses one it does not recognise (a read answers `undefined`; a slot held
 * non-configurably by something else makes `get` throw, so its caller fails closed).
 */

interface ProcessGlobalSlotSpec<T> {
	/** The `Symbol.for` name every copy of the package agrees on. */
	readonly name: string;
	/** Whether a value found in the slot has the shape every copy agrees on (the version check). Must not throw. */
	readonly recognise: (value: unknown) => value is T;
	/** The value the first copy to ask puts in the slot. */
	readonly create: () => T;
}

export class ProcessGlobalSlot<T> {
	readonly key: symbol;
	/** Hosts whose slot this copy has hardened or found hardened: its value can never change, so it is kept. */
	private readonly hardened = new WeakMap<object, T>();

	constructor(private readonly spec: ProcessGlobalSlotSpec<T>) {
		this.key = Symbol.for(spec.name);
	}

	/** The value in `host`'s slot, or `undefined` when it is empty or holds what this copy does not recognise. */
	read(host: object): T | undefined {
		const known = this.hardened.get(host);
		if (known !== undefined) return known;
		try {
			const value: unknown = (host as Record<symbol, unknown>)[this.key];
			return this.spec.recognise(value) ? value : undefined;
		} catch {
			// A getter that throws is a slot nobody can trust.
			return undefined;
		}
	}

	/**
	 * The value in `host`'s slot, created there on first use; a recognised value another copy left writable is adopted
	 * and hardened, an unrecognised one replaced. Throws when something else holds the slot non-configurably.
	 */
	get(host: object): T {
		const known = this.hardened.get(host);
		if (known !== undefined) return known;
		const found = Object.getOwnPropertyDescriptor(host, this.key);
		const value = found !== undefined && "value" in found && this.spec.recognise(found.value) ? found.value : undefined;
		if (value !== undefined && found?.writable === false && found.configurable === false) {
			this.hardened.set(host, value);
			return value;
		}
		const slotted = value ?? this.spec.create();
		// SECURITY: neither writable nor configurable, so no other extension can swap in a spoofed registry.
		Object.defineProperty(host, this.key, { value: slotted, writable: false, configurable: false, enumerable: false });
		this.hardened.set(host, slotted);
		return slotted;
	}
}

/** A slot holding a `Map` (the registries keyed by session id). */
export function processGlobalMap<K, V>(name: string): ProcessGlobalSlot<Map<K, V>> {
	return new ProcessGlobalSlot({
		name,
		recognise: (value): value is Map<K, V> => value instanceof Map,
		create: () => new Map<K, V>(),
	});
}
