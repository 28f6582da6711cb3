import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../../src/bash/bash-program";
import {
	DECLARATION_BUILTINS,
	NAME_TAKING_BUILTINS,
	PROMPT_VARIABLES,
	REBINDING_VARIABLES,
	SHELL_SET_VARIABLES,
} from "../../../src/bash/state/shell-state-table";
import { parser } from "../../support/bash-fixture";

const reasonOf = (command: string) => parseBashUnits(command, parser).unparseable?.reason ?? null;

describe("the shell-state tables", () => {
	it.each([...REBINDING_VARIABLES])("setting %s asks with its reason", (name, reason) => {
		expect(reasonOf(`${name}[ls]=/usr/bin/rm; ls x`)).toBe(reason);
	});

	it.each([...PROMPT_VARIABLES])("a computed %s asks with its reason, a plain one does not", (name, reason) => {
		expect(reasonOf(`${name}="$(cat p.txt)"; set -x; true`)).toBe(reason);
		// `PROMPT_COMMAND` holds a command (parsed as one, ADR 0026); the prompts hold text.
		const plain = name === "PROMPT_COMMAND" ? "date" : "> ";
		expect(reasonOf(`${name}='${plain}'; true`)).toBeNull();
	});

	const textSet = [...SHELL_SET_VARIABLES].filter(([, holds]) => holds === "text").map(([name]) => name);
	it.each(textSet)("arithmetic over %s asks", (name) => {
		expect(reasonOf(`echo $(( ${name} ))`)).toMatch(new RegExp(`\`${name}\`, which bash sets at run time`));
	});

	it.each([...NAME_TAKING_BUILTINS])("%s with a computed target name asks", (name, grammar) => {
		const target = '"$n"';
		const command =
			grammar.operands === "none"
				? `${name} -${grammar.targetOptions} ${target} x`
				: grammar.operands === "second"
					? `${name} ab ${target}`
					: `${name} ${target} < p.txt`;
		expect(reasonOf(command)).toBe(`\`${name}\` sets a variable whose name is computed`);
	});

	it.each([...NAME_TAKING_BUILTINS])(
		"%s with a literal target leaves arithmetic over it to the value check",
		(name, grammar) => {
			const command =
				grammar.operands === "none"
					? `${name} -${grammar.targetOptions} t x; echo $(( t ))`
					: grammar.operands === "second"
						? `${name} ab t; echo $(( t ))`
						: `${name} t < p.txt; echo $(( t ))`;
			expect(reasonOf(command)).toBe(
				"arithmetic over `t`, a value computed in this command, can run the commands it holds",
			);
		},
	);

	const integerDeclarations = [...DECLARATION_BUILTINS].filter((name) => name !== "export" && name !== "readonly");

	it.each(integerDeclarations)("%s -i makes an assigned string arithmetic", (name) => {
		const command = `f() { ${name} -i v; v="$(cat p.txt)"; }; f`;
		expect(reasonOf(command)).toMatch(/arithmetic/);
	});

	it.each(["export", "readonly"])("%s takes no -i (bash rejects the option), so its assignment is plain", (name) => {
		expect(reasonOf(`f() { ${name} -i v; v="$(cat p.txt)"; }; f`)).toBeNull();
	});
});
