/**
 * Owns: the `doctor` command: every shape of the bundled battery decided (never run) against the composed policy, in
 * a throwaway fixture, with its plain form; per class caught, asked or PASSES with the policy lines that allowed it;
 * text or `--json`; exit 1 when any class passes or a config does not load.
 * Never: runs a command, writes a file or prompts.
 */
import { type ConfigSource, readConfigSource } from "@pi-permissions/engine";
import type { PermissionState, RuleOrigin, ScopeName } from "@pi-permissions/policy";
import { CliEngine, type DecidedCall, type LoadedPolicy } from "../cli-engine";
import type { CliHost } from "../cli-host";
import { configErrorCount, configErrorSummary, configIssueLines } from "../config-error-report";
import { type PolicyOptions, resolvePolicySetup } from "../config-options";
import { readConfigText } from "../config-text";
import { EXIT_CODES, type ExitCode } from "../exit-code";
import { DOCTOR_BATTERY, type DoctorCall, type DoctorClass } from "./doctor-battery";
import { fixtureProbe } from "./fixture-probe";

export interface DoctorOptions extends PolicyOptions {
	readonly json?: boolean;
}

/** The version of the `--json` document; raised only when a field changes meaning or goes away. */
const DOCTOR_JSON_VERSION = 1;

type ClassOutcome = "caught" | "asked" | "passes";

/** A config line that allowed a shape: the line to change. */
interface AllowingLine {
	readonly origin: RuleOrigin;
	readonly file: string | null;
	readonly line: number | null;
	readonly surface: string;
	readonly pattern: string;
}

interface ShapeResult {
	readonly call: DoctorCall;
	readonly action: PermissionState;
	readonly plain: { readonly call: DoctorCall; readonly action: PermissionState };
	/** Decided more loosely than its plain form: the shape gets past a rule the plain form meets. */
	readonly evades: boolean;
	/** The rules that allowed it (empty unless `action` is `allow`). */
	readonly allowedBy: readonly AllowingLine[];
}

interface ClassResult {
	readonly id: string;
	readonly title: string;
	readonly source: string;
	readonly expectation: string;
	readonly outcome: ClassOutcome;
	readonly shapes: readonly ShapeResult[];
}

const STRICTNESS: Record<PermissionState, number> = { allow: 0, ask: 1, deny: 2 };

export async function runDoctor(host: CliHost, options: DoctorOptions): Promise<ExitCode> {
	const setup = resolvePolicySetup(host, options);
	const separator = host.flavor === "win32" ? "\\" : "/";
	// The shapes are decided in a throwaway fixture: the same directories, none of the user's files.
	const fixture = { ...host, probe: fixtureProbe(host.probe, [setup.cwd, setup.home, setup.agentDir], separator) };
	const engine = await CliEngine.create(fixture, setup);
	const loaded = await engine.policyOf(setup.defaultAgent);
	const sources = await configSources(host, loaded);
	const classes: ClassResult[] = [];
	for (const row of DOCTOR_BATTERY) classes.push(await runClass(engine, row, sources));
	const passing = classes.filter((result) => result.outcome === "passes");
	const errors = configErrorCount(loaded.load);
	if (options.json === true) {
		const document = {
			version: DOCTOR_JSON_VERSION,
			// SECURITY: a policy Pi runs fail-closed is not the policy the battery measured; CI must not go green on it.
			valid: errors === 0,
			passes: passing.map((result) => result.id),
			classes,
		};
		host.stdout.write(`${JSON.stringify(document)}\n`);
	} else {
		host.stdout.write(classes.map(classText).join(""));
		host.stdout.write(summaryText(classes.length, passing));
		if (errors > 0) host.stdout.write(`${configIssueLines(loaded.load)}${configErrorSummary(loaded.load)}\n`);
	}
	return passing.length > 0 || errors > 0 ? EXIT_CODES.usage : EXIT_CODES.allow;
}

async function runClass(engine: CliEngine, row: DoctorClass, sources: SourceMap): Promise<ClassResult> {
	const shapes: ShapeResult[] = [];
	for (const shape of row.shapes) {
		const decided = await engine.decide(shape.call.tool, shape.call.input, null);
		const plain = await engine.decide(shape.plain.tool, shape.plain.input, null);
		const action = decided.report.action;
		const plainAction = plain.report.action;
		shapes.push({
			call: shape.call,
			action,
			plain: { call: shape.plain, action: plainAction },
			evades: STRICTNESS[action] < STRICTNESS[plainAction],
			allowedBy: action === "allow" ? allowingLines(decided, sources) : [],
		});
	}
	// A class PASSES exactly when the policy allows one of its shapes; it is caught only when every shape is denied.
	const outcome: ClassOutcome = shapes.some((shape) => shape.action === "allow")
		? "passes"
		: shapes.every((shape) => shape.action === "deny")
			? "caught"
			: "asked";
	return { id: row.id, title: row.title, source: row.source, expectation: row.expectation, outcome, shapes };
}

type SourceMap = ReadonlyMap<ScopeName, { readonly file: string; readonly source: ConfigSource | null }>;

async function configSources(host: CliHost, loaded: LoadedPolicy): Promise<SourceMap> {
	const sources = new Map<ScopeName, { file: string; source: ConfigSource | null }>();
	for (const report of loaded.load.reports) {
		if (report.file === null || report.status !== "valid") continue;
		const text = await readConfigText(host, report.file);
		const format = report.scope === "agent" || report.scope === "project-agent" ? "agent-markdown" : "config-json";
		sources.set(report.scope, { file: report.file, source: text === null ? null : readConfigSource(text, format) });
	}
	return sources;
}

/** The last matching rule of every gate that allowed: each is a line whose allow the shape got through. */
function allowingLines(decided: DecidedCall, sources: SourceMap): AllowingLine[] {
	const lines = new Map<string, AllowingLine>();
	for (const gate of decided.gates) {
		if (gate.outcome.state !== "allow") continue;
		const deciding = gate.rules.at(-1);
		if (deciding === undefined || deciding.rule.action !== "allow") continue;
		const { rule, written } = deciding;
		const scope = sources.get(written.origin as ScopeName);
		const position = scope?.source?.positionOf(["permission", written.surface, written.pattern]) ?? null;
		const line: AllowingLine = {
			origin: rule.origin,
			file: scope?.file ?? null,
			line: position?.line ?? null,
			surface: written.surface,
			pattern: written.pattern,
		};
		lines.set(`${line.origin}\0${line.surface}\0${line.pattern}`, line);
	}
	return [...lines.values()];
}

const OUTCOME_TEXT: Record<ClassOutcome, string> = { caught: "caught", asked: "asked", passes: "PASSES" };

function classText(result: ClassResult): string {
	const head = `${OUTCOME_TEXT[result.outcome].padEnd(7)} ${result.title}\n`;
	if (result.outcome !== "passes") return head;
	const lines = [head, `        expected: ${result.expectation}\n`];
	for (const shape of result.shapes.filter((candidate) => candidate.action === "allow")) {
		const plain = shape.evades
			? `evades: the plain form ${callText(shape.plain.call)} is ${shape.plain.action}`
			: `the plain form ${callText(shape.plain.call)} is allowed too`;
		lines.push(`        allowed: ${callText(shape.call)} (${plain})\n`);
		for (const rule of shape.allowedBy) lines.push(`          change: ${lineText(rule)}\n`);
	}
	return lines.join("");
}

function callText(call: DoctorCall): string {
	return call.tool === "bash" ? `\`${call.input.command}\`` : `${call.tool} ${JSON.stringify(call.input.path)}`;
}

function lineText(rule: AllowingLine): string {
	const where = rule.file === null ? rule.origin : `${rule.file}${rule.line === null ? "" : `:${rule.line}`}`;
	const yolo = rule.origin === "yolo" ? " (yolo mode turned this ask into allow)" : "";
	return `${where}  ${JSON.stringify(rule.surface)} ${JSON.stringify(rule.pattern)}: "allow"${yolo}`;
}

function summaryText(total: number, passing: readonly ClassResult[]): string {
	if (passing.length === 0) return `\nno class passes (${total} classes decided, none run)\n`;
	const names = passing.map((result) => result.title).join(", ");
	return `\n${passing.length} of ${total} classes PASS: ${names}\n`;
}
