import { describe, expect, it } from "vitest";
import {
	LISTING_RUNNERS,
	LOADER_VALUE_OPTIONS,
	OPAQUE_RUNNERS,
	PACKAGE_RUNNERS,
	SQL_CLIENTS,
	SQLITE_PIPE_DOT_COMMANDS,
	SQLITE_SHELL_DOT_COMMANDS,
	SQLITE_VALUE_OPTIONS,
	START_STOP_PROGRAM_OPTIONS,
	START_STOP_VALUE_OPTIONS,
	TMUX_HARMLESS_COMMANDS,
	TMUX_SHELL_COMMANDS,
} from "../../../src/bash/runs/command-runner-table";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../support/effect-verdict";

type Rows = Readonly<Record<string, readonly [string, EffectVerdict]>>;

const TMUX_SHELL: Rows = {
	"new-session": ["tmux new-session -d -s w 'rm x'", runs("rm x")],
	new: ["tmux new -d rm x", runs("rm x")],
	"new-window": ["tmux new-window -n w 'rm x'", runs("rm x")],
	neww: ["tmux neww 'rm x'", runs("rm x")],
	"split-window": ["tmux split-window -h 'rm x'", runs("rm x")],
	splitw: ["tmux splitw -l 10 'rm x'", runs("rm x")],
	"respawn-pane": ["tmux respawn-pane -k 'rm x'", runs("rm x")],
	respawnp: ["tmux respawnp -t 0 'rm x'", runs("rm x")],
	"respawn-window": ["tmux respawn-window -k 'rm x'", runs("rm x")],
	respawnw: ["tmux respawnw 'rm x'", runs("rm x")],
	"run-shell": ["tmux run-shell 'rm x'", runs("rm x")],
	run: ["tmux run -b 'rm x'", runs("rm x")],
	"display-popup": ["tmux display-popup -E 'rm x'", runs("rm x")],
	popup: ["tmux popup -w 80 'rm x'", runs("rm x")],
	"pipe-pane": ["tmux pipe-pane -o 'rm x'", runs("rm x")],
	pipep: ["tmux pipep 'rm x'", runs("rm x")],
};

const SQLITE_SHELL: Rows = {
	shell: ["sqlite3 :memory: '.shell rm x'", runs("rm x")],
	system: ["sqlite3 db '.system rm x'", runs("rm x")],
};

const SQLITE_PIPE: Rows = {
	once: ["sqlite3 :memory: '.once |rm x' 'select 1;'", runs("rm x")],
	output: ["sqlite3 db '.output |rm x' 'select 1;'", runs("rm x")],
	import: ["sqlite3 db \".import '|rm x' t\"", runs("rm x")],
	read: ["sqlite3 db \".read '|rm x'\"", runs("rm x")],
	excel: ["sqlite3 db '.excel |rm x'", runs("rm x")],
	log: ["sqlite3 db '.log |rm x'", runs("rm x")],
};

const SQLITE_OPTIONS: Rows = {
	"-cmd": ["sqlite3 -cmd '.shell rm x' :memory: .quit", runs("rm x")],
	"-init": ["sqlite3 -init evil.sql db 'select 1'", OPAQUE],
	"-separator": ["sqlite3 -separator , db 'select 1'", PLAIN],
	"-nullvalue": ["sqlite3 -nullvalue NULL db 'select 1'", PLAIN],
	"-newline": ["sqlite3 -newline x db 'select 1'", PLAIN],
	"-vfs": ["sqlite3 -vfs unix db 'select 1'", PLAIN],
	"-maxsize": ["sqlite3 -maxsize 10 db 'select 1'", PLAIN],
	"-mmap": ["sqlite3 -mmap 0 db 'select 1'", PLAIN],
	"-pagecache": ["sqlite3 -pagecache 1 db 'select 1'", PLAIN],
	"-lookaside": ["sqlite3 -lookaside 1 db 'select 1'", PLAIN],
	"-heap": ["sqlite3 -heap 1 db 'select 1'", PLAIN],
};

const LOADER_OPTIONS: Rows = {
	"--library-path": ["/lib64/ld-linux-x86-64.so.2 --library-path /lib /usr/bin/rm x", runs("/usr/bin/rm x")],
	"--inhibit-rpath": ["ld.so --inhibit-rpath '' /usr/bin/rm x", runs("/usr/bin/rm x")],
	"--argv0": ["ld.so --argv0 ls /usr/bin/rm x", runs("/usr/bin/rm x")],
	"--glibc-hwcaps-prefix": ["ld.so --glibc-hwcaps-prefix=/x /usr/bin/rm x", runs("/usr/bin/rm x")],
	"--glibc-hwcaps-mask": ["ld.so --glibc-hwcaps-mask=x /usr/bin/rm x", runs("/usr/bin/rm x")],
	"--preload": ["ld.so --preload /tmp/evil.so /bin/ls", OPAQUE],
	"--audit": ["ld.so --audit /tmp/evil.so /bin/ls", OPAQUE],
};

const START_STOP_PROGRAM: Rows = {
	"-x": ["start-stop-daemon -S -x /usr/bin/rm -- x", runs("/usr/bin/rm x")],
	"--exec": ["start-stop-daemon --start --exec /usr/bin/rm -- /p/notes.txt", runs("/usr/bin/rm /p/notes.txt")],
	"-a": ["start-stop-daemon -S -n d -a /usr/bin/rm -- x", runs("/usr/bin/rm x")],
	"--startas": ["start-stop-daemon --start --startas=/usr/bin/rm --exec /bin/true -- x", runs("/usr/bin/rm x")],
};

const OPAQUE_RUNNER_ROWS: Rows = {
	"run-parts": ["run-parts /tmp/scripts", OPAQUE],
	at: ["at now <<< 'rm x'", OPAQUE],
	batch: ["batch <<< 'rm x'", OPAQUE],
	bpftrace: ["bpftrace -e 'BEGIN { system(\"rm x\") }' --unsafe", OPAQUE],
	tmuxinator: ["tmuxinator start p", OPAQUE],
	emacs: ["emacs --batch --eval '(delete-file \"x\")'", OPAQUE],
	emacsclient: ["emacsclient -e '(delete-file \"x\")'", OPAQUE],
	editor: ["editor -es -c '!rm x' -c 'qa!'", OPAQUE],
	"sensible-editor": ["sensible-editor f", OPAQUE],
	"select-editor": ["select-editor", OPAQUE],
	vimdiff: ["vimdiff -c '!rm x' a b", OPAQUE],
	gvim: ["gvim -c '!rm x'", OPAQUE],
	gvimdiff: ["gvimdiff a b", OPAQUE],
	rvim: ["rvim f", OPAQUE],
	rview: ["rview f", OPAQUE],
	evim: ["evim f", OPAQUE],
	vimx: ["vimx -c '!rm x'", OPAQUE],
	nvi: ["nvi f", OPAQUE],
	elvis: ["elvis f", OPAQUE],
	kak: ["kak -e 'nop %sh{rm x}' f", OPAQUE],
	zellij: ["zellij run -- rm x", OPAQUE],
	dtach: ["dtach -n /tmp/s rm x", OPAQUE],
	abduco: ["abduco -c s rm x", OPAQUE],
};

/** One command per package runner: its command is a shell with a payload, so the payload is judged. */
const PACKAGE_RUNNER_ROWS: Rows = {
	npx: ["npx -y bash -c 'rm x'", runs("bash -c 'rm x'", "rm x")],
	pnpx: ["pnpx sh -c 'rm x'", runs("rm x")],
	bunx: ["bunx --package x bash -c 'rm x'", runs("rm x")],
	uvx: ["uvx --from x bash -c 'rm x'", runs("rm x")],
	npm: ["npm exec -- bash -c 'rm x'", runs("rm x")],
	pnpm: ["pnpm exec bash -c 'rm x'", runs("rm x")],
	yarn: ["yarn dlx bash -c 'rm x'", runs("rm x")],
	uv: ["uv run --with x python -c 'import os'", runs("python -c 'import os'")],
	poetry: ["poetry run bash -c 'rm x'", runs("rm x")],
	pipenv: ["pipenv run sh -c 'rm x'", runs("rm x")],
	pdm: ["pdm run bash -c 'rm x'", runs("rm x")],
	hatch: ["hatch run -e dev bash -c 'rm x'", runs("rm x")],
	rye: ["rye run bash -c 'rm x'", runs("rm x")],
	pipx: ["pipx run --spec x bash -c 'rm x'", runs("rm x")],
	conda: ["conda run -n env bash -c 'rm x'", runs("rm x")],
	mamba: ["mamba run -n env bash -c 'rm x'", runs("rm x")],
	micromamba: ["micromamba run -n env bash -c 'rm x'", runs("rm x")],
	bundle: ["bundle exec bash -c 'rm x'", runs("rm x")],
	mise: ["mise exec -- bash -c 'rm x'", runs("rm x")],
	direnv: ["direnv exec . bash -c 'rm x'", runs("rm x")],
};

/** One command per database client that escapes to a shell. */
const SQL_CLIENT_ROWS: Rows = {
	psql: ["psql -d db -c '\\! rm x'", OPAQUE],
	mysql: ["mysql -u root -e 'system rm x'", OPAQUE],
};

/** One command per listing runner that runs what we cannot see, and its reading use. */
const LISTING_ROWS: Rows = {
	crontab: ["crontab evil.cron", OPAQUE],
	screen: ["screen -dm rm x", OPAQUE],
};

describe("command-runner tables", () => {
	it("has a command for every row of every table", () => {
		expect(Object.keys(TMUX_SHELL).sort()).toEqual([...TMUX_SHELL_COMMANDS.keys()].sort());
		expect(Object.keys(SQLITE_SHELL).sort()).toEqual([...SQLITE_SHELL_DOT_COMMANDS].sort());
		expect(Object.keys(SQLITE_PIPE).sort()).toEqual([...SQLITE_PIPE_DOT_COMMANDS].sort());
		expect(Object.keys(SQLITE_OPTIONS).sort()).toEqual([...SQLITE_VALUE_OPTIONS].sort());
		expect(Object.keys(LOADER_OPTIONS).sort()).toEqual([...LOADER_VALUE_OPTIONS].sort());
		expect(Object.keys(START_STOP_PROGRAM).sort()).toEqual([...START_STOP_PROGRAM_OPTIONS].sort());
		expect(Object.keys(OPAQUE_RUNNER_ROWS).sort()).toEqual([...OPAQUE_RUNNERS].sort());
		expect(Object.keys(PACKAGE_RUNNER_ROWS).sort()).toEqual([...PACKAGE_RUNNERS.keys()].sort());
		expect(Object.keys(SQL_CLIENT_ROWS).sort()).toEqual([...SQL_CLIENTS.keys()].sort());
		expect(Object.keys(LISTING_ROWS).sort()).toEqual([...LISTING_RUNNERS.keys()].sort());
	});

	it.each(
		Object.entries({
			...prefixed("tmux", TMUX_SHELL),
			...prefixed("sqlite3 .", SQLITE_SHELL),
			...prefixed("sqlite3 .", SQLITE_PIPE),
			...prefixed("sqlite3", SQLITE_OPTIONS),
			...prefixed("ld.so", LOADER_OPTIONS),
			...prefixed("start-stop-daemon", START_STOP_PROGRAM),
			...OPAQUE_RUNNER_ROWS,
			...PACKAGE_RUNNER_ROWS,
			...SQL_CLIENT_ROWS,
			...LISTING_ROWS,
		}),
	)("%s: %j", (_row, [command, verdict]) => {
		expectEffect(command, verdict);
	});

	// A harmless tmux sub-command's row is its name: `tmux NAME -t x` runs nothing of its own.
	it.each([...TMUX_HARMLESS_COMMANDS])("tmux %s runs nothing of its own", (name) => {
		expectEffect(`tmux ${name} -t x`, PLAIN);
	});

	// start-stop-daemon's value options are skipped with their value: the program after them is still read.
	it.each([...START_STOP_VALUE_OPTIONS])("start-stop-daemon %s VALUE keeps the program known", (option) => {
		expectEffect(`start-stop-daemon --start ${option} v --exec /usr/bin/rm -- x`, runs("/usr/bin/rm x"));
	});
});

describe("programs whose job is to run commands", () => {
	it.each<readonly [string, EffectVerdict]>([
		// The dynamic loader in its installed names.
		["/lib64/ld-linux-x86-64.so.2 /usr/bin/rm notes.txt", runs("/usr/bin/rm notes.txt")],
		["/lib/ld-linux-aarch64.so.1 /usr/bin/rm x", runs("/usr/bin/rm x")],
		["/lib/ld-musl-x86_64.so.1 /usr/bin/rm x", runs("/usr/bin/rm x")],
		["/lib/ld-linux.so.2 /usr/bin/rm x", runs("/usr/bin/rm x")],
		["LD_PRELOAD= /usr/bin/ld.so --preload '' /usr/bin/rm notes.txt", runs("/usr/bin/rm notes.txt")],
		["ld.so --list /bin/ls", PLAIN],
		["ld.so $PROG", OPAQUE],
		// Shells under other names.
		["rbash -c 'rm x'", runs("rm x")],
		["ksh93 -c 'rm x'", runs("rm x")],
		["byobu new-session -d 'rm x'", runs("rm x")],
		["duckdb db '.shell rm x'", runs("rm x")],
		["duckdb -c '.shell rm x'", OPAQUE],
		["daemonize -c /tmp /usr/bin/rm x", runs("/usr/bin/rm x")],
		["ipython -c 'import os'", OPAQUE],
		["ipython script.py", PLAIN],
		["/proc/self/exe -c 'rm x'", runs("rm x")],
		["/proc/self/exe", OPAQUE],
		["capsh -- -c 'rm x'", runs("rm x")],
		["capsh --caps=cap_net_raw+ep -- -c 'rm x'", runs("rm x")],
		["capsh --print", PLAIN],
		// The grammar drops a `==` word (capsh's re-exec of itself); the `--` after it still hands bash the payload.
		["capsh == -- -c 'rm x'", runs("rm x")],
		["capsh --shell=/bin/zsh -- -c 'rm x'", OPAQUE],
		["busybox rm x", runs("rm x")],
		["busybox sh -c 'rm x'", runs("sh -c 'rm x'")],
		["vim.basic -c '!rm x'", OPAQUE],
		["vim.tiny f", OPAQUE],
		// Runners of a command in their operands.
		["ssh-agent rm x", runs("rm x")],
		["entr rm x", runs("rm x")],
		["entr -s 'rm x'", OPAQUE],
		["dbus-launch --exit-with-session rm x", runs("rm x")],
		["start-stop-daemon --stop --exec /usr/bin/x", PLAIN],
		["start-stop-daemon --start --pidfile p", OPAQUE],
		// Package runners run their command, which may be any program on PATH (`npx rm notes.txt` runs /bin/rm,
		// red-team round 4): it is their executed unit.
		["npx tsc", runs("tsc")],
		["npx -y prettier --write .", runs("prettier --write .")],
		["uv run pytest", runs("pytest")],
		["poetry run python script.py", runs("python script.py")],
		["pnpm exec vitest run", runs("vitest run")],
		["bundle exec rspec", runs("rspec")],
		["npx rm notes.txt", runs("rm notes.txt")],
		["npm x -- rm notes.txt", runs("rm notes.txt")],
		["npm exec -- rm notes.txt", runs("rm notes.txt")],
		["pnpm dlx rm -rf src", runs("rm -rf src")],
		["yarn exec rm notes.txt", runs("rm notes.txt")],
		["bunx rm notes.txt", runs("rm notes.txt")],
		["uv run rm notes.txt", runs("rm notes.txt")],
		["pipenv run rm notes.txt", runs("rm notes.txt")],
		["direnv exec . rm notes.txt", runs("rm notes.txt")],
		["mise x -- rm notes.txt", runs("rm notes.txt")],
		["npm test", PLAIN],
		["npm run build", PLAIN],
		["npx node -e 'x'", runs("node -e 'x'")],
		["npx sudo rm x", runs("rm x")],
		["crontab -l", PLAIN],
		["crontab -l -u me", PLAIN],
		["crontab -e", OPAQUE],
		["crontab -", OPAQUE],
		["screen -ls", PLAIN],
		["screen -r", OPAQUE],
		// Database clients: plain SQL runs nothing; shell escapes, editors, files and stdin are opaque.
		["psql -U me -h localhost -d db -c 'select 1'", PLAIN],
		["psql -l", PLAIN],
		["psql -c '\\echo hi'", PLAIN],
		["psql -c \"copy t to program 'rm x'\"", OPAQUE],
		["psql -c '\\e'", OPAQUE],
		["psql -f migrate.sql", OPAQUE],
		["psql db", OPAQUE],
		["psql -d db -c 'select 1' -o '|rm x'", runs("rm x")],
		["mysql -u root -e 'select 1'", PLAIN],
		["mysql --execute='\\! rm x'", OPAQUE],
		["mysql db < dump.sql", OPAQUE],
		// tmux: chained commands, formats that run, unknown sub-commands.
		["tmux ls", PLAIN],
		["tmux -L sock ls", PLAIN],
		["tmux new-session -d", PLAIN],
		["tmux ls \\; run-shell 'rm x'", runs("rm x")],
		["tmux display-message -p '#(rm x)'", OPAQUE],
		["tmux send-keys -t w 'rm x' Enter", OPAQUE],
		["tmux source-file evil.conf", OPAQUE],
		["tmux new-session -d $CMD", OPAQUE],
		// sqlite3: SQL and harmless dot-commands run nothing; stdin and extensions are opaque.
		["sqlite3 db 'select 1'", PLAIN],
		["sqlite3 db .tables", PLAIN],
		["sqlite3 -header -csv db 'select * from t'", PLAIN],
		["sqlite3 db", OPAQUE],
		["sqlite3 db < script.sql", OPAQUE],
		["sqlite3 db '.once out.txt' 'select 1'", PLAIN],
		["sqlite3 db '.sh rm x'", runs("rm x")],
		["sqlite3 db '.load /tmp/evil'", OPAQUE],
		["sqlite3 db \"select load_extension('/tmp/evil')\"", OPAQUE],
		["sqlite3 db \"select edit('x', 'rm')\"", OPAQUE],
		["sqlite3 db 'select 1' -cmd '.system rm x'", runs("rm x")],
		// Files the SQL or a dot-command names (red-team round 4: `readfile('.env')` printed the secret).
		["sqlite3 :memory: \"select readfile('.env')\"", OPAQUE],
		["sqlite3 :memory: \"select READFILE('link-to-env')\"", OPAQUE],
		["sqlite3 :memory: \"select writefile('x.sh', 'rm x')\"", OPAQUE],
		["sqlite3 :memory: \"select name from lsdir('/home')\"", OPAQUE],
		["sqlite3 db '.read setup.sql'", OPAQUE],
		["sqlite3 db '.import .env t' 'select * from t'", OPAQUE],
		["sqlite3 db '.ar -x'", OPAQUE],
		["sqlite3 -cmd \"select readfile('.env')\" db .quit", OPAQUE],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});

function prefixed<T>(prefix: string, rows: Readonly<Record<string, T>>): Record<string, T> {
	return Object.fromEntries(Object.entries(rows).map(([key, value]) => [`${prefix} ${key}`, value]));
}

describe("sqlite3 reads options wherever they stand, with one dash or two (ADR 0052)", () => {
	it.each<readonly [string, EffectVerdict]>([
		["sqlite3 --init evil.sql db 'select 1'", OPAQUE],
		["sqlite3 db -init evil.sql 'select 1'", OPAQUE],
		["sqlite3 db -bail <<< '.shell rm x'", OPAQUE],
		["sqlite3 db --cmd '.shell rm x' 'select 1'", runs("rm x")],
		["sqlite3 db -bail 'select 1'", PLAIN],
		["sqlite3 -separator , db -header 'select 1'", PLAIN],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
