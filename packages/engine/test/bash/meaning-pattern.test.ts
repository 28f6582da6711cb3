import { type CanonicalCommand, ruleSpelling, unitSpelling } from "@pi-permissions/access-intent";
import { describe, expect, it } from "vitest";
import { matchesMeaning, meaningPatternOf } from "../../src/bash/meaning-pattern";
import { parseUnits } from "../support/engine-fixture";

function canonicalOf(command: string): CanonicalCommand {
	const unit = parseUnits(command)[0];
	const spelling = unit === undefined ? null : unitSpelling(unit);
	if (spelling === null) throw new Error(`no spelling for ${command}`);
	return spelling.canonical;
}

function meets(pattern: string, command: string): boolean {
	const compiled = meaningPatternOf(ruleSpelling(pattern));
	if (compiled === null) throw new Error(`no meaning pattern for ${pattern}`);
	return matchesMeaning(compiled, canonicalOf(command));
}

describe("matchesMeaning", () => {
	it.each([
		["rm -rf *", "rm -Rf build"],
		["rm -rf *", "rm -r -f build"],
		["rm -rf *", "rm --recursive --force build"],
		["rm -rf *", "rm -f -i -r build"],
		["rm -rf *", "rm build -fr"],
		["rm -rf *", "rm -rfv a b"],
		["rm -fr *", "rm --for --rec x"],
		["rm -r -f build", "rm -rf build"],
		["git push --force *", "git push -f origin main"],
		["git push --force *", "git push origin +main"],
		["git push --force *", "git push --force-with-lease origin main"],
		["git push --force *", "git push --mirror origin"],
		["git push --force *", "git -C repo push -f"],
		["git push --force *", "git -c color.ui=never push origin main --force"],
		["git push -f origin main", "git push origin +main"],
		["git push origin +*", "git push --force origin main"],
		["git *", "git -C x push -f origin main"],
		["git push *", "git --no-pager push"],
		["cp -r *", "cp -a src dst"],
		["cp -a *", "cp -dR --preserve=all src dst"],
		["git branch -D *", "git branch --delete --force x"],
		["sed -i *", "sed -i.bak s/a/b/ f"],
		["sed -i *", "sed --in-place -e s/a/b/ f"],
		["head -n 5 *", "head -5 f"],
		["grep -r *", "grep -rn x ."],
		["chmod -R *", "chmod --recursive 700 d"],
		["git -C * push -f *", "git -C repo push --force origin main"],
	])("%j meets %j", (pattern, command) => {
		expect(meets(pattern, command)).toBe(true);
	});

	it.each([
		["rm -rf *", "rm -r build", "the unit lacks -f"],
		["rm -rf *", "rm -f build", "the unit lacks -r"],
		["rm -r -f build", "rm -r -f -v build", "a pattern without `*` names every option"],
		["rm -rf build", "rm -rf other", "the operands differ"],
		["git push --force *", "git push origin main", "no force"],
		["git push --force *", "git push --force-if-includes origin main", "`--force-if-includes` alone does not force"],
		["git push --force *", "git fetch --force origin", "another sub-command"],
		["git push --force-with-lease *", "git push -f origin main", "-f is not --force-with-lease"],
		["git push origin +*", "git push origin main", "no ref is forced"],
		["cp -a *", "cp -R src dst", "-R alone is less than -a"],
		["git branch -D *", "git branch -d x", "-d alone is not -D"],
		["chmod -R *", "chmod -r f", "-r is a mode, not -R"],
		["git -C * push -f *", "git push -f origin main", "no -C"],
		["rm -rf *", "rmdir -p x", "another program"],
	])("%j does not meet %j (%s)", (pattern, command) => {
		expect(meets(pattern, command)).toBe(false);
	});

	it("is null for a pattern matched only as written", () => {
		expect(meaningPatternOf(ruleSpelling("rm -rf*"))).toBeNull();
		expect(meaningPatternOf(ruleSpelling("* --force *"))).toBeNull();
		expect(meaningPatternOf(ruleSpelling("tar -xf *"))).toBeNull();
	});
});
