/**
 * Owns: enforcing docs/architecture.md's dependency direction on every package's manifest and source imports (and
 * that the page draws exactly the allowed edges), and that no package's source modules import each other in a circle
 * (ADR 0044).
 * Never: tolerates an edge by goodwill; a new edge needs docs/architecture.md and this table to change together.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const SCOPE = "@pi-permissions/";

/** Which workspace packages each package may depend on (lower layers only). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
	policy: [],
	"access-intent": ["policy"],
	presentation: ["policy"],
	engine: ["policy", "access-intent", "presentation"],
	authority: ["policy", "presentation"],
	sandbox: ["policy", "engine"],
	"pi-extension": ["policy", "access-intent", "presentation", "engine", "authority", "sandbox"],
	"model-judge": ["policy", "authority"],
	cli: ["policy", "access-intent", "engine", "sandbox"],
	// Private apps: the live demonstration composes the adapter; the real-Pi suites depend on nothing at run time.
	demo: ["authority", "pi-extension"],
	"real-pi": [],
};

/** Third-party run-time imports allowed in `src/` (everything else is a new dependency to review). */
const THIRD_PARTY: Readonly<Record<string, readonly string[] | "any">> = {
	policy: ["zod"],
	"access-intent": ["web-tree-sitter"],
	presentation: ["get-east-asian-width"],
	// The runtime is optional and loaded by `import()` in `sandbox-runtime.ts` only.
	sandbox: ["@anthropic-ai/sandbox-runtime"],
	engine: "any",
	authority: "any",
	"pi-extension": "any",
	"model-judge": "any",
	cli: "any",
	demo: "any",
	"real-pi": "any",
};

/** Private apps that host a Pi session themselves (Pi is their run-time dependency, not a peer). */
const PI_HOSTS: readonly string[] = ["demo"];

/** `node:` imports: forbidden in pure packages; in access-intent only at its two I/O edges, in sandbox at its one. */
const NODE_IMPORTS: Readonly<Record<string, "forbidden" | readonly string[] | "any">> = {
	policy: "forbidden",
	presentation: "forbidden",
	"access-intent": ["src/path/file-system-probe.ts", "src/bash/reading/bash-parser.ts"],
	// The Linux sandbox reads the tree its masks land on and probes bubblewrap (ADR 0056).
	sandbox: ["src/linux/linux-host.ts"],
};

interface Pkg {
	readonly folder: string;
	readonly dir: string;
	readonly manifest: { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
}

function packages(): Pkg[] {
	const out: Pkg[] = [];
	for (const group of ["packages", "apps"]) {
		const base = join(ROOT, group);
		if (!existsSync(base)) continue;
		for (const folder of readdirSync(base)) {
			const manifestPath = join(base, folder, "package.json");
			if (!existsSync(manifestPath)) continue;
			out.push({ folder, dir: join(base, folder), manifest: JSON.parse(readFileSync(manifestPath, "utf8")) });
		}
	}
	return out;
}

function sourceFiles(dir: string): string[] {
	if (!existsSync(dir)) return [];
	const out: string[] = [];
	for (const name of readdirSync(dir)) {
		const full = join(dir, name);
		if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
		else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
	}
	return out;
}

const IMPORT =
	/(?:^|\n)\s*(?:import|export)\s[^;=(]*?[\s}*]from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): { spec: string; typeOnly: boolean }[] {
	const text = readFileSync(file, "utf8");
	const out: { spec: string; typeOnly: boolean }[] = [];
	for (const m of text.matchAll(IMPORT)) {
		const spec = m[1] ?? m[2] ?? m[3];
		if (spec) out.push({ spec, typeOnly: /^\s*(?:import|export)\s+type\s/.test(m[0].replace(/^\n/, "")) });
	}
	return out;
}

const folderOf = (name: string) => name.slice(SCOPE.length);

/** How a relative specifier names a source file: as written, without its ending, or as a folder's index. */
const RESOLUTIONS = ["", ".ts", ".tsx", ".mts", "/index.ts"] as const;

/**
 * The module graph of one source folder: each file to the files of the same folder it imports. Type-only imports
 * count (ADR 0044): a circle of types still ties the modules' meanings together, and the erasure is the compiler's
 * business, not the reader's.
 */
function moduleGraph(srcDir: string): Map<string, string[]> {
	const files = sourceFiles(srcDir);
	const known = new Set(files);
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const targets: string[] = [];
		for (const { spec } of importsOf(file)) {
			if (!spec.startsWith(".")) continue;
			const base = resolve(file, "..", spec);
			const target = RESOLUTIONS.map((ending) => base + ending).find((candidate) => known.has(candidate));
			if (target !== undefined && !targets.includes(target)) targets.push(target);
		}
		graph.set(file, targets);
	}
	return graph;
}

/** The import circles of a graph: its strongly connected components of two or more files, or a file importing itself. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	// Tarjan's algorithm; the graphs are a few hundred files, so recursion depth is no concern.
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	const visit = (file: string): void => {
		index.set(file, next);
		low.set(file, next);
		next++;
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
			} else if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string | undefined;
		do {
			member = stack.pop() as string;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return cycles;
}
const PKGS = packages();

describe("dependency direction (docs/architecture.md)", () => {
	it("knows every workspace package", () => {
		for (const pkg of PKGS)
			expect(Object.keys(ALLOWED), `${pkg.folder} is missing from the graph`).toContain(pkg.folder);
	});

	it.each(PKGS.map((p) => [p.folder, p] as const))("%s declares only allowed workspace dependencies", (folder, pkg) => {
		const deps = { ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies };
		for (const [name, range] of Object.entries(deps)) {
			if (!name.startsWith(SCOPE)) continue;
			expect(ALLOWED[folder], `${folder} -> ${name}`).toContain(folderOf(name));
			expect(range, `${folder} -> ${name} must use workspace:^`).toBe("workspace:^");
		}
	});

	it.each(PKGS.map((p) => [p.folder, p] as const))(
		"%s imports siblings only through their entry points",
		(folder, pkg) => {
			const srcDir = join(pkg.dir, "src");
			for (const file of sourceFiles(srcDir)) {
				const where = relative(ROOT, file);
				for (const { spec } of importsOf(file)) {
					if (spec.startsWith(SCOPE)) {
						const rest = spec.slice(SCOPE.length);
						expect(rest.includes("/"), `${where}: deep import ${spec}`).toBe(false);
						expect(ALLOWED[folder], `${where}: ${spec} is not an allowed edge`).toContain(rest);
					} else if (spec.startsWith(".")) {
						const target = resolve(file, "..", spec);
						expect(target.startsWith(pkg.dir + sep), `${where}: ${spec} leaves the package`).toBe(true);
					}
				}
			}
		},
	);

	it.each(PKGS.map((p) => [p.folder, p] as const))(
		"%s uses only its allowed node: and third-party imports",
		(folder, pkg) => {
			const nodeRule = NODE_IMPORTS[folder] ?? "any";
			const thirdParty = THIRD_PARTY[folder] ?? "any";
			for (const file of sourceFiles(join(pkg.dir, "src"))) {
				const where = relative(pkg.dir, file);
				for (const { spec, typeOnly } of importsOf(file)) {
					if (spec.startsWith("node:")) {
						if (nodeRule === "any") continue;
						const allowed = nodeRule !== "forbidden" && nodeRule.includes(where);
						expect(allowed, `${folder}/${where}: ${spec} is outside the package's I/O edge`).toBe(true);
					} else if (!spec.startsWith(".") && !spec.startsWith(SCOPE) && thirdParty !== "any" && !typeOnly) {
						const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec);
						expect(thirdParty, `${folder}/${where}: third-party import ${spec}`).toContain(name);
					}
				}
			}
		},
	);

	it.each(PKGS.map((p) => [p.folder, p] as const))("%s has no import cycle between its source modules", (_, pkg) => {
		const srcDir = join(pkg.dir, "src");
		const cycles = importCycles(moduleGraph(srcDir)).map((cycle) => cycle.map((file) => relative(srcDir, file)));
		expect(cycles, "split the shared part into a module both import (ADR 0044)").toEqual([]);
	});

	it("draws exactly these edges in docs/architecture.md", () => {
		const page = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
		const section = page.slice(page.indexOf("## Dependency direction"));
		const drawing = /```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? "";
		const drawn: Record<string, string[]> = {};
		// Each line: a layer label (15 columns), the package, and `--> the packages it may depend on` when any.
		for (const line of drawing.split("\n")) {
			const match = /^([a-z-]+)(?:\s*-+>\s*([a-z-]+(?:, [a-z-]+)*))?/.exec(line.slice(15));
			if (match?.[1] !== undefined) drawn[match[1]] = (match[2] ?? "").split(", ").filter(Boolean).sort();
		}
		const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([name, edges]) => [name, [...edges].sort()]));
		expect(drawn).toEqual(allowed);
	});

	it("keeps Pi's host packages as peer dependencies with run-time imports only in the two Pi packages", () => {
		for (const pkg of PKGS) {
			// A Pi host (the demo runs its own Pi session) depends on Pi; it is private and never published.
			if (PI_HOSTS.includes(pkg.folder)) continue;
			for (const name of Object.keys(pkg.manifest.dependencies ?? {})) {
				expect(name.startsWith("@earendil-works/"), `${pkg.folder} bundles ${name}; make it a peer`).toBe(false);
			}
			if (pkg.folder === "pi-extension" || pkg.folder === "model-judge") continue;
			for (const file of sourceFiles(join(pkg.dir, "src"))) {
				for (const { spec, typeOnly } of importsOf(file)) {
					if (spec.startsWith("@earendil-works/")) {
						expect(typeOnly, `${relative(ROOT, file)}: value import of ${spec}`).toBe(true);
					}
				}
			}
		}
	});
});

describe("the import scanner", () => {
	it("finds value, type, dynamic and re-export imports, so a forbidden edge cannot hide", () => {
		const dir = mkdtempSync(join(tmpdir(), "dep-graph-"));
		try {
			const file = join(dir, "x.ts");
			writeFileSync(
				file,
				[
					'import { a } from "@pi-permissions/policy/src/rule";',
					'import type { B } from "@earendil-works/pi-coding-agent";',
					'export { c } from "../../engine/src/index";',
					'const d = await import("node:fs");',
					"import {",
					"\te,",
					'} from "zod";',
				].join("\n"),
			);
			expect(importsOf(file)).toEqual([
				{ spec: "@pi-permissions/policy/src/rule", typeOnly: false },
				{ spec: "@earendil-works/pi-coding-agent", typeOnly: true },
				{ spec: "../../engine/src/index", typeOnly: false },
				{ spec: "node:fs", typeOnly: false },
				{ spec: "zod", typeOnly: false },
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("the cycle finder", () => {
	function plantedGraph(files: Readonly<Record<string, string>>): { dir: string; cycles: string[][] } {
		const dir = mkdtempSync(join(tmpdir(), "dep-cycle-"));
		for (const [name, text] of Object.entries(files)) {
			mkdirSync(join(dir, name, ".."), { recursive: true });
			writeFileSync(join(dir, name), text);
		}
		const cycles = importCycles(moduleGraph(dir)).map((cycle) => cycle.map((file) => relative(dir, file)));
		return { dir, cycles };
	}

	it("finds a planted circle through three modules, a folder index and a type-only import", () => {
		const { dir, cycles } = plantedGraph({
			"a.ts": 'import { b } from "./b";\nexport const a = b;',
			"b.ts": 'import type { C } from "./c";\nexport const b: C = 1;',
			"c/index.ts": 'import { a } from "../a";\nexport type C = typeof a;',
			"leaf.ts": 'import { a } from "./a";\nexport const leaf = a;',
		});
		try {
			expect(cycles).toEqual([["a.ts", "b.ts", join("c", "index.ts")]]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("finds a module that imports itself and passes a graph without circles", () => {
		const self = plantedGraph({ "self.ts": 'export { x } from "./self.ts";\nexport const y = 1;' });
		const acyclic = plantedGraph({
			"a.ts": 'import { b } from "./b";\nimport { c } from "./c";\nexport const a = b + c;',
			"b.ts": 'import { c } from "./c";\nexport const b = c;',
			"c.ts": "export const c = 1;",
		});
		try {
			expect(self.cycles).toEqual([["self.ts"]]);
			expect(acyclic.cycles).toEqual([]);
		} finally {
			rmSync(self.dir, { recursive: true, force: true });
			rmSync(acyclic.dir, { recursive: true, force: true });
		}
	});
});
