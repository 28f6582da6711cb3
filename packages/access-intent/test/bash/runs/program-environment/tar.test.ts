import { describe, expect, it } from "vitest";
import { tarOptionsVerdict } from "../../../../src/bash/runs/program-environment/tar";

describe("tarOptionsVerdict", () => {
	it.each([
		["--no-same-owner", "inert"],
		["--no-same-owner --numeric-owner -v", "inert"],
		["--warning=no-timestamp", "inert"],
		["--checkpoint=1000 --totals", "inert"],
		["--no-same-o", "inert"],
		["-z --exclude=node_modules", "inert"],
		// SECURITY: tar reads unique abbreviations and removes quotes and backslashes (N1-taropts-abbrev-checkpoint).
		["--checkpoint=1 --checkpoint-act=exec=rm\\ notes.txt", "runs-code"],
		["--checkpoint=1 --checkpoint-action=exec=rm", "runs-code"],
		["'--checkpoint-action=exec=rm x'", "runs-code"],
		['--check""point-action=exec=rm', "runs-code"],
		["--to-com=cat", "runs-code"],
		["--use-compress-prog=./x", "runs-code"],
		["-I ./x", "runs-code"],
		["-Ixz", "runs-code"],
		["--info-script=./x", "runs-code"],
		["--rsh-command=./x", "runs-code"],
		// Not known to be harmless: files, directories, the operation, operands, ambiguous or unknown options.
		["-C /tmp", "unknown"],
		["--directory=/tmp", "unknown"],
		["-f .env", "unknown"],
		["-T list", "unknown"],
		["-x", "unknown"],
		["--absolute-names", "unknown"],
		["--transform=s/a/b/", "unknown"],
		["--remove-files", "unknown"],
		["-h", "unknown"],
		["notes.txt", "unknown"],
		["--to", "unknown"],
		["--frobnicate", "unknown"],
		["'unterminated", "unknown"],
	] as const)("%s -> %s", (value, verdict) => {
		expect(tarOptionsVerdict(value)).toBe(verdict);
	});
});
