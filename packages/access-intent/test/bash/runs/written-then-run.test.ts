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
		// Programs that read code from files they find by name (red-team round 4, KNOWN-written-then-run).
		["printf 'all:\\n\\trm notes.txt\\n' > Makefile; make", "make"],
		["printf 'all:\\n\\trm x\\n' > x.mk; make -f x.mk", "make -f x.mk"],
		["echo 'x:' > build.txt && make -f build.txt x", "make -f build.txt x"],
		["echo 'file(REMOVE notes.txt)' > x.cmake; cmake -P x.cmake", "cmake -P x.cmake"],
		["echo 'project(x)' > CMakeLists.txt; cmake -S . -B /tmp/b", "cmake -S . -B /tmp/b"],
		["mkdir pk; echo 'import os' > pk/__main__.py; python3 -m pk", "python3 -m pk"],
		["echo 'import os' > pk/__main__.py; python3 pk", "python3 pk"],
		["echo 'import os' > pk/__main__.py; python3 -mpk", "python3 -mpk"],
		["echo 'import os' > __main__.py; python3 .", "python3 ."],
		["echo 'import os' > tool.py; python3 -m tool", "python3 -m tool"],
		['echo \'{"scripts":{"test":"rm notes.txt"}}\' > package.json; npm test', "npm test"],
		["echo 'node-options=--require ./x.js' > .npmrc && pnpm install", "pnpm install"],
		["echo 'import os' > sitecustomize.py; python3 -c 1", "python3 -c 1"],
		["echo 'import os' > conftest.py; pytest -q", "pytest -q"],
		["echo 'fn main(){}' > build.rs && cargo build", "cargo build"],
	])("%s: `%s` is opaque", (command, text) => {
		expect(unit(command, text).wrapperKind).toBe("opaque-payload");
	});

	it.each([
		["echo x > f; cat f", "cat f"],
		["echo x > a.py && python3 b.py", "python3 b.py"],
		["python3 p.py > out.txt", "python3 p.py"],
		["python3 p.py; echo x > p.py", "python3 p.py"],
		["npm test 2>&1 > /dev/null; bash /dev/null", "bash /dev/null"],
		["echo done > log.txt && make", "make"],
		["echo x > notes.txt; npm test", "npm test"],
		["echo x > pk.txt; python3 -m pk", "python3 -m pk"],
		["make > build.log; make install", "make install"],
	])("%s: `%s` runs no file written before it", (command, text) => {
		expect(unit(command, text).wrapperKind).toBeNull();
	});
});
