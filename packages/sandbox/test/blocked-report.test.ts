import { describe, expect, it } from "vitest";
import { explainBlocked, MAX_BLOCKED_REPORTS, renderBlocked } from "../src/blocked-report";
import { planSandbox } from "../src/sandbox-plan";

const plan = planSandbox({
	rules: [
		{ surface: "path", pattern: "*.env", action: "deny", reason: "keep secrets out", origin: "global" },
		{ surface: "path", pattern: "~/.ssh/*", action: "deny", origin: "global" },
	],
	cwd: "/work/proj",
	home: "/home/u",
	tmpDir: "/tmp",
	protectedTargets: [
		{ kind: "path", pattern: "/work/proj/.pi", why: "writes the project's Pi settings", sandbox: "read-only" },
	],
	allowedDomains: [],
	canonical: (path) => path,
	exists: () => true,
	isDirectory: () => true,
	list: () => null,
});
const context = { plan, cwd: "/work/proj", home: "/home/u" };
const texts = (output: string) => explainBlocked(output, context).map((blocked) => blocked.text);

describe("explainBlocked", () => {
	it.each([
		["cat: .env: Permission denied", "read of `.env` is denied by rule `*.env` (keep secrets out)"],
		["grep: ./.env: Permission denied", "read of `./.env` is denied by rule `*.env` (keep secrets out)"],
		[
			"PermissionError: [Errno 13] Permission denied: '.env'",
			"read of `.env` is denied by rule `*.env` (keep secrets out)",
		],
		["cat: /home/u/.ssh/id_rsa: Permission denied", "read of `/home/u/.ssh/id_rsa` is denied by rule `~/.ssh/*`"],
		[
			"/usr/bin/bash: line 1: /root/outside.txt: Read-only file system",
			"write to `/root/outside.txt` is outside the writable directories (the project, the temp directory and the directories `external_directory` allows)",
		],
		[
			"bash: .pi/settings.json: Read-only file system",
			"write to `.pi/settings.json` is protected: it writes the project's Pi settings",
		],
		[
			"grep: ./.pi/settings.json: Permission denied",
			"`./.pi/settings.json` is masked: writing it is protected: it writes the project's Pi settings",
		],
		[
			"deny network-outbound example.com:443 (host is not on the allow list)",
			"connection to `example.com:443` is not allowed: no `network` allow rule (nor `sandbox.network.allowedDomains`) names it",
		],
		[
			"curl: (7) Failed to connect to 127.0.0.1 port 18765 after 0 ms: Couldn't connect to server",
			"the sandbox has no network: `sandbox.network.allowedDomains` lists no host",
		],
	])("explains %j", (line, text) => {
		expect(texts(`some output\n${line}\n`)).toEqual([text]);
	});

	it("says nothing about a denial no plan entry explains", () => {
		expect(texts("cat: /root/private.txt: Permission denied\nordinary output")).toEqual([]);
	});

	it("reports each cause once and at most MAX_BLOCKED_REPORTS causes", () => {
		const many = Array.from({ length: 20 }, (_, index) => `cat: f${index}.env: Permission denied`).join("\n");
		expect(texts(`${many}\ncat: f0.env: Permission denied`)).toHaveLength(MAX_BLOCKED_REPORTS);
		expect(texts("cat: .env: Permission denied\ncat: .env: Permission denied")).toHaveLength(1);
	});

	it("renders one line per cause, each saying it was the sandbox", () => {
		expect(renderBlocked(explainBlocked("cat: .env: Permission denied", context))).toBe(
			"blocked by the sandbox: read of `.env` is denied by rule `*.env` (keep secrets out)",
		);
		expect(renderBlocked([])).toBe("");
	});
});
