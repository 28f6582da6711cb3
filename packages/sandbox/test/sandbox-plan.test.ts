import type { Rule } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { planSandbox, type SandboxPlanInput } from "../src/sandbox-plan";

const rule = (surface: string, pattern: string, action: Rule["action"], reason?: string): Rule =>
	reason === undefined
		? { surface, pattern, action, origin: "global" }
		: { surface, pattern, action, reason, origin: "global" };

/** `/work/link` is a symlink to `/real/proj`; nothing else moves. */
const canonical = (path: string) =>
	path.startsWith("/work/link") ? `/real/proj${path.slice("/work/link".length)}` : path;

function input(rules: Rule[], extra: Partial<SandboxPlanInput> = {}): SandboxPlanInput {
	return {
		rules,
		cwd: "/work/proj",
		home: "/home/u",
		tmpDir: "/tmp",
		protectedTargets: [],
		allowedDomains: [],
		canonical,
		exists: () => true,
		isDirectory: () => true,
		list: () => null,
		...extra,
	};
}

const paths = (entries: ReadonlyArray<{ readonly path: string }>) => entries.map((entry) => entry.path);

describe("planSandbox", () => {
	it("denies reading and writing what a path deny rule names, at its lexical and canonical forms", () => {
		const plan = planSandbox(
			input([rule("*", "*", "ask"), rule("path", "*.env", "deny", "secrets")], { cwd: "/work/link" }),
		);
		expect(paths(plan.readDenies)).toEqual(["/work/link/**.env", "/real/proj/**.env"]);
		expect(paths(plan.writeDenies)).toEqual(["/work/link/**.env", "/real/proj/**.env"]);
		expect(plan.readDenies[0]?.because).toEqual({ kind: "rule", surface: "path", pattern: "*.env", reason: "secrets" });
	});

	it("adds the canonical form of an absolute deny whose directory is a symlink", () => {
		const plan = planSandbox(input([rule("path", "/work/link/keys/*", "deny")]));
		expect(paths(plan.readDenies)).toEqual(["/work/link/keys/**", "/real/proj/keys/**"]);
	});

	it("treats universal and external_directory denies as read denies, and write or edit denies as write denies only", () => {
		const plan = planSandbox(
			input([
				rule("*", "/etc/shadow", "deny"),
				rule("external_directory", "/srv/private/*", "deny"),
				rule("write", "*.lock", "deny"),
				rule("edit", "/work/proj/dist/*", "deny"),
			]),
		);
		expect(paths(plan.readDenies)).toEqual(["/etc/shadow", "/srv/private/**"]);
		expect(paths(plan.writeDenies)).toEqual([
			"/etc/shadow",
			"/srv/private/**",
			"/work/proj/**.lock",
			"/work/proj/dist/**",
		]);
	});

	it("ignores allow and ask rules, and denies on other surfaces, for reads", () => {
		const plan = planSandbox(
			input([rule("path", "*.env", "ask"), rule("bash", "rm *", "deny"), rule("read", "x", "allow")]),
		);
		expect(plan.readDenies).toEqual([]);
		expect(plan.writeDenies).toEqual([]);
	});

	it("lets writes reach the project, the temp directory and the directories external_directory allows", () => {
		const plan = planSandbox(
			input([
				rule("external_directory", "/data/*", "allow"),
				rule("external_directory", "~/other/**", "allow"),
				rule("external_directory", "/srv/exact", "allow"),
				rule("external_directory", "/opt/*/cache", "allow"),
				rule("external_directory", "*", "allow"),
			]),
		);
		expect(paths(plan.writeAllows)).toEqual(["/work/proj", "/tmp", "/data", "/home/u/other", "/srv/exact"]);
		expect(plan.skipped.map((entry) => entry.because)).toEqual([
			{ kind: "external-directory", pattern: "/opt/*/cache" },
			{ kind: "external-directory", pattern: "*" },
		]);
	});

	it("never widens writes for an allow that yolo made", () => {
		const yolo: Rule = { surface: "external_directory", pattern: "/data/*", action: "allow", origin: "yolo" };
		expect(paths(planSandbox(input([yolo])).writeAllows)).toEqual(["/work/proj", "/tmp"]);
	});

	it.each([
		["global", true],
		["project", true],
		["agent", true],
		["project-agent", true],
		["session", false],
		["yolo", false],
		["builtin", false],
		["baseline", false],
		["fail-closed", false],
	] as const)("widens writes for an external_directory allow of origin %s: %s", (origin, widens) => {
		const allow: Rule = { surface: "external_directory", pattern: "/data/*", action: "allow", origin };
		const expected = widens ? ["/work/proj", "/tmp", "/data"] : ["/work/proj", "/tmp"];
		expect(paths(planSandbox(input([allow])).writeAllows)).toEqual(expected);
	});

	it.each(["path", "*", "external_directory"])("denies reading and writing what a %s deny names", (surface) => {
		const plan = planSandbox(input([rule(surface, "/srv/secret/*", "deny")]));
		expect(paths(plan.readDenies)).toEqual(["/srv/secret/**"]);
		expect(paths(plan.writeDenies)).toEqual(["/srv/secret/**"]);
	});

	it.each(["write", "edit"])("denies only writing what a %s deny names", (surface) => {
		const plan = planSandbox(input([rule(surface, "/srv/secret/*", "deny")]));
		expect(paths(plan.readDenies)).toEqual([]);
		expect(paths(plan.writeDenies)).toEqual(["/srv/secret/**"]);
	});

	it("roots a wildcard deny in the allowed external directories too", () => {
		const plan = planSandbox(input([rule("external_directory", "/data/*", "allow"), rule("path", "*.pem", "deny")]));
		expect(paths(plan.readDenies)).toEqual(["/work/proj/**.pem", "/data/**.pem"]);
	});

	it("denies writes to protected targets, paths and protectedPaths globs", () => {
		const plan = planSandbox(
			input([], {
				cwd: "/work/link",
				protectedTargets: [
					{ kind: "path", pattern: "/work/link/.pi", why: "writes the project's Pi settings", sandbox: "read-only" },
					{ kind: "path", pattern: "/work/link/.git/config", why: "writes the git config", sandbox: "read-only" },
					{ kind: "glob", pattern: "deploy/*.yaml", why: "writes a path listed in `protectedPaths`" },
				],
			}),
		);
		expect(paths(plan.writeDenies)).toEqual([
			"/work/link/deploy/**.yaml",
			"/real/proj/deploy/**.yaml",
			"/work/link/.pi",
			"/real/proj/.pi",
			"/work/link/.git/config",
			"/real/proj/.git/config",
		]);
		expect(plan.readDenies).toEqual([]);
	});

	describe("protected regions (ADR 0048)", () => {
		const region = (pattern: string, sandbox: "read-only" | "hidden" | "git-dir" = "read-only") =>
			({ kind: "path", pattern, why: `writes ${pattern}`, sandbox }) as const;
		const present =
			(...existing: string[]) =>
			(path: string) =>
				existing.includes(path);

		it("makes an existing region read-only and watches a missing one, instead of a mount point on disk", () => {
			const plan = planSandbox(
				input([], {
					protectedTargets: [region("/work/proj/.envrc"), region("/work/proj/.vscode")],
					exists: present("/work/proj/.vscode"),
				}),
			);
			expect(paths(plan.writeDenies)).toEqual(["/work/proj/.vscode"]);
			expect(paths(plan.watched)).toEqual(["/work/proj/.envrc"]);
		});

		it("names nothing outside the writable roots: the read-only root keeps it", () => {
			const plan = planSandbox(input([], { protectedTargets: [region("/home/u/.bashrc"), region("/home/u/.npmrc")] }));
			expect(plan.writeDenies).toEqual([]);
			expect(plan.watched).toEqual([]);
		});

		it("hides the forwarding root where it exists, wherever it is", () => {
			const forwarding = "/home/u/.pi/agent/sessions/permission-forwarding";
			const plan = planSandbox(input([], { protectedTargets: [region(forwarding, "hidden")] }));
			expect(paths(plan.readDenies)).toEqual([forwarding]);
			expect(plan.writeDenies).toEqual([]);
		});

		it("keeps git's own work in the project's git directory writable, and what git runs read-only", () => {
			const plan = planSandbox(
				input([], {
					protectedTargets: [
						region("/work/proj/.git", "git-dir"),
						region("/work/proj/.git/config"),
						region("/work/proj/.git/hooks"),
						region("/work/proj/.git/commondir"),
					],
					exists: present("/work/proj/.git", "/work/proj/.git/config", "/work/proj/.git/hooks"),
				}),
			);
			expect(paths(plan.writeDenies)).toEqual(["/work/proj/.git/config", "/work/proj/.git/hooks"]);
			expect(paths(plan.watched)).toEqual(["/work/proj/.git/commondir"]);
		});

		it("keeps a .git file (a worktree's pointer) as it is", () => {
			const plan = planSandbox(
				input([], {
					protectedTargets: [region("/work/proj/.git", "git-dir"), region("/work/proj/.git/config")],
					exists: present("/work/proj/.git"),
					isDirectory: () => false,
				}),
			);
			expect(paths(plan.writeDenies)).toEqual(["/work/proj/.git"]);
			expect(plan.watched).toEqual([]);
		});

		it("with the home writable, makes its existing dot-entries read-only, but data and what holds data", () => {
			const dots = {
				kind: "dot-entries",
				pattern: "/home/u",
				why: "writes a dot-file",
				data: [".cache", ".npm/_cacache"],
			} as const;
			const plan = planSandbox(
				input([rule("external_directory", "~/*", "allow")], {
					protectedTargets: [dots],
					list: (path) => (path === "/home/u" ? [".sometoolrc", ".cache", ".npm", "notes.txt", ".ssh"] : null),
				}),
			);
			expect(paths(plan.writeDenies)).toEqual(["/home/u/.sometoolrc", "/home/u/.ssh"]);
		});

		it("watches the project's new repositories always, and the home's new dot-entries when it is writable", () => {
			const dots = { kind: "dot-entries", pattern: "/home/u", why: "writes a dot-file", data: [".cache"] } as const;
			const closed = planSandbox(input([], { protectedTargets: [dots] }));
			expect(closed.watchedDirs.map((dir) => [dir.path, dir.kind])).toEqual([["/work/proj", "repositories"]]);
			const open = planSandbox(input([rule("external_directory", "~/*", "allow")], { protectedTargets: [dots] }));
			expect(open.watchedDirs.map((dir) => [dir.path, dir.kind, dir.data])).toEqual([
				["/work/proj", "repositories", []],
				["/home/u", "dot-entries", [".cache"]],
			]);
		});
	});

	it("skips a catch-all deny and says so, instead of denying the whole machine", () => {
		const plan = planSandbox(input([rule("path", "*", "deny")]));
		expect(plan.readDenies).toEqual([]);
		expect(plan.skipped).toEqual([
			{
				because: { kind: "rule", surface: "path", pattern: "*" },
				why: "it matches every path; the shell itself could not run",
			},
		]);
	});

	it("passes the allowed domains through, once each; none means no network", () => {
		expect(planSandbox(input([])).allowedDomains).toEqual([]);
		expect(
			planSandbox(input([], { allowedDomains: ["a.example", "a.example", "*.b.example"] })).allowedDomains,
		).toEqual(["a.example", "*.b.example"]);
	});
});
