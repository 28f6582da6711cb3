import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

/**
 * ADR 0022 at every engine surface that layers session grants (all through `SessionPolicy` and the policy core's
 * grant law): the pipeline's gates, `checkPermission` (the service and authority links) and `resolveForwarded` (a
 * serving session answering a child's forwarded ask from its recorded policy).
 */
const FORCE = { "git push *": "ask", "git push --force *": { action: "deny", reason: "never force-push" } };

describe("ADR 0022: a session grant never lifts a deny in the engine", () => {
	it.each([
		{
			title: "git push *",
			bash: FORCE,
			grant: "git push *",
			granted: "git push origin main",
			denied: "git push --force origin main",
		},
		{ title: "rm *", bash: { "rm -rf *": "deny" }, grant: "rm *", granted: "rm x.txt", denied: "rm -rf somedir" },
	])(
		"keeps the deny after granting `$title`: pipeline, query and forwarded ask",
		({ bash, grant, granted, denied }) => {
			// `write` allowed: `rm` deletes, and a bash delete also meets the `write` rule (ADR 0027).
			const e = createEngine({ config: { permission: { bash, write: "allow" } } });
			e.store.add({ surface: "bash", pattern: grant });
			expect(e.pipeline.decide(bashCall(granted)).combined.state).toBe("allow");
			expect(e.pipeline.decide(bashCall(denied)).combined.state).toBe("deny");
			expect(e.query.checkPermission("bash", denied).state).toBe("deny");
			expect(e.query.checkPermission("bash", granted).state).toBe("allow");
			const forwarded = e.query.resolveForwarded({ surface: "bash", matchValues: [denied], boundaryValue: null }, null);
			expect(forwarded.state).toBe("deny");
		},
	);

	it("carries the policy's reason on the denied call", () => {
		const e = createEngine({ config: { permission: { bash: FORCE } } });
		e.store.add({ surface: "bash", pattern: "git push *" });
		expect(e.query.checkPermission("bash", "git push --force origin main")).toMatchObject({
			state: "deny",
			reason: "never force-push",
			origin: "global",
		});
	});

	it("keeps a path deny after a grant on the directory", () => {
		const e = createEngine({ config: { permission: { read: { "*": "ask", "*.env": "deny" } } } });
		e.store.add({ surface: "read", pattern: "/projects/app/*" });
		expect(e.query.checkPermission("read", "/projects/app/notes.txt").state).toBe("allow");
		expect(e.query.checkPermission("read", "/projects/app/.env").state).toBe("deny");
	});
});
