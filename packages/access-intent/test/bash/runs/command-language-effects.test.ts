import { describe, expect, it } from "vitest";
import { sedScriptRuns } from "../../../src/bash/runs/command-language-effects";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../support/effect-verdict";

describe("sed: the command language read as far as it runs commands", () => {
	it.each<readonly [string, EffectVerdict]>([
		["sed -n 'e rm x' f", runs("rm x")],
		["sed '1e rm x' f", runs("rm x")],
		["sed -e 's/a/b/' -e '$e rm x' f", runs("rm x")],
		["sed --expression='e rm x' f", runs("rm x")],
		["sed 's/a/rm x/e' f", OPAQUE],
		["sed 's|a|b|ge' f", OPAQUE],
		["sed 'e' f", OPAQUE],
		["sed -f script.sed f", OPAQUE],
		["sed --file=script.sed f", OPAQUE],
		['sed "s/$A/$B/e" f', OPAQUE],
		["sed -n 'e rm x' \"$f\"", runs("rm x")],
		["sed --sandbox 'e rm x' f", PLAIN],
		// Precision: ordinary scripts, including an `e` inside a regex, replacement, text or file name.
		["sed -n '1,5p' f", PLAIN],
		["sed 's/foo/bar/g' f", PLAIN],
		["sed -i 's/a/b/' f", PLAIN],
		["sed '/^$/d' f", PLAIN],
		["sed -e 's/x/y/' -e '/z/d' f", PLAIN],
		["sed -E 's#(a|b)#\\1e#g' f", PLAIN],
		["sed '1i\\hello there' f", PLAIN],
		["sed -n '/start/,/end/{p}' f", PLAIN],
		["sed 'y/abc/xyz/' f", PLAIN],
		["sed -ne 's/x/y/p' f", PLAIN],
		["sed '$a the end' f", PLAIN],
		["sed '0~2d;s/e/E/2' f", PLAIN],
		["sed '/x/!d' f", PLAIN],
		["sed -n '$=' f", PLAIN],
		["sed -n 'w out.txt' f", PLAIN],
		["sed ':a;N;$!ba;s/\\n/ /g' f", PLAIN],
		["sed -n -e 'p' 'e rm x'", PLAIN],
		// A computed part stands in as one letter: the script's own text decides.
		["sed -e 's/^M//g' -i \"$file\"", PLAIN],
		['sed "s/$FROM/$TO/g" f', PLAIN],
		['sed -i "15i $(hostname)" f', PLAIN],
		// ADR 0052: sed's options read by its grammar: abbreviations, clusters, synonyms.
		["sed --expr='e rm x' f", runs("rm x")],
		["sed --expression 'e rm x' f", runs("rm x")],
		["sed -ne 'e rm x' f", runs("rm x")],
		["sed -s -E -e p -e 'e rm x' f", runs("rm x")],
		["sed -nf s.sed f", OPAQUE],
		["sed --fi=s.sed f", OPAQUE],
		["sed --sandbox -e 'w out' f", PLAIN],
		["sed -n -l 80 l f", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});

	it("reads a script that is not a sed command as unclear", () => {
		expect(sedScriptRuns("s/unterminated")).toBeNull();
		expect(sedScriptRuns("K")).toBeNull();
	});
});

describe("awk: programs that run commands or come from elsewhere", () => {
	it.each<readonly [string, EffectVerdict]>([
		["awk 'BEGIN{system(\"rm x\")}'", OPAQUE],
		["awk -- 'BEGIN{system(\"rm x\")}'", OPAQUE],
		["gawk -e 'BEGIN{x=1}' -e 'BEGIN{system(\"rm x\")}'", OPAQUE],
		["gawk --source='BEGIN{\"rm x\" | getline}'", OPAQUE],
		["awk -W exec /tmp/p.awk", OPAQUE],
		["awk -Wexec /tmp/p.awk", OPAQUE],
		["gawk -E /tmp/p.awk", OPAQUE],
		["gawk --exec=/tmp/p.awk", OPAQUE],
		["awk -f prog.awk f", OPAQUE],
		["gawk -i lib.awk 'BEGIN{}'", OPAQUE],
		["gawk -l ext 'BEGIN{}'", OPAQUE],
		["awk '{print $1}' f", PLAIN],
		["awk -F: -v n=1 '{print $n}' /etc/passwd", PLAIN],
		["awk -W posix '{print}' f", PLAIN],
		["gawk -e '{print}' f", PLAIN],
		// ADR 0052: awk's options read by its grammar: clusters, attached values, abbreviations, synonyms.
		["gawk -bf prog.awk", OPAQUE],
		["gawk --fil prog.awk", OPAQUE],
		["gawk --inc lib.awk 'BEGIN{}'", OPAQUE],
		["awk '-eBEGIN{system(\"rm x\")}'", OPAQUE],
		["awk --assign x=1 'BEGIN{system(\"rm x\")}'", OPAQUE],
		["gawk --so='BEGIN{system(\"rm x\")}'", OPAQUE],
		["gawk -D 'BEGIN{}'", OPAQUE],
		["mawk -We /tmp/p.awk", OPAQUE],
		["awk -W source='BEGIN{}'", OPAQUE],
		["gawk --zzz 'BEGIN{}'", OPAQUE],
		["awk --assign x=1 '{print x}' f", PLAIN],
		["awk -vn=1 -F, '{print $n}' f", PLAIN],
		["gawk -W version", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
