import { describe, expect, it } from "vitest";
import { WRAPPER_SEMANTICS, wrapperSemantics } from "../../../src/bash/runs/transparent-wrappers";
import { parseProgram } from "../../support/bash-fixture";

/** A spelling per row that runs `ls x` through the wrapper (its operands, where it takes some, filled in). */
const SPELLING: Readonly<Record<string, string>> = {
	timeout: "timeout 5 ls x",
	taskset: "taskset 1 ls x",
	chrt: "chrt 10 ls x",
	chroot: "chroot /srv ls x",
	setarch: "setarch x86_64 ls x",
	faketime: "faketime 2020-01-01 ls x",
	flock: "flock /tmp/l ls x",
	watch: "watch ls x",
	parallel: "parallel ls x :::",
	rush: "rush ls x",
	"rust-parallel": "rust-parallel ls x :::",
	find: "find . -exec ls x \\;",
	fd: "fd -x ls x",
	fdfind: "fdfind -x ls x",
	xargs: "xargs ls x",
	rsync: "rsync -e 'ls x' src host:dst",
	su: "su - jetty -c 'ls x'",
	sg: "sg staff -c 'ls x'",
	runuser: "runuser -l jetty -c 'ls x'",
	perf: "perf stat ls x",
	rr: "rr record ls x",
	runcon: "runcon system_u:system_r:unconfined_t ls x",
	ip: "ip netns exec n ls x",
	socat: "socat - SYSTEM:'ls x'",
	cmake: "cmake -E env ls x",
	npm: "npm exec -- ls x",
	pnpm: "pnpm exec ls x",
	yarn: "yarn exec ls x",
	uv: "uv run ls x",
	poetry: "poetry run ls x",
	pipenv: "pipenv run ls x",
	pdm: "pdm run ls x",
	hatch: "hatch run ls x",
	rye: "rye run ls x",
	pipx: "pipx run ls x",
	conda: "conda run ls x",
	mamba: "mamba run ls x",
	micromamba: "micromamba run ls x",
	bundle: "bundle exec ls x",
	mise: "mise exec -- ls x",
	direnv: "direnv exec . ls x",
};

describe("WRAPPER_SEMANTICS", () => {
	it.each([...WRAPPER_SEMANTICS.keys()])("%s is an indirection that runs `ls x`", (name) => {
		const command = SPELLING[name] ?? `${name} ls x`;
		const units = parseProgram(command).units;
		expect(units[0]).toMatchObject({ commandName: name, wrapperKind: "indirection" });
		expect(units.some((unit) => unit.commandName === "ls")).toBe(true);
		expect(wrapperSemantics(name)?.why.length).toBeGreaterThan(0);
	});

	it("leaves identity-changing wrappers judged, never transparent", () => {
		for (const name of ["sudo", "doas", "env", "chroot", "unshare", "nsenter", "pkexec", "fakeroot", "setpriv", "su"])
			expect(wrapperSemantics(name)?.semantics).toBe("judged");
	});

	it("has no row for a name that is not a wrapper", () => {
		expect(wrapperSemantics("ls")).toBeNull();
		expect(wrapperSemantics("sh")).toBeNull();
	});

	it.each([
		// SECURITY: the target user's shell may be zsh, fish or csh: a payload they may read otherwise stays opaque.
		"su -c 'ls *'",
		"su -c 'echo $HOME'",
		"su -c '=ls x'",
		"su -c 'ls {a,b}'",
		"su -c 'ls x 2>&1'",
		"su -c \"ls 'a b'\"",
		"su -c 'echo !x'",
		"su -",
		"su jetty",
		'su -c "$X"',
		// `script -c` also writes its log file: not modelled, so it stays opaque.
		"script -c 'ls x' log",
	])("%s stays opaque", (command) => {
		expect(parseProgram(command).units[0]?.wrapperKind).toBe("opaque-payload");
	});
});
