// Owns: one side of `scripts/bash-program-diff.mjs`: loads a checkout's access-intent source and writes, per command,
// the canonical JSON of its `BashProgram` on a fake and a real file system.
// Never: compares; the driver does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [, , checkout, input, output] = process.argv;
const from = (pkg) => import(pathToFileURL(join(checkout, "packages", pkg, "src", "index.ts")).href);
const ai = await from("access-intent");
const policy = await from("policy");
const parser = await ai.BashParser.load();

const root = mkdtempSync(join(tmpdir(), "bash-program-diff-fs-"));
const project = join(root, "project");
const home = join(root, "home");
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(join(home, ".ssh"), { recursive: true });
writeFileSync(join(project, ".env"), "SECRET=x\n");
writeFileSync(join(project, "src", "a.ts"), "export {};\n");
writeFileSync(join(project, "notes.txt"), "notes\n");
symlinkSync(".env", join(project, "link-to-env"));

const normalizers = [
	ai.PathNormalizer.create({
		cwd: "/projects/app",
		home: "/home/u",
		flavor: policy.POSIX_FLAVOR,
		probe: { realpath: () => null, lstat: () => null, readdir: () => null },
	}),
	ai.PathNormalizer.create({ cwd: project, home, flavor: policy.POSIX_FLAVOR, probe: ai.createNodeFileSystemProbe() }),
];

/** Plain data of a value: own enumerable fields and getters of class instances, maps and sets as arrays. */
function plain(value, seen = new Set()) {
	if (value === null || typeof value !== "object") return typeof value === "function" ? undefined : value;
	if (seen.has(value)) return "<cycle>";
	seen.add(value);
	try {
		if (Array.isArray(value)) return value.map((item) => plain(item, seen));
		if (value instanceof Map) return [...value].map(([k, v]) => [plain(k, seen), plain(v, seen)]);
		if (value instanceof Set) return [...value].map((item) => plain(item, seen));
		const out = {};
		const keys = new Set(Object.keys(value));
		for (
			let proto = Object.getPrototypeOf(value);
			proto && proto !== Object.prototype;
			proto = Object.getPrototypeOf(proto)
		)
			for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto)))
				if (descriptor.get) keys.add(key);
		for (const key of [...keys].sort()) {
			if (key === "work") continue; // work counters measure effort, not the reading
			const field = plain(value[key], seen);
			if (field !== undefined) out[key] = field;
		}
		return out;
	} finally {
		seen.delete(value);
	}
}

const commands = JSON.parse(readFileSync(input, "utf8"));
const results = commands.map((command) =>
	normalizers
		.map((normalizer) => {
			try {
				return JSON.stringify(plain(ai.BashProgram.parse(command, { parser, normalizer })));
			} catch (error) {
				return `throws ${String(error)}`;
			}
		})
		.join("\n")
		.replaceAll(root, "<root>")
		// A descriptor path resolves through this process's `/proc/<pid>`.
		.replaceAll(`/proc/${process.pid}/`, "/proc/<pid>/"),
);
writeFileSync(output, JSON.stringify(results));
rmSync(root, { recursive: true, force: true });
