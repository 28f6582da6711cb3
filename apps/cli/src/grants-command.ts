/**
 * Owns: `grants list|add|forget`: the persisted ("always") grants in the global and project config files, listed
 * with scope, file:line, pattern and date; added and forgotten with the same writer and law as Pi's dialog.
 * Never: edits a file itself; `PersistedGrantWriter` does, under its lock, or refuses with the conflicting rule.
 */

import { posix, win32 } from "node:path";
import {
	ConfigLoader,
	type GrantScope,
	grantEndErrorText,
	grantEnded,
	grantEndFromOption,
	grantEndText,
	grantWriteErrorText,
	listPersistedGrants,
	type PersistedGrant,
	PersistedGrantWriter,
} from "@pi-permissions/engine";
import { pathFlavorFor, placeGrant } from "@pi-permissions/policy";
import { loadPolicy } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { initTarget, type PolicySetup, resolvePolicySetup } from "./config-options";
import { EXIT_CODES, type ExitCode } from "./exit-code";
import { type GrantPreview, previewGrant } from "./grant-preview";

export interface GrantsOptions {
	readonly cwd?: string;
	readonly json?: boolean;
	readonly project?: boolean;
	readonly global?: boolean;
	/** `grants add --preview`: show what the rule would have changed in the review log, write nothing. */
	readonly preview?: boolean;
	/** `grants add --expires <duration|date>`: the grant ends then (ADR 0061). */
	readonly expires?: string;
}

const SCOPES: readonly GrantScope[] = ["global", "project"];

/** Every persisted grant of both files, global first; a missing or unreadable file holds none. */
export async function persistedGrantsOf(host: CliHost, setup: PolicySetup): Promise<readonly PersistedGrant[]> {
	const grants: PersistedGrant[] = [];
	for (const scope of SCOPES) {
		const file = initTarget(setup, scope);
		try {
			if ((await host.grantFileSystem.inspect(file)).kind !== "file") continue;
			grants.push(...listPersistedGrants(await host.grantFileSystem.readText(file), scope, file));
		} catch {
			// An unreadable file lists nothing here; `config validate` reports why.
		}
	}
	return grants;
}

export async function runGrantsList(host: CliHost, options: GrantsOptions): Promise<ExitCode> {
	const setup = resolvePolicySetup(host, options.cwd === undefined ? {} : { cwd: options.cwd });
	const grants = await persistedGrantsOf(host, setup);
	const now = host.now();
	if (options.json === true) {
		const listed = grants.map((grant) => ({ ...grant, ended: grantEnded(grant.expires, now) }));
		host.stdout.write(`${JSON.stringify(listed)}\n`);
		return EXIT_CODES.allow;
	}
	if (grants.length === 0) {
		host.stdout.write("no persisted grants\n");
		return EXIT_CODES.allow;
	}
	for (const grant of grants) host.stdout.write(`${grantLine(grant, now)}\n`);
	return EXIT_CODES.allow;
}

/**
 * One grant as a line: `project-3fa9c1d2  project  <file>:12  bash "npm test *"  2026-12-01`, then what remains of an
 * ending one (`until 2026-12-31 00:00 UTC (23 days left)`) or that it ended (`expired …`: it decides nothing, and is
 * left in the file for the person to remove).
 */
function grantLine(grant: PersistedGrant, now: number): string {
	const end = grantEndText(grant.expires, now);
	return `${grant.id}  ${grant.scope.padEnd(7)}  ${grant.file}:${grant.line}  ${grant.surface} ${JSON.stringify(grant.pattern)}  ${grant.date ?? "-"}${end === "" ? "" : `  ${end}`}`;
}

export async function runGrantsAdd(
	host: CliHost,
	surface: string,
	pattern: string,
	options: GrantsOptions,
): Promise<ExitCode> {
	if ((options.project === true) === (options.global === true)) {
		host.stderr.write("pi-permissions: grants add needs exactly one of --project or --global\n");
		return EXIT_CODES.usage;
	}
	const scope: GrantScope = options.project === true ? "project" : "global";
	const end = options.expires === undefined ? null : grantEndFromOption(options.expires, host.now());
	if (end !== null && !end.ok) {
		host.stderr.write(`pi-permissions: ${grantEndErrorText(end.error)}\n`);
		return EXIT_CODES.usage;
	}
	const grant = end === null ? { surface, pattern } : { surface, pattern, expires: end.value };
	const setup = resolvePolicySetup(host, options.cwd === undefined ? {} : { cwd: options.cwd });
	const env = { home: setup.home, flavor: pathFlavorFor(setup.flavor), now: () => host.now() };
	const loader = new ConfigLoader({ fileSystem: host.configFileSystem, flavor: setup.flavor });
	const { load, policy } = await loadPolicy(loader, setup, env, null);
	if (options.preview === true) {
		const path = setup.flavor === "win32" ? win32 : posix;
		const logDir = path.join(setup.agentDir, "extensions", "pi-permissions", "logs");
		const logs = [path.join(logDir, "review.jsonl.1"), path.join(logDir, "review.jsonl")];
		host.stdout.write(previewText(surface, pattern, await previewGrant(host, logs, policy, env, { surface, pattern })));
		// The same law as the writer: a rule it would refuse (it would lift a deny) is said so, with the reason.
		const placed = placeGrant({ scopes: load.scopes, target: scope, grant, values: [], env });
		if (placed.ok) return EXIT_CODES.allow;
		const file = initTarget(setup, scope);
		host.stderr.write(`pi-permissions: ${grantWriteErrorText({ kind: "conflict", file, conflict: placed.error })}\n`);
		return EXIT_CODES.usage;
	}
	const file = initTarget(setup, scope);
	const writer = new PersistedGrantWriter(host.grantFileSystem);
	const result = await writer.add({
		file,
		scope,
		grant,
		values: [],
		otherScopes: load.scopes,
		env,
		date: host.today(),
		source: "cli",
	});
	if (!result.ok) {
		host.stderr.write(`pi-permissions: ${grantWriteErrorText(result.error)}\n`);
		return EXIT_CODES.usage;
	}
	switch (result.value.kind) {
		case "present":
			host.stdout.write(`${file} already allows ${surface} ${JSON.stringify(pattern)}; nothing written\n`);
			return EXIT_CODES.allow;
		case "written":
			host.stdout.write(`added ${grantLine(result.value.grant, host.now())}\n`);
			return EXIT_CODES.allow;
		default: {
			const unhandled: never = result.value;
			throw new Error(`unhandled grant outcome ${String(unhandled)}`);
		}
	}
}

function previewText(surface: string, pattern: string, preview: GrantPreview): string {
	const lines = [
		`${surface} ${JSON.stringify(pattern)}: of the last ${preview.considered} decisions in the review log (30 days at most), it would have allowed ${preview.changed} asked call${preview.changed === 1 ? "" : "s"}`,
		...preview.examples.map((example) => `  e.g. ${example.time}  ${example.value}`),
	];
	if (preview.stillDenied > 0)
		lines.push(
			`  ${preview.stillDenied} denied call${preview.stillDenied === 1 ? "" : "s"} it matches stay denied: no grant lifts a deny`,
		);
	for (const shadow of preview.shadows)
		lines.push(`  makes the ${shadow.scope} rule ${JSON.stringify(shadow.pattern)}: "allow" redundant`);
	lines.push("nothing written (--preview)");
	return `${lines.join("\n")}\n`;
}

export async function runGrantsForget(host: CliHost, id: string, options: GrantsOptions): Promise<ExitCode> {
	const scope = SCOPES.find((candidate) => id.startsWith(`${candidate}-`));
	if (scope === undefined) {
		host.stderr.write(`pi-permissions: \`${id}\` is not a persisted grant id; list them with \`grants list\`\n`);
		return EXIT_CODES.usage;
	}
	const setup = resolvePolicySetup(host, options.cwd === undefined ? {} : { cwd: options.cwd });
	const result = await new PersistedGrantWriter(host.grantFileSystem).forget(initTarget(setup, scope), scope, id);
	if (!result.ok) {
		host.stderr.write(`pi-permissions: ${grantWriteErrorText(result.error)}\n`);
		return EXIT_CODES.usage;
	}
	host.stdout.write(`forgot ${grantLine(result.value, host.now())}\n`);
	return EXIT_CODES.allow;
}
