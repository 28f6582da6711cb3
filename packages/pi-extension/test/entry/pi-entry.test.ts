import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOT_ACTIVE } from "../../entry/not-active";
import { BUILT_MODULE, loadInto } from "../../entry/pi-entry";
import { checkReadiness } from "../../src/readiness";

type Handler = (event: unknown, ctx: unknown) => unknown;

/** What an extension registered on a recording stand-in for Pi's API (the edge we do not own). */
class RecordingPi {
	readonly handlers = new Map<string, Handler[]>();
	readonly commands = new Map<string, { handler: (args: string, ctx: unknown) => Promise<void> }>();
	readonly api = {
		on: (event: string, handler: Handler) => {
			this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
		},
		registerCommand: (name: string, options: { handler: (args: string, ctx: unknown) => Promise<void> }) => {
			this.commands.set(name, options);
		},
	} as unknown as ExtensionAPI;

	/** Runs every `tool_call` handler in order, as Pi does, and returns the first block. */
	async toolCall(toolName: string): Promise<unknown> {
		for (const handler of this.handlers.get("tool_call") ?? []) {
			const result = await handler({ toolName, toolCallId: "c1", input: {} }, {});
			if (result !== undefined) return result;
		}
		return undefined;
	}
}

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	vi.restoreAllMocks();
});

/** A package directory; `built` writes the built module file, `clone` puts it at `packages/pi-extension` of a clone. */
function packageDir(options: { readonly built: boolean; readonly clone: boolean }): string {
	const root = mkdtempSync(join(tmpdir(), "pi-entry-"));
	dirs.push(root);
	const dir = options.clone ? join(root, "packages", "pi-extension") : join(root, "pi-extension");
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

describe("the Pi entry of the package", () => {
	it("blocks every tool call of an unbuilt clone, naming the missing file and `npm run setup`", async () => {
		const pi = new RecordingPi();
		const dir = packageDir({ built: false, clone: true });
		await loadInto(pi.api, { packageDir: dir, importBuilt: never });
		for (const tool of ["bash", "read", "write", "some_mcp_tool"]) {
			const result = (await pi.toolCall(tool)) as { block: boolean; reason: string };
			expect(result.block).toBe(true);
			expect(result.reason.startsWith(`${NOT_ACTIVE}: the extension is not built`)).toBe(true);
			expect(result.reason).toContain(join(dir, BUILT_MODULE));
			expect(result.reason).toContain(`run \`npm run setup\` in ${join(dir, "..", "..")}`);
		}
	});

	it("tells an installed package (no clone around it) to reinstall", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, { packageDir: packageDir({ built: false, clone: false }), importBuilt: never });
		const result = (await pi.toolCall("bash")) as { reason: string };
		expect(result.reason).toContain("reinstall it with `pi install npm:@pi-permissions/pi-extension`");
	});

	it("names the sibling package a built module cannot import", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, {
			packageDir: packageDir({ built: true, clone: false }),
			importBuilt: () => Promise.reject(new Error("Cannot find module '@pi-permissions/engine'\nRequire stack:\n- x")),
		});
		const result = (await pi.toolCall("read")) as { reason: string };
		expect(result.reason).toContain("the built extension cannot load: Cannot find module '@pi-permissions/engine'.");
		expect(result.reason).not.toContain("Require stack");
	});

	it("names the part the readiness check found missing (the grammar wasm)", async () => {
		const pi = new RecordingPi();
		const factory = vi.fn();
		await loadInto(pi.api, {
			packageDir: packageDir({ built: true, clone: false }),
			importBuilt: async () => ({
				default: factory,
				checkReadiness: async () => ({
					ready: false,
					part: "bash grammar",
					problem: "cannot load tree-sitter-bash.wasm",
				}),
			}),
		});
		expect(factory).not.toHaveBeenCalled();
		const result = (await pi.toolCall("bash")) as { reason: string };
		expect(result.reason).toContain("the bash grammar cannot load: cannot load tree-sitter-bash.wasm");
	});

	it("treats a built module without the readiness check as a stale build", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, {
			packageDir: packageDir({ built: true, clone: true }),
			importBuilt: async () => ({ default: () => undefined }),
		});
		const result = (await pi.toolCall("bash")) as { reason: string };
		expect(result.reason).toContain("a stale or partial build");
	});

	it("hands Pi the real factory, and nothing else, when every part is ready", async () => {
		const pi = new RecordingPi();
		const factory = vi.fn();
		await loadInto(pi.api, {
			packageDir: packageDir({ built: true, clone: false }),
			importBuilt: async () => ({ default: factory, checkReadiness: async () => ({ ready: true }) }),
		});
		expect(factory).toHaveBeenCalledWith(pi.api);
		expect([...pi.handlers.keys()]).toEqual([]);
		expect([...pi.commands.keys()]).toEqual([]);
	});

	it("blocks every call when the real factory throws, even past a handler it registered first", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, {
			packageDir: packageDir({ built: true, clone: false }),
			importBuilt: async () => ({
				default: (api: ExtensionAPI) => {
					api.on("tool_call", () => undefined);
					throw new Error("boom");
				},
				checkReadiness: async () => ({ ready: true }),
			}),
		});
		const result = (await pi.toolCall("bash")) as { block: boolean; reason: string };
		expect(result).toMatchObject({ block: true });
		expect(result.reason).toContain("the extension failed to start: boom");
	});

	it("shows the reason as an error and sets the status line at session start, and `/permissions` repeats it", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, { packageDir: packageDir({ built: false, clone: false }), importBuilt: never });
		const notify = vi.fn();
		const setStatus = vi.fn();
		const ctx = { hasUI: true, ui: { notify, setStatus } };
		for (const handler of pi.handlers.get("session_start") ?? []) await handler({ type: "session_start" }, ctx);
		const reason = ((await pi.toolCall("bash")) as { reason: string }).reason;
		expect(notify).toHaveBeenCalledWith(reason, "error");
		expect(setStatus).toHaveBeenCalledWith("pi-permissions", NOT_ACTIVE);
		await pi.commands.get("permissions")?.handler("", ctx);
		expect(notify).toHaveBeenCalledTimes(2);
	});

	it("writes the reason to stderr at session start when Pi has no UI", async () => {
		const pi = new RecordingPi();
		await loadInto(pi.api, { packageDir: packageDir({ built: false, clone: false }), importBuilt: never });
		const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
		for (const handler of pi.handlers.get("session_start") ?? [])
			await handler({ type: "session_start" }, { hasUI: false });
		expect(write).toHaveBeenCalledWith(expect.stringContaining(`${NOT_ACTIVE}: the extension is not built`));
	});
});

describe("the readiness check of the built extension", () => {
	it("is ready in the workspace: the grammar parses and the schema validates", async () => {
		expect(await checkReadiness()).toEqual({ ready: true });
	});
});
