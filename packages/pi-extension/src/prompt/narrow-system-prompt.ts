/**
 * Owns: narrowing a rendered system prompt byte-stably: the entries of denied tools leave Pi's `<tools>` list and the
 * entries of denied skills leave its `<available_skills>` list; every other byte stays where it was.
 * Never: adds or reorders text, or touches anything outside those two lists (a prompt without them is returned as is).
 */

/** Whether the named tool or skill is denied outright (hidden from the model). */
type IsDenied = (name: string) => boolean;

const TOOL_ENTRY = /^- ([^\s:]+): /;
const SKILL_NAME = /^\s*<name>(.*)<\/name>\s*$/;

/** The prompt without the `<tools>` entries of denied tools; the same string when nothing is removed. */
export function withoutDeniedTools(prompt: string, isDenied: IsDenied): string {
	return narrowBlock(prompt, "<tools>", "</tools>", (lines) => removeToolEntries(lines, isDenied));
}

/** The prompt without the `<available_skills>` entries of denied skills; the same string when nothing is removed. */
export function withoutDeniedSkills(prompt: string, isDenied: IsDenied): string {
	return narrowBlock(prompt, "<available_skills>", "</available_skills>", (lines) =>
		removeSkillEntries(lines, isDenied),
	);
}

/** Applies `narrow` to the lines strictly between the first `open` line and the next `close` line. */
function narrowBlock(
	prompt: string,
	open: string,
	close: string,
	narrow: (lines: readonly string[]) => readonly string[] | null,
): string {
	const lines = prompt.split("\n");
	const start = lines.findIndex((line) => line.trim() === open);
	if (start === -1) return prompt;
	const end = lines.findIndex((line, index) => index > start && line.trim() === close);
	if (end === -1) return prompt;
	const narrowed = narrow(lines.slice(start + 1, end));
	if (narrowed === null) return prompt;
	return [...lines.slice(0, start + 1), ...narrowed, ...lines.slice(end)].join("\n");
}

/** `null` when no entry is removed. An entry is its `- name: …` line and any continuation lines under it. */
function removeToolEntries(lines: readonly string[], isDenied: IsDenied): readonly string[] | null {
	const kept: string[] = [];
	let dropping = false;
	let removed = false;
	for (const line of lines) {
		const entry = TOOL_ENTRY.exec(line);
		if (entry !== null) dropping = isDenied(entry[1] ?? "");
		else if (line.trim() === "") dropping = false;
		if (dropping) removed = true;
		else kept.push(line);
	}
	return removed ? kept : null;
}

/** `null` when no entry is removed. An entry runs from its `<skill>` line to its `</skill>` line. */
function removeSkillEntries(lines: readonly string[], isDenied: IsDenied): readonly string[] | null {
	const kept: string[] = [];
	let entry: string[] | null = null;
	let removed = false;
	for (const line of lines) {
		if (entry === null) {
			if (line.trim() === "<skill>") entry = [line];
			else kept.push(line);
			continue;
		}
		entry.push(line);
		if (line.trim() !== "</skill>") continue;
		if (isDenied(skillName(entry))) removed = true;
		else kept.push(...entry);
		entry = null;
	}
	if (entry !== null) kept.push(...entry);
	return removed ? kept : null;
}

function skillName(entry: readonly string[]): string {
	for (const line of entry) {
		const match = SKILL_NAME.exec(line);
		if (match !== null) return unescapeXml(match[1] ?? "");
	}
	return "";
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
	"&lt;": "<",
	"&gt;": ">",
	"&quot;": '"',
	"&apos;": "'",
	"&amp;": "&",
};

function unescapeXml(text: string): string {
	return text.replace(/&(?:lt|gt|quot|apos|amp);/g, (entity) => XML_ENTITIES[entity] ?? entity);
}
