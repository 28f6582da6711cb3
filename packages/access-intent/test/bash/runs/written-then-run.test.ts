import { describe, expect, it } from "vitest";
import { parseProgram } from "../../support/bash-fixture";

/** The unit whose text is `unitText`, from the units of `command`. */
function unit(command: string, unitText: string) {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const found = program.units.find((candidate) => candidate.text === unitText);
	if (found === undefined) throw new Error(`no unit ${unitText} in ${command}`);
	return found;
}

describe("WrittenFiles: a file this command wrote, then ran", () => {
	it.each([
		["echo 'import os' > /tmp/p.py; python3 /tmp/p.py", "python3 /tmp/p.py"],
		["echo 'rm x' > s.sh; bash ./s.sh", "bash ./s.sh"],
		["echo 'rm x' >> s.sh && sh s.sh", "sh s.sh"],
		["printf x | tee run.sh; ./run.sh", "./run.sh"],
		["cp /tmp/evil x.sh; source x.sh", "source x.sh"],
		["cat > t.js <<'EOF'\nrequire('fs').rmSync('x')\nEOF\nnode t.js", "node t.js"],
		["dd if=/tmp/e of=e.pl; perl e.pl", "perl e.pl"],
	])("%s: `%s` is opaque", (command, text) => {
		expect(unit(command, text).wrapperKind).toBe("opaque-payload");
	});

	it.each([
		["echo x > f; cat f", "cat f"],
		["echo x > a.py && python3 b.py", "python3 b.py"],
		["python3 p.py > out.txt", "python3 p.py"],
		["python3 p.py; echo x > p.py", "python3 p.py"],
		["npm test 2>&1 > /dev/null; bash /dev/null", "bash /dev/null"],
	])("%s: `%s` runs no file written before it", (command, text) => {
		expect(unit(command, text).wrapperKind).toBeNull();
	});
});
