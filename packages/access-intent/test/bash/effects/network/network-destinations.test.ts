import { posix } from "node:path";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { BashProgram } from "../../../../src/bash/bash-program";
import type { NetworkDestination } from "../../../../src/bash/effects/network/network-destination";
import { NETWORK_PROGRAMS } from "../../../../src/bash/effects/network/network-program-table";
import type { FileSystemProbe } from "../../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../../src/path/path-normalizer";
import { parser } from "../../../support/bash-fixture";
import { NETWORK_CASES, NETWORK_FILES } from "./network-destinations.cases";

const PROBE: FileSystemProbe = {
	realpath: (path) => (path.startsWith("/projects") || path.startsWith("/home") ? path : null),
	lstat: (path) => (path.startsWith("/projects") || path.startsWith("/home") ? { kind: "directory" } : null),
	readdir: () => null,
	readText: (path) => NETWORK_FILES[posix.normalize(path)] ?? null,
};

const NORMALIZER = PathNormalizer.create({ cwd: "/projects/app", home: "/home/u", flavor: POSIX_FLAVOR, probe: PROBE });

function destinationsOf(command: string): readonly NetworkDestination[] {
	return BashProgram.parse(command, { parser, normalizer: NORMALIZER }).networkDestinations;
}

function written(destination: NetworkDestination): string {
	if (destination.kind === "unresolved") return "?";
	return destination.port === null ? destination.host : `${destination.host}:${destination.port}`;
}

const unique = (values: readonly string[]) => [...new Set(values)].sort();

describe("network destinations of bash units", () => {
	it("has at least 80 rows", () => {
		expect(NETWORK_CASES.length).toBeGreaterThanOrEqual(80);
	});

	it("has a row for every program of the table", () => {
		const named = new Set(
			NETWORK_CASES.map((row) =>
				row.command.split(" ").find((word) => !word.includes("=") && !["sudo", "cd", "echo", "&&", "|"].includes(word)),
			),
		);
		for (const row of NETWORK_PROGRAMS) expect(row.programs.some((program) => named.has(program))).toBe(true);
	});

	it.each(NETWORK_CASES)("$command", ({ command, destinations, sends }) => {
		const found = destinationsOf(command);
		expect(unique(found.map(written))).toEqual(unique(destinations));
		if (sends !== undefined) expect(unique(found.flatMap((entry) => entry.sends))).toEqual(unique(sends));
	});

	it("says where a configured destination came from", () => {
		const [push] = destinationsOf("git push evil");
		expect(push).toMatchObject({
			kind: "host",
			source: "configuration",
			via: "remote evil in /projects/app/.git/config",
		});
		const [registry] = destinationsOf("npm install");
		expect(registry).toMatchObject({ kind: "host", host: "registry.npmjs.org", source: "default" });
	});

	it("names the unit a destination belongs to", () => {
		const found = destinationsOf("make && curl -d @notes.txt https://example.invalid");
		expect(found).toEqual([
			expect.objectContaining({ program: "curl", unit: "curl -d @notes.txt https://example.invalid" }),
		]);
	});

	it("reads no configuration through a probe that cannot read files: a remote name is unresolved", () => {
		const { readText: _, ...blind } = PROBE;
		const normalizer = PathNormalizer.create({
			cwd: "/projects/app",
			home: "/home/u",
			flavor: POSIX_FLAVOR,
			probe: blind,
		});
		const found = BashProgram.parse("git push origin", { parser, normalizer }).networkDestinations;
		expect(found.map(written)).toEqual(["?"]);
	});
});
