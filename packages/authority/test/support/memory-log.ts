/** An authority log that keeps every event in memory for assertions. */
import type { AuthorityEventName, AuthorityLog, AuthorityLogFields } from "../../src/authority-log";

export class MemoryLog implements AuthorityLog {
	readonly events: { name: AuthorityEventName; fields: AuthorityLogFields }[] = [];

	event(name: AuthorityEventName, fields: AuthorityLogFields): void {
		this.events.push({ name, fields });
	}

	named(name: AuthorityEventName): AuthorityLogFields[] {
		return this.events.filter((event) => event.name === name).map((event) => event.fields);
	}
}
