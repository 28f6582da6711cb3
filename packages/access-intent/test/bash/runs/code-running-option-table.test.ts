import { describe, expect, it } from "vitest";
import { GIT_TABLE } from "../../../src/bash/options/programs/git";
import {
	CODE_RUNNING_GIT_SUBCOMMANDS,
	CODE_RUNNING_OPTIONS,
	CODE_RUNNING_PYTHON_MODULES,
	NODE_MODULE_OPTIONS,
	SSH_COMMAND_KEYS,
} from "../../../src/bash/runs/code-running-option-table";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../support/effect-verdict";

/** One command per `program option` row of `CODE_RUNNING_OPTIONS`. */
const OPTION_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"bsdtar --use-compress-program": ["bsdtar --use-compress-program=rm -cf a.tar src", runs("rm")],
	"bsdtar -I": ["bsdtar -cf a.tar -I rm src", runs("rm")],
	"zip -TT": ["zip -T -TT 'rm x' a.zip f", runs("rm x")],
	"zip --unzip-command": ["zip -T --unzip-command='rm x' a.zip f", runs("rm x")],
	"rsync -e": ["rsync -avze 'rm x' src host:dst", runs("rm x")],
	"rsync --rsh": ["rsync --rsh='rm x' src host:dst", runs("rm x")],
	"rsync --rsync-path": ["rsync --rsync-path='rm x' src host:dst", OPAQUE],
	"split --filter": ["split --filter='rm x' f", runs("rm x")],
	"gcc -wrapper": ["gcc -wrapper /tmp/evil,-x a.c", OPAQUE],
	"gcc -fplugin": ["gcc -fplugin=/tmp/evil.so a.c", OPAQUE],
	"gcc -specs": ["gcc -specs=/tmp/evil.specs a.c", OPAQUE],
	"gcc -B": ["gcc -B/tmp/bin a.c", OPAQUE],
	"gcc @": ["gcc @args.rsp a.c", OPAQUE],
	"g++ @": ["g++ @args.rsp", OPAQUE],
	"cc @": ["cc -O2 @args.rsp", OPAQUE],
	"c++ @": ["c++ @args.rsp", OPAQUE],
	"clang @": ["clang @args.rsp", OPAQUE],
	"clang++ @": ["clang++ @args.rsp", OPAQUE],
	"g++ -wrapper": ["g++ -wrapper /tmp/evil a.cc", OPAQUE],
	"g++ -fplugin": ["g++ -fplugin=/tmp/evil.so a.cc", OPAQUE],
	"g++ -specs": ["g++ -specs=x a.cc", OPAQUE],
	"g++ -B": ["g++ -B /tmp/bin a.cc", OPAQUE],
	"cc -wrapper": ["cc -wrapper /tmp/evil a.c", OPAQUE],
	"cc -fplugin": ["cc -fplugin=x.so a.c", OPAQUE],
	"cc -specs": ["cc -specs=x a.c", OPAQUE],
	"cc -B": ["cc -B/tmp a.c", OPAQUE],
	"c++ -wrapper": ["c++ -wrapper x a.cc", OPAQUE],
	"c++ -fplugin": ["c++ -fplugin=x.so a.cc", OPAQUE],
	"c++ -specs": ["c++ -specs=x a.cc", OPAQUE],
	"c++ -B": ["c++ -B/tmp a.cc", OPAQUE],
	"clang -wrapper": ["clang -wrapper x a.c", OPAQUE],
	"clang -fplugin": ["clang -fplugin=x.so a.c", OPAQUE],
	"clang -specs": ["clang -specs=x a.c", OPAQUE],
	"clang -B": ["clang -B/tmp a.c", OPAQUE],
	"clang++ -wrapper": ["clang++ -wrapper x a.cc", OPAQUE],
	"clang++ -fplugin": ["clang++ -fplugin=x.so a.cc", OPAQUE],
	"clang++ -specs": ["clang++ -specs=x a.cc", OPAQUE],
	"clang++ -B": ["clang++ -B/tmp a.cc", OPAQUE],
	"scp -o": ["scp -oProxyCommand='rm x' f host:", OPAQUE],
	"scp -S": ["scp -S rm f host:", runs("rm")],
	"scp -F": ["scp -F /tmp/evil.conf f host:", OPAQUE],
	"sftp -o": ["sftp -o LocalCommand='rm x' host", OPAQUE],
	"sftp -S": ["sftp -S rm host", runs("rm")],
	"sftp -F": ["sftp -F evil.conf host", OPAQUE],
	"ugrep --filter": ["ugrep --filter='*:rm x' foo", OPAQUE],
	"nix-shell --run": ["nix-shell -p hello --run 'rm x'", runs("rm x")],
	"nix-shell --command": ["nix-shell --command 'rm x'", runs("rm x")],
};

/**
 * ADR 0052: rows of programs whose options moved to their option tables (`options/programs/`); each still holds, and
 * `test/bash/options/programs/program-option-table.test.ts` has a row per named option.
 */
const MIGRATED_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"tar --to-command": ["tar -xf a.tar --to-command='rm x'", runs("rm x")],
	"tar --checkpoint-action": ["tar -cf a.tar --checkpoint=1 --checkpoint-action=exec='rm x' src", OPAQUE],
	"tar --use-compress-program": ["tar --use-compress-program='rm x' -cf a.tar src", runs("rm x")],
	"tar --info-script": ["tar -cf a.tar --info-script='rm x' src", runs("rm x")],
	"tar --new-volume-script": ["tar -cf a.tar --new-volume-script='rm x' src", runs("rm x")],
	"tar -I": ["tar -xvf a.tar -I 'rm x'", runs("rm x")],
	"tar -F": ["tar -cf a.tar -M -F 'rm x' src", runs("rm x")],
	"gtar --to-command": ["gtar -xf a.tar --to-command='rm x'", runs("rm x")],
	"gtar --checkpoint-action": ["gtar -cf a.tar --checkpoint-action=exec=rm src", OPAQUE],
	"gtar --use-compress-program": ["gtar --use-compress-program=rm -cf a.tar src", runs("rm")],
	"gtar --info-script": ["gtar -cf a.tar --info-script=rm src", runs("rm")],
	"gtar --new-volume-script": ["gtar -cf a.tar --new-volume-script=rm src", runs("rm")],
	"gtar -I": ["gtar -cf a.tar -Irm src", runs("rm")],
	"gtar -F": ["gtar -cf a.tar -Frm src", runs("rm")],
	"rg --pre": ["rg --pre rm -l . notes.txt", runs("rm")],
	"sort --compress-program": ["sort -S 8k --compress-program=rm f", runs("rm")],
	"man -P": ["man -P 'rm x' ls", runs("rm x")],
	"man --pager": ["man --pager='rm x' ls", runs("rm x")],
	"man -H": ["man -H'rm x' ls", runs("rm x")],
	"man --html": ["man --html ls", OPAQUE],
	"ssh -o": ["ssh -o ProxyCommand='rm x' host", OPAQUE],
	"npx -c": ["npx -c 'rm x'", runs("rm x")],
	"npx --call": ["npx --call='rm x'", runs("rm x")],
	"make --eval": ["make --eval='x:=$(shell rm x)' all", OPAQUE],
	"make -E": ["make -E 'x:=$(shell rm x)' all", OPAQUE],
};

/** One command per git sub-command option that runs a command (ADR 0052: named in `options/programs/git.ts`). */
const GIT_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"ls-remote --upload-pack": ["git ls-remote --upload-pack='rm x;:' .", runs("rm x")],
	"ls-remote -u": ["git ls-remote -u 'rm x;:' .", runs("rm x")],
	"fetch --upload-pack": ["git fetch --upload-pack='rm x' origin", runs("rm x")],
	"pull --upload-pack": ["git pull --upload-pack 'rm x' origin", runs("rm x")],
	"clone --upload-pack": ["git clone --upload-pack='rm x' . d", runs("rm x")],
	"clone -u": ["git clone -u 'rm x;:' . /tmp/c", runs("rm x")],
	"clone --template": ["git clone --template=/tmp/tpl . d", OPAQUE],
	"clone -c": ["git clone -c core.fsmonitor='rm x' . d", runs("rm x")],
	"clone --config": ["git clone --config=core.hooksPath=/tmp/h . d", OPAQUE],
	"init --template": ["git init --template /tmp/tpl", OPAQUE],
	"daemon --access-hook": ["git daemon --access-hook='rm x' --base-path=.", runs("rm x")],
	"fetch-pack --upload-pack": ["git fetch-pack --upload-pack='rm x' .", runs("rm x")],
	"fetch-pack --exec": ["git fetch-pack --exec='rm x' .", runs("rm x")],
	"push --receive-pack": ["git push --receive-pack='rm x' origin", runs("rm x")],
	"push --exec": ["git push --exec='rm x' origin", runs("rm x")],
	"send-pack --receive-pack": ["git send-pack --receive-pack='rm x' .", runs("rm x")],
	"send-pack --exec": ["git send-pack --exec='rm x' .", runs("rm x")],
	"archive --exec": ["git archive --remote=. --exec='rm x;:' HEAD", runs("rm x")],
	"rebase -x": ["git rebase --autostash -x 'rm x' --root", runs("rm x")],
	"rebase --exec": ["git rebase --exec='rm x' main", runs("rm x")],
	"grep -O": ["git grep -O'rm x;:' rm", runs("rm x")],
	"grep --open-files-in-pager": ["git grep --open-files-in-pager foo", OPAQUE],
	"difftool -x": ["git difftool -y -x 'rm x;:'", runs("rm x")],
	"difftool --extcmd": ["git difftool --extcmd='rm x'", runs("rm x")],
	"difftool -t": ["git difftool -t vimdiff", OPAQUE],
	"difftool --tool": ["git difftool --tool=vimdiff", OPAQUE],
	"send-email --sendmail-cmd": ["git send-email --sendmail-cmd='rm x' p.patch", runs("rm x")],
	"send-email --smtp-server": ["git send-email --smtp-server=/tmp/evil p.patch", OPAQUE],
	"send-email --to-cmd": ["git send-email --to-cmd='rm x' p.patch", runs("rm x")],
	"send-email --cc-cmd": ["git send-email --cc-cmd='rm x' p.patch", runs("rm x")],
	"send-email --header-cmd": ["git send-email --header-cmd='rm x' p.patch", runs("rm x")],
};

const GIT_SUBCOMMAND_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	config: ["git config core.fsmonitor 'rm x'", OPAQUE],
	mergetool: ["git mergetool", OPAQUE],
	"filter-branch": ["git filter-branch --tree-filter 'rm x' HEAD", OPAQUE],
	instaweb: ["git instaweb", OPAQUE],
	"web--browse": ["git web--browse index.html", OPAQUE],
	bisect: ["git bisect run rm x", runs("rm x")],
	submodule: ["git submodule foreach --recursive 'rm x'", runs("rm x")],
};

const PYTHON_MODULE_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = Object.fromEntries(
	[...CODE_RUNNING_PYTHON_MODULES].map((module) => [module, [`python3 -m ${module} 'code'`, OPAQUE] as const]),
);

const NODE_OPTION_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"-r": ["node -r data:text/javascript,0 index.js", OPAQUE],
	"--require": ["node --require=data:text/javascript,0 index.js", OPAQUE],
	"--import": ["node --import 'data:text/javascript,import fs from \"fs\"' /dev/null", OPAQUE],
	"--loader": ["node --loader data:text/javascript,0 index.js", OPAQUE],
	"--experimental-loader": ["node --experimental-loader=data:text/javascript,0 index.js", OPAQUE],
};

const SSH_KEY_ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	proxycommand: ["ssh -o ProxyCommand='rm x' host", OPAQUE],
	localcommand: ["ssh -o PermitLocalCommand=yes -o LocalCommand='rm x' host", OPAQUE],
	knownhostscommand: ["ssh -oKnownHostsCommand='rm x' host", OPAQUE],
	match: ["ssh -o 'Match exec \"rm x\"' host", OPAQUE],
	include: ["ssh -o Include=/tmp/evil.conf host", OPAQUE],
};

function keysOf(table: ReadonlyMap<string, readonly { readonly option: string }[]>): string[] {
	return [...table].flatMap(([program, rows]) => rows.map((row) => `${program} ${row.option}`)).sort();
}

describe("CODE_RUNNING_OPTIONS and the git, python, node and ssh tables", () => {
	it("has a command for every row of every table", () => {
		expect(Object.keys(OPTION_ROWS).sort()).toEqual(keysOf(CODE_RUNNING_OPTIONS));
		const gitRuns = [...(GIT_TABLE.subcommands ?? [])].flatMap(([sub, options]) =>
			options.named.flatMap((row) =>
				["command", "code", "setting"].includes(row.names) ? row.spellings.map((spelling) => `${sub} ${spelling}`) : [],
			),
		);
		expect(gitRuns).toEqual(expect.arrayContaining(Object.keys(GIT_ROWS)));
		expect(Object.keys(GIT_SUBCOMMAND_ROWS).sort()).toEqual([...CODE_RUNNING_GIT_SUBCOMMANDS.keys()].sort());
		expect(Object.keys(NODE_OPTION_ROWS).sort()).toEqual([...NODE_MODULE_OPTIONS].sort());
		expect(Object.keys(SSH_KEY_ROWS).sort()).toEqual([...SSH_COMMAND_KEYS].sort());
	});

	it.each(
		Object.entries({
			...OPTION_ROWS,
			...MIGRATED_ROWS,
			...prefixed("git", GIT_ROWS),
			...prefixed("git", GIT_SUBCOMMAND_ROWS),
			...prefixed("python3 -m", PYTHON_MODULE_ROWS),
			...prefixed("node", NODE_OPTION_ROWS),
			...prefixed("ssh -o", SSH_KEY_ROWS),
		}),
	)("%s: %j", (_row, [command, verdict]) => {
		expectEffect(command, verdict);
	});
});

describe("options beyond the table rows", () => {
	it.each<readonly [string, EffectVerdict]>([
		// Precision: the ordinary uses of the same programs run nothing of their own.
		["git diff", PLAIN],
		["git status", PLAIN],
		["git log --oneline -5", PLAIN],
		["git grep -n foo", PLAIN],
		["git rebase -i main", PLAIN],
		["git clone https://x/y.git", PLAIN],
		["git bisect start", PLAIN],
		["git config user.name x", PLAIN],
		["git config --get core.editor", PLAIN],
		["git config --global alias.s '!rm x'", OPAQUE],
		["git config --edit", OPAQUE],
		["git clone -c color.ui=always . d", PLAIN],
		["git submodule update --init", PLAIN],
		["rg foo src", PLAIN],
		["rg --pretty foo", PLAIN],
		["sort -u f", PLAIN],
		["sort -n -k 2 f", PLAIN],
		["split -l 1000 f part.", PLAIN],
		["man ls", PLAIN],
		["make -j4 test", PLAIN],
		["make -ETEST", OPAQUE],
		["gcc -O2 -DBUILD=1 -o a a.c", PLAIN],
		["tar -xzf a.tar.gz", PLAIN],
		["rsync -avz --delete src/ dst/", PLAIN],
		["ssh -o StrictHostKeyChecking=no host", PLAIN],
		["ssh -Y $user@$host", PLAIN],
		['ssh "$HOST" "$CMD"', PLAIN],
		["ssh -o$X host", OPAQUE],
		["npm test", PLAIN],
		["python3 script.py", PLAIN],
		["python3 -m pytest", PLAIN],
		["python3 -m venv .venv", PLAIN],
		["python3 -m pip install x", PLAIN],
		["python3 -u -m http.server", PLAIN],
		["node index.js", PLAIN],
		["node -r ./setup.js index.js", PLAIN],
		["node --import=tsx index.ts", PLAIN],
		// SECURITY: abbreviations, attached values, clusters and computed words are read as the program reads them.
		["sort --compress-prog=rm f", runs("rm")],
		["git ls-remote --upload='rm x' .", runs("rm x")],
		["sort $OPT f", OPAQUE],
		["sort <(ls a) <(ls b)", PLAIN],
		["rg --pre 'rm -rf' x", OPAQUE],
		["npm exec -c 'rm x'", runs("rm x")],
		["python3 -mtimeit 'code'", OPAQUE],
		["python3 -i script.py", OPAQUE],
		["python3 /dev/stdin", OPAQUE],
		["perl /dev/fd/3", OPAQUE],
		["perl /dev/stdin", OPAQUE],
		["node -i", OPAQUE],
		["tsx -e 'code'", OPAQUE],
		["ts-node --eval 'code'", OPAQUE],
		["tsx src/index.ts", PLAIN],
		// The executed unit is a computed name, which the engine floors as any `$CMD` (dynamic command name).
		["git bisect run $CMD", runs("$CMD")],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});

function prefixed<T>(prefix: string, rows: Readonly<Record<string, T>>): Record<string, T> {
	return Object.fromEntries(Object.entries(rows).map(([key, value]) => [`${prefix} ${key}`, value]));
}
