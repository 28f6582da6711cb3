/**
 * Owns: `CleanupStack`, the per-test list of things to undo (kill a process, kill a tmux server, remove a sandbox),
 * run last-in first-out from `afterEach`, every step attempted even when an earlier one fails.
 * Never: swallows a failure: the first error is rethrown after every step has run.
 */
export class CleanupStack {
	private readonly steps: (() => void | Promise<void>)[] = [];

	defer(step: () => void | Promise<void>): void {
		this.steps.push(step);
	}

	async run(): Promise<void> {
		const errors: unknown[] = [];
		for (let step = this.steps.pop(); step !== undefined; step = this.steps.pop()) {
			try {
				await step();
			} catch (error) {
				errors.push(error);
			}
		}
		if (errors.length > 0) throw errors[0];
	}
}
