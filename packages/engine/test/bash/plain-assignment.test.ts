import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

/** Red-team precision row Cp-var-echo and its siblings: a literal assignment runs nothing of its own. */
const ALLOWLIST = { permission: { "*": "ask", bash: { "*": "ask", "echo *": "allow", "ls *": "allow" } } };

describe("checkBashCommand on plain assignments", () => {
	const engine = createEngine({ config: ALLOWLIST });
	const decide = (command: string) => engine.pipeline.decide(bashCall(command)).combined.state;

	it.each([
		"N=3; echo $N",
		"msg='hello world'; echo \"$msg\"",
		"a=1 b=2; echo $a $b",
		"out=build; ls $out",
		'x=; echo "[$x]"',
	])("allows %j when every program it runs is allowed", (command) => {
		expect(decide(command)).toBe("allow");
	});

	it.each([
		["PATH=.:$PATH; ls", "PATH decides which program `ls` is"],
		["PATH=/tmp; ls", "even a literal PATH"],
		["HOME=/etc; ls ~", "HOME moves `~`"],
		["LD_PRELOAD=/tmp/x.so; ls", "a loader variable"],
		["GIT_DIR=/tmp/x; ls", "a program's own variable"],
		["f=$(date); echo $f", "the substitution runs `date`, which is not allowed"],
		["N=3", "a command that is only an assignment is judged as its whole text (PP-025)"],
	])("asks for %j (%s)", (command, _why) => {
		expect(decide(command)).toBe("ask");
	});

	it("still applies a rule written for the assignment itself", () => {
		const bash = { ...ALLOWLIST.permission.bash, "TOKEN=*": "deny" };
		const strict = createEngine({ config: { permission: { ...ALLOWLIST.permission, bash } } });
		expect(strict.pipeline.decide(bashCall("TOKEN=abc; echo ok")).combined.state).toBe("deny");
	});
});
