import { describe, expect, it } from "vitest";
import { localSources, piCodeDirs } from "../../src/session/pi-code-dirs";

describe("localSources", () => {
	it.each([
		['{"packages":["npm:@x/y","git:github.com/a/b","https://example.com/p.tgz","/opt/pkg"]}', ["/opt/pkg"]],
		['{"packages":[{"source":"../local-pkg","extensions":["x.ts"]}]}', ["../local-pkg"]],
		['{"extensions":["~/ext/one.ts","./two"]}', ["~/ext/one.ts", "./two"]],
		['{"packages":"not a list"}', []],
		["not json", []],
		["[]", []],
	])("%s -> %j", (text, expected) => {
		expect(localSources(text)).toEqual(expected);
	});
});

describe("piCodeDirs", () => {
	it("names Pi's package, this one, and the local sources of both settings files, resolved from their files", () => {
		const files: Record<string, string> = {
			"/home/u/.pi/agent/settings.json": '{"packages":["../../work/pkg","npm:x"],"extensions":["~/ext"]}',
			"/projects/app/.pi/settings.json": '{"packages":["./local"]}',
		};
		const dirs = piCodeDirs(
			{
				agentDir: "/home/u/.pi/agent",
				cwd: "/projects/app",
				home: "/home/u",
				piPackageDir: "/usr/lib/node_modules/pi",
				ownPackageDir: "/usr/lib/node_modules/pi-permissions",
			},
			(path) => files[path] ?? null,
		);
		expect(dirs.map((dir) => dir.path)).toEqual([
			"/usr/lib/node_modules/pi",
			"/usr/lib/node_modules/pi-permissions",
			"/home/u/work/pkg",
			"/home/u/ext",
			"/projects/app/.pi/local",
		]);
		expect(dirs[1]?.why).toContain("permission system");
	});
});
