import { describe, expect, it } from "vitest";
import { draftText, finishDraft, joinRanges, newDraft } from "../../../src/bash/reading/unit-draft";
import { readShellWord } from "../../../src/bash/reading/word-text";

const ref = (source: string, start: number, end: number) => ({
	word: readShellWord(source, start, end, []),
	start,
	end,
});

describe("unit drafts", () => {
	it("joins ranges with the blanks between them, or one space across anything else", () => {
		const source = "echo  a \\\n b > f c";
		expect(
			joinRanges(source, [
				{ start: 0, end: 4 },
				{ start: 6, end: 7 },
				{ start: 11, end: 12 },
			]),
		).toBe("echo  a \\\n b");
		expect(
			joinRanges(source, [
				{ start: 0, end: 4 },
				{ start: 17, end: 18 },
			]),
		).toBe("echo c");
	});

	it("builds the text of a simple command from its name and arguments only", () => {
		const source = "A=1 cmd x > out y";
		const draft = newDraft("simple", 0, source.length, null, []);
		draft.name = ref(source, 4, 7);
		draft.args.push(ref(source, 8, 9), ref(source, 16, 17));
		expect(draftText(draft, source)).toBe("cmd x y");
	});

	it("finishes a draft into a frozen unit with its normalised command name", () => {
		const source = "'/bin/rm' x";
		const draft = newDraft("simple", 0, source.length, "subshell", ["subshell"]);
		draft.name = ref(source, 0, 9);
		draft.args.push(ref(source, 10, 11));
		const unit = finishDraft(draft, draftText(draft, source));
		expect(unit).toMatchObject({
			text: "'/bin/rm' x",
			commandName: "rm",
			context: "subshell",
			compound: false,
			wrapperKind: null,
		});
		expect(Object.isFrozen(unit.args)).toBe(true);
	});

	it("gives a compound unit no name word", () => {
		const draft = newDraft("compound", 0, 9, null, []);
		expect(finishDraft(draft, "{ rm x; }")).toMatchObject({ compound: true, nameWord: null, commandName: null });
	});
});
