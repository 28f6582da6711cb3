/**
 * Owns: the seeded generator of the planted oracle (ADR 0062): commands that point a real program at a planted
 * configuration, by an environment variable (as a prefix, `export`, `env`, `declare -x`, `set -a`), by an option in
 * each spelling the program accepts (`--opt=v`, `--opt v`, unique abbreviations), or by a variable no table names,
 * mixed with ordinary commands that must start no hook.
 * Never: names a planted file as the script a program runs (`bash x.sh`, `make -f x.mk`): that file is the command's
 * own input, judged by the rule on the program (ADR 0062); covers a program that is not installed.
 */
import fc from "fast-check";
import { HOOKS, hook, type PlantedProgram } from "./planted-fixture";

/** One way to reach a planted configuration: an environment assignment or none, then the command that reads it. */
interface Route {
	readonly program: PlantedProgram;
	/** `[name, values]`: the variable, and the spellings of its value. */
	readonly env?: readonly [string, readonly string[]];
	/** Spellings of the command (its options pointing at the planted file, or reading it by default). */
	readonly commands: readonly string[];
}

/** A planted path written relative, with `./`, through `$PWD`, quoted, or absolute. */
const at = (path: string): string[] => [path, `./${path}`, `$PWD/${path}`, `"$PWD/${path}"`, `/home/u/proj/${path}`];

const GIT_STATUS = [
	"git status",
	"git status --short",
	"git status --porcelain",
	"git diff --stat",
	"git status -uall",
];
const H = (name: keyof typeof HOOKS) => hook(HOOKS[name]);

const ROUTES: readonly Route[] = [
	{ program: "git", env: ["GIT_DIR", [...at("x"), ...at("y")]], commands: GIT_STATUS },
	{ program: "git", env: ["GIT_COMMON_DIR", at("x")], commands: GIT_STATUS },
	{ program: "git", env: ["HOME", at("h")], commands: [...GIT_STATUS, "git st", "git diff"] },
	{ program: "git", env: ["XDG_CONFIG_HOME", at("h/.config")], commands: GIT_STATUS },
	{ program: "git", env: ["GIT_CONFIG_GLOBAL", at("h/.gitconfig")], commands: [...GIT_STATUS, "git st"] },
	{ program: "git", env: ["GIT_CONFIG_SYSTEM", at("h/.gitconfig")], commands: [...GIT_STATUS, "git st"] },
	{ program: "git", env: ["GIT_EXTERNAL_DIFF", [H("gitHomeDiff")]], commands: ["git diff", "git diff notes.txt"] },
	{ program: "git", env: ["GIT_EDITOR", [H("gitEditor")]], commands: ["git commit --allow-empty -q"] },
	{ program: "git", env: ["EDITOR", [H("gitEditor")]], commands: ["git commit --allow-empty -q"] },
	{
		program: "git",
		env: ["GIT_CONFIG_COUNT", ["1"]],
		commands: [`GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=${H("gitHomeFsmonitor")} git status`],
	},
	{
		program: "git",
		commands: [
			...["--git-dir=x", "--git-dir x", "--git-dir=y", "-C sub", "--work-tree=. --git-dir=x"].map(
				(o) => `git ${o} status`,
			),
			`git -c core.fsmonitor=${H("gitHomeFsmonitor")} status`,
			`git -c alias.st=!${H("gitHomeAlias")} st`,
			`git -c diff.external=${H("gitHomeDiff")} diff`,
			`V=${H("gitHomeFsmonitor")} git --config-env=core.fsmonitor=V status`,
		],
	},
	{ program: "npm", env: ["HOME", at("h")], commands: ["npm test", "npm run test", "npm t"] },
	{
		program: "npm",
		env: ["NPM_CONFIG_USERCONFIG", at("rc/npmrc")],
		commands: ["npm test", "npm run test"],
	},
	{ program: "npm", env: ["npm_config_userconfig", at("rc/npmrc")], commands: ["npm test"] },
	{ program: "npm", env: ["npm_config_globalconfig", at("rc/npmrc")], commands: ["npm test"] },
	{ program: "npm", env: ["NPM_CONFIG_SCRIPT_SHELL", [H("npmScriptShell")]], commands: ["npm test"] },
	{ program: "npm", env: ["Npm_Config_Script_Shell", [H("npmScriptShell")]], commands: ["npm test"] },
	{
		program: "npm",
		env: ["npm_config_node_options", ["--require=/home/u/proj/planted/hook.js"]],
		commands: ["npm start"],
	},
	{
		program: "npm",
		commands: [
			...["--userconfig=rc/npmrc", "--userconfig rc/npmrc", "--userconf=rc/npmrc", "--globalconfig=rc/npmrc"].map(
				(o) => `npm test ${o}`,
			),
			`npm --userconfig=rc/npmrc test`,
			...["--script-shell=", "--script-shell ", "--script-sh="].map((o) => `npm test ${o}${H("npmScriptShell")}`),
			...["--prefix=planted/pkg", "--prefix planted/pkg", "-C planted/pkg"].map((o) => `npm test ${o}`),
			"npm --prefix planted/pkg test",
			"npm start --node-options=--require=/home/u/proj/planted/hook.js",
		],
	},
	{
		program: "node",
		env: [
			"NODE_OPTIONS",
			[
				"--require=./planted/hook.js",
				"'--require ./planted/hook.js'",
				"'-r ./planted/hook.js'",
				`'--re""quire=./planted/hook.js'`,
			],
		],
		commands: ["node -e 0", "node -p 1"],
	},
	{
		program: "node",
		commands: [
			"-r ./planted/hook.js",
			"--require=./planted/hook.js",
			"--require ./planted/hook.js",
			"--import ./planted/hook.js",
		].map((o) => `node ${o} -e 0`),
	},
	{
		program: "rg",
		env: ["RIPGREP_CONFIG_PATH", at("rc/rg")],
		commands: ["rg foo", "rg -n foo notes.txt", "rg foo src"],
	},
	{
		program: "rg",
		commands: ["--pre=", "--pre "].flatMap((o) => [
			`rg ${o}${H("rgPre")} foo notes.txt`,
			`rg foo src ${o}${H("rgPre")}`,
		]),
	},
	{
		program: "bash",
		env: ["BASH_ENV", at("planted/env.sh")],
		commands: ["bash -c ls", "bash -c :", "bash -c 'echo hi'"],
	},
	{ program: "bash", env: ["ENV", at("planted/env.sh")], commands: ["bash --posix -i -c :", "sh -i -c :"] },
	{
		program: "bash",
		env: ["HOME", at("h")],
		commands: ["bash -i -c :", "bash -l -c :", "bash --login -c ls", "bash -il -c :"],
	},
	{
		program: "bash",
		commands: ["--rcfile planted/rc.sh -i", "--init-file planted/rc.sh -i", "-i --rcfile planted/rc.sh"].flatMap(
			(o) => [`bash ${o} -c :`, `bash ${o} -c ls`],
		),
	},
	{ program: "python3", env: ["PYTHONPATH", at("planted/py")], commands: ["python3 -c pass", "python3 -c 'print(1)'"] },
	{ program: "python3", env: ["PYTHONUSERBASE", at("planted/ub")], commands: ["python3 -c pass"] },
	{ program: "python3", env: ["HOME", at("h")], commands: ["python3 -c pass", "python3 -c 'print(1)'"] },
	{ program: "python3", env: ["PYTHONSTARTUP", at("planted/startup.py")], commands: ["python3 -i", "python3"] },
	{
		program: "tar",
		env: [
			"TAR_OPTIONS",
			[
				`'--checkpoint=1 --checkpoint-action=exec=${H("tarCheckpoint")}'`,
				`'--checkp=1 --checkpoint-act=exec=${H("tarCheckpoint")}'`,
				`--use-compress-program=${H("tarCompress")}`,
				`'-I ${H("tarCompress")}'`,
			],
		],
		commands: ["tar cf o.tar notes.txt", "tar -cf o.tar src"],
	},
	{
		program: "tar",
		commands: [
			`tar --checkpoint=1 --checkpoint-action=exec=${H("tarCheckpoint")} -cf o.tar notes.txt`,
			`tar --checkpoint=1 --checkpoint-act=exec=${H("tarCheckpoint")} -cf o.tar notes.txt`,
			`tar -cf o.tar -I ${H("tarCompress")} notes.txt`,
			`tar --use-compress-program=${H("tarCompress")} -cf o.tar notes.txt`,
			`tar --use-comp=${H("tarCompress")} -cf o.tar notes.txt`,
		],
	},
	{ program: "sqlite3", env: ["HOME", at("h")], commands: ["sqlite3 :memory: 'select 1'", "sqlite3 db 'select 1'"] },
	{
		program: "sqlite3",
		commands: [
			"sqlite3 -init planted/init.sql :memory: 'select 1'",
			"sqlite3 --init planted/init.sql :memory: 'select 1'",
			`sqlite3 -cmd '.shell ${H("sqliteInit")}' :memory: 'select 1'`,
			`sqlite3 :memory: '.shell ${H("sqliteInit")}'`,
			`sqlite3 :memory: -bail <<< '.shell ${H("sqliteInit")}'`,
		],
	},
	{ program: "gdb", env: ["HOME", at("h")], commands: ["gdb -batch", "gdb -q -batch"] },
	{
		program: "gdb",
		commands: [
			"gdb -batch -x planted/gdbinit",
			"gdb -batch --command=planted/gdbinit",
			`gdb -batch -ex 'shell ${H("gdbEx")}'`,
			`gdb -batch --eval-command='shell ${H("gdbEx")}'`,
		],
	},
	{ program: "perl", env: ["PERL5OPT", ["'-Iplanted/pl -MHook'"]], commands: ["perl -e 1", "perl -e 'print 1'"] },
	{ program: "perl", env: ["PERL5LIB", at("planted/pl")], commands: ["perl -MHook -e 1"] },
	{ program: "perl", commands: ["perl -Iplanted/pl -MHook -e 1", "perl -Mlib=planted/pl -MHook -e 1"] },
];

/** Ordinary commands: the programs as a person runs them; under the benign home they start no hook. */
const ORDINARY: Readonly<Record<PlantedProgram, readonly string[]>> = {
	git: ["git status", "git diff", "git log -1 --oneline", "LANG=C git status", "TZ=UTC git log -1", "git -C . status"],
	// The slow starters once each: an ordinary command is also drawn as a companion of every other.
	npm: ["CI=1 npm test"],
	node: ["NO_COLOR=1 node -e 0"],
	rg: ["rg foo", "rg -n foo notes.txt", "NO_COLOR=1 rg foo src"],
	bash: ["bash -c ls", "bash --norc -c :", "bash -c 'git status'", "bash -l -c :", "bash -i -c :", "ls", "echo hi"],
	python3: ["python3 -c pass", "PYTHONDONTWRITEBYTECODE=1 python3 -c pass"],
	tar: ["tar cf o.tar notes.txt", "tar -tf o.tar 2>/dev/null"],
	sqlite3: ["sqlite3 :memory: 'select 1'"],
	make: ["make", "make -n", "make all"],
	gdb: [],
	perl: ["perl -e 1"],
};

/** The forms that hand `name=value` to `command`: a prefix, exported earlier, through `env`, `declare -x`, `set -a`. */
const ENV_FORMS: readonly ((name: string, value: string, command: string) => string)[] = [
	(n, v, c) => `${n}=${v} ${c}`,
	(n, v, c) => `export ${n}=${v}; ${c}`,
	(n, v, c) => `export ${n}=${v} && ${c}`,
	(n, v, c) => `${n}=${v}; export ${n}; ${c}`,
	(n, v, c) => `env ${n}=${v} ${c}`,
	(n, v, c) => `declare -x ${n}=${v}; ${c}`,
	(n, v, c) => `typeset -x ${n}=${v}; ${c}`,
	(n, v, c) => `set -a; ${n}=${v}; ${c}`,
	(n, v, c) => `(export ${n}=${v}; ${c})`,
	(n, v, c) => `${n}=${v} CI=1 ${c}`,
];

/** A route's command, its environment given by one of the forms (or none: the option forms). */
function routeArbitrary(route: Route): fc.Arbitrary<string> {
	const command = fc.constantFrom(...route.commands);
	const env = route.env;
	if (env === undefined) return command;
	return fc
		.tuple(fc.constantFrom(...ENV_FORMS), fc.constantFrom(...env[1]), command)
		.map(([form, value, text]) => form(env[0], value, text));
}

/**
 * How often each program is drawn: by how many ways it has to reach a planted configuration, less for the programs
 * that take 100-400 ms to start (npm, gdb, node; git, rg, tar take a few) so that a run stays within minutes.
 */
const WEIGHTS: Readonly<Record<PlantedProgram, number>> = {
	git: 30,
	bash: 12,
	python3: 10,
	tar: 8,
	rg: 8,
	sqlite3: 6,
	perl: 5,
	make: 0,
	node: 3,
	npm: 3,
	gdb: 2,
};

const SEPARATORS = ["; ", " && ", " || ", " | ", "\n"];

/**
 * The generator over the programs installed here: most commands reach a planted configuration, about a quarter are
 * ordinary, and some run an ordinary command before or after (so a setting exported earlier meets a later command).
 */
export function plantedCommandArbitrary(installed: ReadonlySet<PlantedProgram>): fc.Arbitrary<string> {
	const routes = ROUTES.filter((route) => installed.has(route.program));
	const ordinary = [...installed].flatMap((program) => ORDINARY[program]);
	if (routes.length === 0 || ordinary.length === 0) throw new Error("no planted program is installed");
	const programs = [...new Set(routes.map((route) => route.program))];
	const reaching = fc.oneof(
		...programs.map((program) => ({
			weight: WEIGHTS[program],
			arbitrary: fc.oneof(...routes.filter((route) => route.program === program).map(routeArbitrary)),
		})),
	);
	const plain = fc.constantFrom(...ordinary);
	const one = fc.oneof({ weight: 3, arbitrary: reaching }, { weight: 1, arbitrary: plain });
	return fc.oneof(
		{ weight: 6, arbitrary: one },
		{
			weight: 1,
			arbitrary: fc.tuple(one, fc.constantFrom(...SEPARATORS), plain).map(([a, sep, b]) => `${a}${sep}${b}`),
		},
		{
			weight: 1,
			arbitrary: fc.tuple(plain, fc.constantFrom(...SEPARATORS), one).map(([a, sep, b]) => `${a}${sep}${b}`),
		},
	);
}
