import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_MODULE, loadInto, NOT_ACTIVE } from "../../entry/judge-entry";

type Handler = (event: unknown, ctx: unknown) => unknown;

/** What an extension registered on a recording stand-in for Pi's API (the edge we do not own). */
class RecordingPi {
	readonly handlers = new Map<string, Handler[]>();
	readonly api = {
		on: (event: string, handler: Handler) => {
			this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
		},
	} as unknown as ExtensionAPI;

	/** Fires `session_start` with a UI and returns what it showed. */
	async start(): Promise<{ notes: [string, string][]; statuses: [string, string | undefined][] }> {
		const notes: [string, string][] = [];
		const statuses: [string, string | undefined][] = [];
		const ctx = {
			hasUI: true,
			ui: {
				notify: (message: string, level: string) => notes.push([message, level]),
				setStatus: (key: string, text: string | undefined) => statuses.push([key, text]),
			},
		};
		for (const handler of this.handlers.get("session_start") ?? []) await handler({ type: "session_start" }, ctx);
		return { notes, statuses };
	}
}

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package directory; `built` writes the built module file, `clone` puts it at `packages/model-judge` of a clone. */
function packageDir(options: { readonly built: boolean; readonly clone: boolean }): string {
	const root = mkdtempSync(join(tmpdir(), "judge-entry-"));
	dirs.push(root);
	const dir = options.clone ? join(root, "packages", "model-judge") : join(root, "model-judge");
	mkdirSync(join(dir, "dist"), { recursive: true });
	if (options.built) writeFileSync(join(dir, BUILT_MODULE), "export default function () {}\n");
	if (options.clone) {
		mkdirSync(join(dir, "src"));
		writeFileSync(join(dir, "src", "index.ts"), "");
		mkdirSync(join(root, "scripts"));
		writeFileSync(join(root, "scripts", "bootstrap"), "");
	}
	return dir;
}

const never = () => Promise.reject(new Error("the entry imported a module that is not built"));

describe("the Pi entry of the judge", () => {
	it("says at session start that an unbuilt clone's judge is not active, naming the file and `npm run setup`", async () => {
		const pi = new RecordingPi();
		const dir = packageDir({ built: false, clone: true });
		await loadInto(pi.api, { packageDir: dir, importBuilt: never });
		const { notes, statuses } = await pi.start();
		expect(notes).toHaveLength(1);
		const [message, level] = notes[0] ?? ["", ""];
		expect(level).toBe("error");
		expect(message.startsWith(`${NOT_ACTIVE}: the judge is not built (${join(dir, BUILT_MODULE)} is missing)`)).toBe(
			true,
		);
		expect(message).toContain("every ask it would review goes to you");
		expect(message).toContain(`run \`npm run setup\` in ${join(dir, "..", "..")}`);
		expect(statuses).toEqual([["model-judge", NOT_ACTIVE]]);
	});

	it("tells an installed package (no clone around it) to reinstall", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, { packageDir: packageDir({ built: false, clone: false }), importBuilt: never });
		const { notes } = await pi.start();
		expect(notes[0]?.[0]).toContain("reinstall it with `pi install npm:@pi-permissions/model-judge`");
	});

	it.each<[string, () => Promise<unknown>, string]>([
		[
			"cannot load",
			() => Promise.reject(new Error("Cannot find package '@pi-permissions/authority'\n  at x")),
			"the built judge cannot load: Cannot find package '@pi-permissions/authority'",
		],
		["exports no factory", () => Promise.resolve({ other: 1 }), "does not export the judge (a stale or partial build)"],
		[
			"throws as it starts",
			() =>
				Promise.resolve({
					default: () => {
						throw new Error("boom");
					},
				}),
			"the judge failed to start: boom",
		],
	])("reports a built module that %s", async (_name, importBuilt, expected) => {
		const pi = new RecordingPi();
		await loadInto(pi.api, { packageDir: packageDir({ built: true, clone: false }), importBuilt });
		const { notes } = await pi.start();
		expect(notes[0]?.[0]).toContain(expected);
		expect(notes[0]?.[0]).not.toContain("\n");
	});

	it("hands Pi the built factory, which then registers its own handlers", async () => {
		const pi = new RecordingPi();
		const seen: ExtensionAPI[] = [];
		const dir = packageDir({ built: true, clone: false });
		await loadInto(pi.api, {
			packageDir: dir,
			importBuilt: () => Promise.resolve({ default: (api: ExtensionAPI) => seen.push(api) }),
		});
		expect(seen).toEqual([pi.api]);
		expect(pi.handlers.size).toBe(0);
	});

	it("imports the package's real built module when it is built", async () => {
		const pi = new RecordingPi();
		const dir = packageDir({ built: true, clone: false });
		await loadInto(pi.api, { packageDir: dir, importBuilt: () => import(join(dir, BUILT_MODULE)) });
		expect((await pi.start()).notes).toEqual([]);
	});
});
