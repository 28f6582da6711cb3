/**
 * Owns: reading which exported names of the workspace's source modules some other module imports, from the syntax
 * of every TypeScript file under `packages/*` and `apps/*` (the rule is in `unused-exports.test.ts`'s charter).
 * Never: builds a type-checking program (one syntax pass per file keeps it fast) or depends on the folder layout
 * inside a package beyond `src/` (the sources), `src/index.ts` (the public entry) and test files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** Where a module sits: a source module (`src/`, not a test), a test, or tooling (bench, scripts, entry, configs). */
export type ModuleKind = "source" | "test" | "tooling";

/** Who imported a name: any non-test module counts as production; a test counts only for a helper its module uses. */
type Consumer = "production" | "test";

/** An exported name nothing keeps alive, with why. */
export interface UnusedExport {
	/** The module, relative to the scanned root, with `/` separators. */
	readonly file: string;
	readonly name: string;
	readonly why: "nothing imports it" | "only tests import it";
	/** Whether the module's own code uses the name: drop the `export` then; otherwise the code is dead. */
	readonly usedHere: boolean;
}

/** A relative import the scanner could not resolve to a file: a gap in the scanner, never silently skipped. */
export interface UnresolvedImport {
	readonly file: string;
	readonly specifier: string;
}

/** What a module imports from one target: the names, or every name (`*`) when the use cannot be narrowed. */
interface ImportEdge {
	readonly target: string;
	readonly names: readonly string[] | "*";
}

export interface ScannedModule {
	readonly file: string;
	readonly kind: ModuleKind;
	/** The package's public entry (`src/index.ts`): its exports are pinned by the public-api test instead. */
	readonly entry: boolean;
	/** Names this module exports itself (declared here, or re-exported by name), each to its local name. */
	readonly exports: Map<string, string>;
	/** Names re-exported by name (`export { a } from`): passed on, never used by the module's own code. */
	readonly reexports: Set<string>;
	/** Targets of `export * from`, whose names this module passes on without naming them. */
	readonly starFrom: string[];
	/** Identifiers the module's own code refers to, besides where it declares and exports them. */
	readonly localUses: Set<string>;
	readonly imports: ImportEdge[];
}

const SOURCE_ENDINGS = [".ts", ".tsx", ".mts", ".cts"] as const;
/** How a relative specifier names a file: as written, without its ending, or as a folder's index. */
const RESOLUTIONS = ["", ".ts", ".tsx", ".mts", ".cts", "/index.ts", "/index.tsx"] as const;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "coverage"]);
const WORKSPACE_SCOPE = "@pi-permissions/";

function typeScriptFiles(dir: string): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		if (entry.name.startsWith(".") || SKIPPED_FOLDERS.has(entry.name)) continue;
		const full = join(dir, entry.name);
		if (entry.isDirectory()) out.push(...typeScriptFiles(full));
		else if (SOURCE_ENDINGS.some((ending) => entry.name.endsWith(ending)) && !entry.name.endsWith(".d.ts"))
			out.push(full);
	}
	return out;
}

function kindOf(packageDir: string, file: string): ModuleKind {
	const parts = relative(packageDir, file).split(sep);
	const name = parts[parts.length - 1] ?? "";
	if (parts.includes("test") || parts.includes("tests") || /\.(test|spec|test-d)\.[cm]?tsx?$/.test(name)) return "test";
	return parts[0] === "src" ? "source" : "tooling";
}

interface Workspace {
	/** Workspace package name to its folder. */
	readonly packages: ReadonlyMap<string, string>;
	readonly files: readonly { readonly file: string; readonly packageDir: string }[];
}

function workspaceOf(root: string): Workspace {
	const packages = new Map<string, string>();
	const files: { file: string; packageDir: string }[] = [];
	for (const group of ["packages", "apps"]) {
		const base = join(root, group);
		if (!existsSync(base)) continue;
		for (const folder of readdirSync(base)) {
			const packageDir = join(base, folder);
			const manifest = join(packageDir, "package.json");
			if (!existsSync(manifest)) continue;
			packages.set((JSON.parse(readFileSync(manifest, "utf8")) as { name: string }).name, packageDir);
			for (const file of typeScriptFiles(packageDir)) files.push({ file, packageDir });
		}
	}
	return { packages, files };
}

type Resolution = { readonly kind: "module"; readonly file: string } | { readonly kind: "outside" | "unresolved" };

function resolverOf(workspace: Workspace, known: ReadonlySet<string>): (from: string, specifier: string) => Resolution {
	return (from, specifier) => {
		if (specifier.startsWith(".")) {
			const base = resolve(dirname(from), specifier);
			const candidates = [...RESOLUTIONS.map((ending) => base + ending), base.replace(/\.js$/, ".ts")];
			const file = candidates.find((candidate) => known.has(candidate));
			if (file !== undefined) return { kind: "module", file };
			// A JSON file, or a module outside the packages (a shared config): resolved, but not one whose exports count.
			const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
			return candidates.some(isFile) ? { kind: "outside" } : { kind: "unresolved" };
		}
		if (specifier.startsWith(WORKSPACE_SCOPE)) {
			const packageDir = workspace.packages.get(specifier);
			const entry = packageDir === undefined ? undefined : join(packageDir, "src", "index.ts");
			if (entry !== undefined && known.has(entry)) return { kind: "module", file: entry };
		}
		return { kind: "outside" };
	};
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
	return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

function bindingNames(name: ts.BindingName, out: ts.Identifier[]): void {
	if (ts.isIdentifier(name)) out.push(name);
	else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
}

/** The names an exported declaration exports, each with the local name the module's code uses. */
function declaredExports(statement: ts.Statement): { local: string; name: string }[] {
	if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) return [];
	const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
	if (ts.isVariableStatement(statement)) {
		const ids: ts.Identifier[] = [];
		for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, ids);
		return ids.map((node) => ({ local: node.text, name: node.text }));
	}
	if (
		ts.isFunctionDeclaration(statement) ||
		ts.isClassDeclaration(statement) ||
		ts.isInterfaceDeclaration(statement) ||
		ts.isTypeAliasDeclaration(statement) ||
		ts.isEnumDeclaration(statement) ||
		ts.isModuleDeclaration(statement)
	) {
		const local = statement.name !== undefined && ts.isIdentifier(statement.name) ? statement.name.text : "";
		if (isDefault) return [{ local, name: "default" }];
		return local === "" ? [] : [{ local, name: local }];
	}
	return [];
}

/** Whether an identifier is the name a declaration introduces: a declaration is not a use. */
function isDeclarationName(node: ts.Identifier): boolean {
	const parent = node.parent as ts.Node & { readonly name?: ts.Node };
	return (
		parent.name === node &&
		(ts.isVariableDeclaration(parent) ||
			ts.isFunctionDeclaration(parent) ||
			ts.isClassDeclaration(parent) ||
			ts.isInterfaceDeclaration(parent) ||
			ts.isTypeAliasDeclaration(parent) ||
			ts.isEnumDeclaration(parent) ||
			ts.isModuleDeclaration(parent) ||
			ts.isParameter(parent) ||
			ts.isBindingElement(parent) ||
			ts.isTypeParameterDeclaration(parent))
	);
}

/** Whether an identifier names a property or member rather than refers to a binding of the module. */
function isPropertyName(node: ts.Identifier): boolean {
	const parent = node.parent;
	if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
	if (ts.isQualifiedName(parent)) return parent.right === node;
	if (
		ts.isPropertyAssignment(parent) ||
		ts.isPropertyDeclaration(parent) ||
		ts.isPropertySignature(parent) ||
		ts.isMethodDeclaration(parent) ||
		ts.isMethodSignature(parent) ||
		ts.isGetAccessorDeclaration(parent) ||
		ts.isSetAccessorDeclaration(parent) ||
		ts.isEnumMember(parent)
	)
		return parent.name === node;
	if (ts.isBindingElement(parent)) return parent.propertyName === node;
	return ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent);
}

/** The names a namespace binding is read through (`ns.a`, `ns.T`), or `*` when it escapes as a value. */
function namespaceUses(source: ts.SourceFile, binding: ts.Identifier): readonly string[] | "*" {
	const names = new Set<string>();
	let escapes = false;
	const visit = (node: ts.Node): void => {
		if (ts.isIdentifier(node) && node !== binding && node.text === binding.text && !isPropertyName(node)) {
			const parent = node.parent;
			if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
			else if (ts.isQualifiedName(parent) && parent.left === node) names.add(parent.right.text);
			else escapes = true;
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return escapes ? "*" : [...names];
}

/** The names a dynamic `import()` takes: from `const { a } = await import(…)` or `(await import(…)).a`, else all. */
function dynamicImportUses(call: ts.CallExpression): readonly string[] | "*" {
	let node: ts.Node = call;
	while (ts.isParenthesizedExpression(node.parent) || ts.isAwaitExpression(node.parent)) node = node.parent;
	const parent = node.parent;
	if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return [parent.name.text];
	if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isObjectBindingPattern(parent.name)) {
		const names: string[] = [];
		for (const element of parent.name.elements) {
			if (element.dotDotDotToken !== undefined) return "*";
			const key = element.propertyName ?? element.name;
			if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return "*";
			names.push(key.text);
		}
		return names;
	}
	return "*";
}

function leftmost(name: ts.EntityName): string {
	return ts.isIdentifier(name) ? name.text : leftmost(name.left);
}

interface ReadModule {
	readonly module: ScannedModule;
	readonly unresolved: string[];
}

function readModule(
	file: string,
	kind: ModuleKind,
	entry: boolean,
	resolveImport: (from: string, specifier: string) => Resolution,
): ReadModule {
	const text = readFileSync(file, "utf8");
	const scriptKind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind);
	const module: ScannedModule = {
		file,
		kind,
		entry,
		exports: new Map(),
		reexports: new Set(),
		starFrom: [],
		localUses: new Set(),
		imports: [],
	};
	const unresolved: string[] = [];
	const target = (specifier: ts.Node | undefined): string | undefined => {
		if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return undefined;
		const resolution = resolveImport(file, specifier.text);
		if (resolution.kind === "unresolved") unresolved.push(specifier.text);
		return resolution.kind === "module" ? resolution.file : undefined;
	};

	for (const statement of source.statements) {
		for (const { local, name } of declaredExports(statement)) module.exports.set(name, local);
		if (ts.isImportDeclaration(statement)) {
			const from = target(statement.moduleSpecifier);
			const clause = statement.importClause;
			if (from === undefined || clause === undefined) continue;
			const names: string[] = [];
			if (clause.name !== undefined) names.push("default");
			const bindings = clause.namedBindings;
			if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
				const uses = namespaceUses(source, bindings.name);
				module.imports.push({ target: from, names: uses });
			} else if (bindings !== undefined) {
				for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
			}
			module.imports.push({ target: from, names });
		} else if (ts.isExportDeclaration(statement)) {
			const clause = statement.exportClause;
			if (statement.moduleSpecifier === undefined) {
				// `export { a, b as c }` of local bindings: the exported names are the module's.
				if (clause !== undefined && ts.isNamedExports(clause))
					for (const element of clause.elements)
						module.exports.set(element.name.text, (element.propertyName ?? element.name).text);
				continue;
			}
			const from = target(statement.moduleSpecifier);
			if (clause === undefined) {
				if (from !== undefined) module.starFrom.push(from);
			} else if (ts.isNamespaceExport(clause)) {
				module.exports.set(clause.name.text, clause.name.text);
				module.reexports.add(clause.name.text);
				if (from !== undefined) module.imports.push({ target: from, names: "*" });
			} else {
				const names: string[] = [];
				for (const element of clause.elements) {
					module.exports.set(element.name.text, element.name.text);
					module.reexports.add(element.name.text);
					names.push((element.propertyName ?? element.name).text);
				}
				if (from !== undefined) module.imports.push({ target: from, names });
			}
		} else if (ts.isExportAssignment(statement) && statement.isExportEquals !== true) {
			module.exports.set("default", ts.isIdentifier(statement.expression) ? statement.expression.text : "");
		}
	}

	const visit = (node: ts.Node): void => {
		if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			const from = target(node.arguments[0]);
			if (from !== undefined) module.imports.push({ target: from, names: dynamicImportUses(node) });
		} else if (ts.isImportTypeNode(node)) {
			const from = target(ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined);
			if (from !== undefined)
				module.imports.push({ target: from, names: node.qualifier ? [leftmost(node.qualifier)] : "*" });
		} else if (ts.isIdentifier(node) && !isDeclarationName(node) && !isPropertyName(node)) {
			module.localUses.add(node.text);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return { module, unresolved };
}

/** The workspace under `root` as the scanner read it. */
export interface ScannedWorkspace {
	readonly root: string;
	readonly modules: ReadonlyMap<string, ScannedModule>;
	/** The relative imports the scanner could not resolve (each one a use it might miss). */
	readonly unresolved: readonly UnresolvedImport[];
}

/** Every module of the workspace under `root`, read once. */
export function readWorkspace(root: string): ScannedWorkspace {
	const workspace = workspaceOf(root);
	const known = new Set(workspace.files.map(({ file }) => file));
	const resolveImport = resolverOf(workspace, known);
	const modules = new Map<string, ScannedModule>();
	const unresolved: UnresolvedImport[] = [];
	for (const { file, packageDir } of workspace.files) {
		const kind = kindOf(packageDir, file);
		const entry = file === join(packageDir, "src", "index.ts");
		const read = readModule(file, kind, entry, resolveImport);
		modules.set(file, read.module);
		for (const specifier of read.unresolved) unresolved.push({ file: toPosix(relative(root, file)), specifier });
	}
	return { root, modules, unresolved };
}

function toPosix(path: string): string {
	return path.split(sep).join("/");
}

/**
 * The exported names of the workspace's source modules that nothing keeps alive, sorted by file and name. A name is
 * alive when a production module imports it (a re-export counts, `export *` passes every name on), or when a test
 * imports it and its own module uses it too. The packages' entries (`src/index.ts`) are the public API and exempt.
 */
export function unusedExports({ root, modules }: ScannedWorkspace): UnusedExport[] {
	const consumers = new Map<string, Map<string, Set<Consumer>>>();
	const mark = (file: string, name: string, by: Consumer, seen: Set<string>): void => {
		const module = modules.get(file);
		if (module === undefined || seen.has(file)) return;
		seen.add(file);
		if (module.exports.has(name)) {
			const names = consumers.get(file) ?? new Map<string, Set<Consumer>>();
			consumers.set(file, names);
			const who = names.get(name) ?? new Set<Consumer>();
			names.set(name, who);
			who.add(by);
			return;
		}
		for (const star of module.starFrom) mark(star, name, by, seen);
	};
	const markAll = (file: string, by: Consumer, seen: Set<string>): void => {
		const module = modules.get(file);
		if (module === undefined || seen.has(file)) return;
		seen.add(file);
		for (const name of module.exports.keys()) mark(file, name, by, new Set());
		for (const star of module.starFrom) markAll(star, by, seen);
	};
	for (const module of modules.values()) {
		const by: Consumer = module.kind === "test" ? "test" : "production";
		// An entry's `export *` publishes every name of its target: they are the public API, in use by definition.
		if (module.entry) for (const star of module.starFrom) markAll(star, "production", new Set());
		for (const edge of module.imports) {
			if (edge.target === module.file) continue;
			if (edge.names === "*") markAll(edge.target, by, new Set());
			else for (const name of edge.names) mark(edge.target, name, by, new Set());
		}
	}

	const found: UnusedExport[] = [];
	for (const module of modules.values()) {
		if (module.kind !== "source" || module.entry) continue;
		for (const [name, local] of module.exports) {
			const who = consumers.get(module.file)?.get(name);
			const file = toPosix(relative(root, module.file));
			const usedHere = !module.reexports.has(name) && module.localUses.has(local);
			if (who === undefined) found.push({ file, name, why: "nothing imports it", usedHere });
			else if (!who.has("production") && !usedHere) found.push({ file, name, why: "only tests import it", usedHere });
		}
	}
	return found.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}
