/**
 * Owns: the vocabulary of programs that connect over the network and how each names its destination: one row per
 * program family, its names, and the reader of its words (ADR 0058). To teach the gate a program, add a row and its
 * cases in `test/bash/effects/network/network-destinations.cases.ts`.
 * Never: decides; a program not listed here is not known to connect (the sandbox still holds it to the allowed hosts).
 */

import { gitReading } from "./git-remotes";
import { curlReading, httpieReading, wgetReading } from "./http-clients";
import type { NetworkReadContext, UnitReading } from "./network-reading";
import { containerRegistryReading, nodeRegistryReading, pipReading } from "./package-registries";
import { netcatReading, remoteCopyReading, socatReading, sshReading } from "./remote-shells";

interface NetworkProgramRow {
	readonly programs: readonly string[];
	/** How the program names its destination, for the docs and the row tests. */
	readonly names: string;
	readonly read: (context: NetworkReadContext) => UnitReading;
}

export const NETWORK_PROGRAMS: readonly NetworkProgramRow[] = [
	{ programs: ["curl"], names: "URL operands, `--url`, the proxy (`-x`)", read: curlReading },
	{ programs: ["wget"], names: "URL operands (`-i` file: unresolved)", read: wgetReading },
	{
		programs: ["http", "https", "httpie", "xh", "xhs"],
		names: "the URL after an optional method",
		read: httpieReading,
	},
	{ programs: ["ssh"], names: "`[user@]host`, `ssh://host:port`, `-p`, `-J`", read: sshReading },
	{ programs: ["scp", "sftp", "rsync"], names: "`[user@]host:path`, `host::module`, URLs", read: remoteCopyReading },
	{ programs: ["nc", "ncat", "netcat", "telnet"], names: "`host port`", read: netcatReading },
	{ programs: ["socat"], names: "`TCP:host:port`, `OPENSSL:host:port`, proxies", read: socatReading },
	{
		programs: ["git"],
		names: "clone/fetch/pull/push/ls-remote: a URL, or a remote's URL in the repository config",
		read: gitReading,
	},
	{
		programs: ["npm", "npx", "pnpm", "pnpx", "yarn"],
		names: "the registry: option, environment, `.npmrc`, default",
		read: nodeRegistryReading,
	},
	{
		programs: ["pip", "pip3"],
		names: "the index: option, environment, pip.conf, requirements, default",
		read: pipReading,
	},
	{
		programs: ["docker", "podman"],
		names: "pull/push: the image's registry, else docker.io",
		read: containerRegistryReading,
	},
];

const BY_NAME: ReadonlyMap<string, NetworkProgramRow> = new Map(
	NETWORK_PROGRAMS.flatMap((row) => row.programs.map((name) => [name, row] as const)),
);

/** `pip3.11`: a versioned spelling of a listed program. */
const VERSIONED = /^(pip)[0-9.]+$/;

/** The row of `commandName`, or `undefined` for a program not known to connect. */
export function networkProgramRow(commandName: string): NetworkProgramRow | undefined {
	return BY_NAME.get(commandName) ?? BY_NAME.get(VERSIONED.exec(commandName)?.[1] ?? "");
}
