/**
 * Owns: the registries package managers reach: npm/npx/pnpm/pnpx/yarn (`--registry`, `npm_config_registry`,
 * `registry=` and `@scope:registry=` of every `.npmrc` from the unit's directory up and the home's, yarn's `.yarnrc`
 * and `.yarnrc.yml`; else `registry.npmjs.org` or `registry.yarnpkg.com`), pip (`-i`, `--extra-index-url`,
 * `-f`, `PIP_INDEX_URL`, pip.conf, the index lines of a `-r` file, URL requirements; else `pypi.org` and
 * `files.pythonhosted.org`), and docker/podman `pull|push` (the image's registry, else `docker.io`).
 * Never: resolves a package's dependencies (a git or tarball dependency in a lock file is not read: ADR 0058).
 */
import { httpOperandHost, remoteSpecHost, urlHost } from "./network-destination";
import {
	type Finding,
	finding,
	type NetworkReadContext,
	NOTHING,
	present,
	type UnitReading,
	unresolved,
} from "./network-reading";

/** The sub-commands of each JavaScript package manager that reach its registry (`yarn` alone installs). */
const NODE_CONNECTING: Readonly<Record<string, ReadonlySet<string>>> = {
	npm: new Set([
		...["install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add"],
		...["ci", "clean-install", "ic", "install-clean", "isntall-clean", "install-test", "it", "cit", "install-ci-test"],
		...["update", "up", "upgrade", "udpate", "publish", "view", "v", "info", "show", "outdated", "audit", "login"],
		...["adduser", "add-user", "logout", "whoami", "search", "s", "se", "find", "dist-tag", "dist-tags", "owner"],
		...["access", "deprecate", "unpublish", "exec", "x", "doctor", "ping", "token", "team", "org", "star", "unstar"],
		...["stars", "profile", "hook", "sbom", "query", "fund", "repo", "docs", "bugs"],
	]),
	pnpm: new Set([
		...["install", "i", "add", "update", "up", "upgrade", "publish", "dlx", "outdated", "audit", "view", "info"],
		...["login", "logout", "whoami", "fetch", "install-test", "it", "import", "create", "exec", "dist-tag", "search"],
	]),
	yarn: new Set([
		...["install", "add", "upgrade", "up", "upgrade-interactive", "publish", "info", "npm", "dlx", "outdated"],
		...["audit", "login", "logout", "create", "global", "why", "import", "owner", "tag", "team", "unplug"],
	]),
};

const NODE_DEFAULTS: Readonly<Record<string, string>> = {
	npm: "https://registry.npmjs.org/",
	pnpm: "https://registry.npmjs.org/",
	yarn: "https://registry.yarnpkg.com/",
};

const FAMILY: Readonly<Record<string, string>> = { npm: "npm", npx: "npm", pnpm: "pnpm", pnpx: "pnpm", yarn: "yarn" };

function join(directory: string, name: string): string {
	return directory.endsWith("/") ? `${directory}${name}` : `${directory}/${name}`;
}

/** The directory and every one above it. */
function upwards(directory: string): string[] {
	const out: string[] = [];
	let dir = directory.replace(/\/+$/, "") || "/";
	for (;;) {
		out.push(dir);
		if (dir === "/") return out;
		const cut = dir.lastIndexOf("/");
		dir = cut <= 0 ? "/" : dir.slice(0, cut);
	}
}

interface RegistryText {
	readonly url: string | null;
	readonly via: string;
}

/** The `registry` and `@scope:registry` values of an ini file (`.npmrc`), or of `.yarnrc`/`.yarnrc.yml`. */
function configRegistries(text: string, file: string): { main: RegistryText[]; scoped: RegistryText[] } {
	const main: RegistryText[] = [];
	const scoped: RegistryText[] = [];
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.trim();
		const ini = /^(@[^:\s]+:)?registry\s*=\s*"?([^"\s]*)"?/i.exec(line);
		const classic = /^registry\s+"?([^"\s]+)"?$/.exec(line);
		const yml = /^npmRegistryServer\s*:\s*["']?([^"'\s]+)["']?/.exec(line);
		if (ini !== null) (ini[1] === undefined ? main : scoped).push({ url: ini[2] || null, via: file });
		else if (classic !== null) main.push({ url: classic[1] ?? null, via: file });
		// `npmScopes:` entries are indented: a scope's registry.
		else if (yml !== null) (/^\s/.test(raw) ? scoped : main).push({ url: yml[1] ?? null, via: file });
	}
	return { main, scoped };
}

/** The value of `--registry` (`--registry URL`, `--registry=URL`, `--@scope:registry=URL`) among literal words. */
function registryOptions(texts: readonly (string | null)[]): RegistryText[] {
	const found: RegistryText[] = [];
	texts.forEach((text, index) => {
		if (text === null) return;
		const attached = /^--(?:@[^:=]+:)?registry=(.*)$/.exec(text);
		if (attached !== null) found.push({ url: attached[1] ?? null, via: "--registry" });
		else if (/^--(?:@[^:=]+:)?registry$/.test(text)) found.push({ url: texts[index + 1] ?? null, via: "--registry" });
	});
	return found;
}

function registryFinding(entry: RegistryText, source: "command" | "configuration" | "default"): Finding | null {
	if (entry.url === null) return unresolved(`the registry (${entry.via}) is computed when the command runs`);
	return finding(httpOperandHost(entry.url, "https"), source, source === "command" ? null : entry.via);
}

/** The first sub-command word: the first literal word that is no option and no option's value we know of. */
function subcommandOf(texts: readonly (string | null)[]): string | null | undefined {
	for (let i = 0; i < texts.length; i++) {
		const text = texts[i];
		if (text === null) return null;
		if (text === undefined) return undefined;
		if (
			/^--(?:registry|prefix|cwd|dir|userconfig|cache|filter|workspace|loglevel)$/.test(text) ||
			/^-[CFw]$/.test(text)
		) {
			i++;
			continue;
		}
		if (!text.startsWith("-")) return text;
	}
	return undefined;
}

export function nodeRegistryReading(context: NetworkReadContext): UnitReading {
	const family = FAMILY[context.program];
	if (family === undefined) return NOTHING;
	const { texts } = context;
	const isRunner = context.program === "npx" || context.program === "pnpx";
	const sub = subcommandOf(texts);
	if (!isRunner) {
		if (sub === null) return { found: [unresolved("the sub-command is computed when the command runs")], sends: [] };
		if (sub === undefined ? family !== "yarn" : !NODE_CONNECTING[family]?.has(sub)) return NOTHING;
	}
	const found: (Finding | null)[] = [];
	const options = registryOptions(texts);
	const environment = ["npm_config_registry", "NPM_CONFIG_REGISTRY", "YARN_REGISTRY", "YARN_NPM_REGISTRY_SERVER"]
		.map((name) => ({ name, value: context.environment(name) }))
		.filter((entry) => entry.value !== undefined)
		.map((entry) => ({ url: entry.value ?? null, via: `$${entry.name}` }));
	const files: { main: RegistryText[]; scoped: RegistryText[] } = { main: [], scoped: [] };
	if (context.directory === null)
		found.push(unresolved("the project's directory is not known before the command runs"));
	const directories = context.directory === null ? [] : upwards(context.directory);
	const names = family === "yarn" ? [".yarnrc.yml", ".yarnrc", ".npmrc"] : [".npmrc"];
	for (const dir of [...directories, context.home]) {
		for (const name of names) {
			const file = join(dir, name);
			const text = context.readText(file);
			if (text === null) continue;
			const read = configRegistries(text, file);
			files.main.push(...read.main);
			files.scoped.push(...read.scoped);
		}
	}
	const main = options[0] ?? environment[0] ?? files.main[0];
	found.push(
		main === undefined
			? registryFinding({ url: NODE_DEFAULTS[family] ?? null, via: `${family}'s default registry` }, "default")
			: registryFinding(main, options[0] === main ? "command" : "configuration"),
	);
	for (const entry of [...options.slice(1), ...files.scoped]) found.push(registryFinding(entry, "configuration"));
	// A package named by URL or git repository (`npm install https://…/x.tgz`, `git+ssh://git@host/x.git`).
	for (const text of texts)
		if (text !== null && /^[a-z+]+:\/\//i.test(text)) found.push(finding(urlHost(text)));
		else if (text !== null && /^git@[^:]+:/.test(text))
			found.push(finding(remoteSpecHost(text, 22) ?? { kind: "local" }));
	return { found: present(found), sends: sub === "publish" ? ["the package being published"] : [] };
}

const PIP_CONNECTING = new Set(["install", "download", "wheel", "index", "search"]);
const PIP_VALUE = /^(?:-i|--index-url|--extra-index-url|-f|--find-links)$/;
const PIP_ATTACHED = /^(?:--index-url|--extra-index-url|--find-links)=(.*)$|^-[if](.+)$/;

export function pipReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const sub = subcommandOf(texts);
	if (sub === null) return { found: [unresolved("the sub-command is computed when the command runs")], sends: [] };
	if (sub === undefined || !PIP_CONNECTING.has(sub)) return NOTHING;
	const found: (Finding | null)[] = [];
	const indexes: RegistryText[] = [];
	texts.forEach((text, index) => {
		if (text === null) return;
		const attached = PIP_ATTACHED.exec(text);
		if (attached !== null) indexes.push({ url: attached[1] ?? attached[2] ?? null, via: "the command" });
		else if (PIP_VALUE.test(text)) indexes.push({ url: texts[index + 1] ?? null, via: text });
		else if (/^(?:-r|--requirement|-c|--constraint)$/.test(text))
			found.push(...requirementIndexes(context, texts[index + 1] ?? null));
		else if (/^[a-z+]+:\/\//i.test(text) || /@\s*[a-z+]+:\/\//i.test(text))
			found.push(finding(urlHost(text.slice(text.search(/[a-z+]+:\/\//i)))));
	});
	const environment = ["PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS"]
		.map((name) => ({ name, value: context.environment(name) }))
		.filter((entry) => entry.value !== undefined);
	for (const entry of environment)
		for (const url of (entry.value ?? "\u0000").split(/\s+/))
			indexes.push({ url: url === "\u0000" ? null : url, via: `$${entry.name}` });
	for (const file of [`${context.home}/.config/pip/pip.conf`, `${context.home}/.pip/pip.conf`]) {
		const text = context.readText(file);
		if (text === null) continue;
		for (const match of text.matchAll(/^\s*(?:index-url|extra-index-url|find-links)\s*[=:]\s*(\S+)/gm))
			indexes.push({ url: match[1] ?? null, via: file });
	}
	for (const entry of indexes)
		found.push(registryFinding(entry, entry.via.startsWith("/") ? "configuration" : "command"));
	if (!indexes.some((entry) => /index-url|PIP_INDEX_URL|the command|-i/.test(entry.via) && !/extra/.test(entry.via))) {
		found.push(registryFinding({ url: "https://pypi.org/", via: "pip's default index" }, "default"));
		found.push(registryFinding({ url: "https://files.pythonhosted.org/", via: "pip's default index" }, "default"));
	}
	return { found: present(found), sends: [] };
}

/** The index options and URL requirements of a requirements file (`-r requirements.txt`). */
function requirementIndexes(context: NetworkReadContext, file: string | null): Finding[] {
	if (file === null || context.directory === null) return [unresolved("the requirements file is computed")];
	const path = file.startsWith("/") ? file : join(context.directory, file);
	const text = context.readText(path);
	if (text === null) return [unresolved(`${file} could not be read to find the index it names`)];
	const found: Finding[] = [];
	for (const match of text.matchAll(/[a-z+]+:\/\/[^\s#;]+/gi)) {
		const result = finding(urlHost(match[0]), "configuration", path);
		if (result !== null) found.push(result);
	}
	if (/^\s*-r\b|^\s*--requirement\b|^\s*-c\b|^\s*--constraint\b/m.test(text))
		found.push(unresolved(`${file} includes another requirements file`));
	return found;
}

const DOCKER_CONNECTING = new Set(["pull", "push"]);

/** docker/podman `pull|push IMAGE` and `image pull|push`: the registry the image names, else Docker Hub. */
export function containerRegistryReading(context: NetworkReadContext): UnitReading {
	const words = context.texts;
	let position = 0;
	const next = () => {
		while (position < words.length && (words[position] ?? "").startsWith("-")) position++;
		return words[position++];
	};
	let sub = next();
	if (sub === "image") sub = next();
	if (sub === null) return { found: [unresolved("the sub-command is computed when the command runs")], sends: [] };
	if (sub === undefined || !DOCKER_CONNECTING.has(sub)) return NOTHING;
	const image = next();
	if (image === undefined) return NOTHING;
	if (image === null) return { found: [unresolved("the image is computed when the command runs")], sends: [] };
	const first = image.split("/", 1)[0] ?? "";
	const hasRegistry = image.includes("/") && (first.includes(".") || first.includes(":") || first === "localhost");
	const found = hasRegistry
		? finding(urlHost(`https://${first}`))
		: finding(urlHost("https://docker.io"), "default", "Docker Hub");
	return { found: present([found]), sends: sub === "push" ? [`the image ${image}`] : [] };
}
