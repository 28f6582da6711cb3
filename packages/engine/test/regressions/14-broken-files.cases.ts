/**
 * Twenty broken config files (ADR 0022), each written as the global and as the project file. Every file holds the
 * same two denies (`rm *` on bash, `*.env` on read) and the same allow (`git status`) around its defect, unless the
 * row says the file holds no readable rules at all.
 */
export interface BrokenFileRow {
	readonly id: string;
	readonly title: string;
	readonly content: string | Uint8Array;
	/** Whether the denies survive (false only for a file that cannot be read as text or holds no object). */
	readonly keepsDenies: boolean;
	/** The key path the first error names (formatted as `permission.write`), or null for a whole-file error. */
	readonly keyPath: string | null;
	/** Words the first error's fix contains. */
	readonly fix: RegExp;
}

const DENIES = '"bash": {"rm *": "deny", "git status": "allow"}, "read": {"*.env": "deny", "*": "allow"}';
const file = (extra: string) => `{\n  "permission": {\n    ${DENIES},\n    ${extra}\n  }\n}\n`;

export const BROKEN_FILE_ROWS: readonly BrokenFileRow[] = [
	{
		id: "B01",
		title: "a typo'd surface action",
		content: file('"write": "alow"'),
		keepsDenies: true,
		keyPath: "permission.write",
		fix: /allow/,
	},
	{
		id: "B02",
		title: "a typo'd pattern action",
		content: file('"edit": {"src/*": "alow"}'),
		keepsDenies: true,
		keyPath: 'permission.edit["src/*"]',
		fix: /allow/,
	},
	{
		id: "B03",
		title: "a typo'd surface `paths`",
		content: file('"paths": {"*.key": "deny"}'),
		keepsDenies: true,
		keyPath: "permission.paths",
		fix: /did you mean `path`/,
	},
	{
		id: "B04",
		title: "a surface in the wrong case",
		content: file('"Bash": {"sudo *": "deny"}'),
		keepsDenies: true,
		keyPath: "permission.Bash",
		fix: /did you mean `bash`/,
	},
	{
		id: "B05",
		title: "a transposed `external_directory`",
		content: file('"extrenal_directory": "deny"'),
		keepsDenies: true,
		keyPath: "permission.extrenal_directory",
		fix: /did you mean `external_directory`/,
	},
	{
		id: "B06",
		title: "a stray top-level key",
		content: `{"permisions": {}, "permission": {${DENIES}}}`,
		keepsDenies: true,
		keyPath: "permisions",
		fix: /did you mean `permission`/,
	},
	{
		id: "B07",
		title: "a stray key in a deny object",
		content: file('"grep": {"*": {"action": "deny", "reson": "x"}}'),
		keepsDenies: true,
		keyPath: 'permission.grep["*"].reson',
		fix: /reason/,
	},
	{
		id: "B08",
		title: "a number as a surface value",
		content: file('"ls": 5'),
		keepsDenies: true,
		keyPath: "permission.ls",
		fix: /allow/,
	},
	{
		id: "B09",
		title: "a list as a pattern value",
		content: file('"find": {"*": ["deny"]}'),
		keepsDenies: true,
		keyPath: 'permission.find["*"]',
		fix: /allow/,
	},
	{
		id: "B10",
		title: "a setting of the wrong type",
		content: `{"yoloMode": "true", "permission": {${DENIES}}}`,
		keepsDenies: true,
		keyPath: "yoloMode",
		fix: /true/,
	},
	{
		id: "B11",
		title: "a deny reason over 500 characters",
		content: file(`"write": {"*": {"action": "deny", "reason": "${"x".repeat(501)}"}}`),
		keepsDenies: true,
		keyPath: 'permission.write["*"].reason',
		fix: /500|shorten/,
	},
	{
		id: "B12",
		title: "an empty pattern key",
		content: file('"edit": {"": "allow"}'),
		keepsDenies: true,
		keyPath: 'permission.edit[""]',
		fix: /match everything/,
	},
	{
		id: "B13",
		title: "a duplicate surface key",
		content: `{"permission": {${DENIES}, "bash": {"ls *": "allow"}}}`,
		keepsDenies: true,
		keyPath: null,
		fix: /keep one/,
	},
	{
		id: "B14",
		title: "a truncated file",
		content: `{"permission": {${DENIES}, "write": {"src/*": "al`,
		keepsDenies: true,
		keyPath: null,
		fix: /./,
	},
	{
		id: "B15",
		title: "trailing garbage",
		content: `{"permission": {${DENIES}}}\n}}} oops`,
		keepsDenies: true,
		keyPath: null,
		fix: /one top-level object/,
	},
	{
		id: "B16",
		title: "a missing comma",
		content: `{"permission": {${DENIES} "write": "ask"}}`,
		keepsDenies: true,
		keyPath: null,
		fix: /comma/,
	},
	{
		id: "B17",
		title: "single quotes around a later key",
		content: `{"permission": {${DENIES}, 'write': "ask"}}`,
		keepsDenies: true,
		keyPath: null,
		fix: /quote/,
	},
	{
		id: "B18",
		title: "a list at the top level",
		content: `[{"permission": {${DENIES}}}]`,
		keepsDenies: false,
		keyPath: null,
		fix: /braces/,
	},
	{
		id: "B19",
		title: "a UTF-16 file with a byte-order mark",
		content: utf16(`{"permission": {${DENIES}}}`),
		keepsDenies: false,
		keyPath: null,
		fix: /UTF-8/,
	},
	{
		id: "B20",
		title: "a UTF-8 byte-order mark before a typo",
		content: `\uFEFF${file('"write": "alow"')}`,
		keepsDenies: true,
		keyPath: "permission.write",
		fix: /allow/,
	},
];

function utf16(text: string): Uint8Array {
	const bytes = new Uint8Array(2 + text.length * 2);
	bytes[0] = 0xff;
	bytes[1] = 0xfe;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		bytes[2 + i * 2] = code & 0xff;
		bytes[3 + i * 2] = code >> 8;
	}
	return bytes;
}
