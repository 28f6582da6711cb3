/**
 * Owns: building an `ExtensionState` over a workspace with the real edges, a collecting sink, and a minimal Pi
 * context carrying only the facts a session reads.
 * Never: fakes the engine; the loader may be replaced only to break it on purpose.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { BashParser, createNodeFileSystemProbe } from "@pi-permissions/access-intent";
import { NodeForwardingFileSystem, processIsAlive, systemClock, systemIdGenerator } from "@pi-permissions/authority";
import { ConfigLoader, createNodeConfigFileSystem, type DecisionFact } from "@pi-permissions/engine";
import { ExtensionState } from "../../src/extension-state";
import { BashParserLoader } from "../../src/session/bash-parser-loader";
import type { SessionEdges } from "../../src/session/session-facts";
import type { Workspace } from "./pi-session-harness";

/** The real edges a test session uses (real file systems, clock, ids), with its own registry host. */
export function realEdges(globalHost: object = {}): SessionEdges {
	return {
		probe: createNodeFileSystemProbe,
		forwardingFs: new NodeForwardingFileSystem(),
		clock: systemClock,
		ids: systemIdGenerator,
		isPidAlive: processIsAlive,
		globalHost,
		now: () => 0,
		atExit: () => () => undefined,
	};
}

/** A cold parser of its own for a session opened directly (the real grammar, loaded by the first call that needs it). */
export function parserLoader(): BashParserLoader {
	return new BashParserLoader(() => BashParser.load());
}

export interface StateFixture {
	readonly state: ExtensionState;
	readonly facts: DecisionFact[];
}

export function stateFor(space: Workspace, loader?: ConfigLoader): StateFixture {
	const facts: DecisionFact[] = [];
	const state = new ExtensionState({
		host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
		agentDir: space.agentDir,
		loader: loader ?? new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
		sink: { emit: (fact) => facts.push(fact) },
		edges: realEdges(),
	});
	return { state, facts };
}

export function context(cwd: string, trusted = true): ExtensionContext {
	const ctx = {
		cwd,
		hasUI: false,
		ui: {},
		isProjectTrusted: () => trusted,
		sessionManager: { getSessionId: () => "s-1", getSessionFile: () => undefined, getSessionDir: () => cwd },
	};
	// Only the facts the session reads are present; the rest of Pi's context is not used by the handlers.
	return ctx as unknown as ExtensionContext;
}
