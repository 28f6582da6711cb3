/** Corpus rows `bash.suggest` (PP-107..127) as facts, plus our own rows for the never-suggest list and exact text. */
import type { NeverSuggestReason } from "../../src/session/bash-session-pattern";

export interface BashPatternRow {
	readonly id: string;
	readonly command: string;
	/** The suggested pattern; `""` for an empty unit. */
	readonly expected: string;
	/** Why our row differs from the reference's value, when it does. */
	readonly reason?: string;
}

export interface NeverSuggestRow {
	readonly id: string;
	readonly command: string;
	readonly reason: NeverSuggestReason;
}

export const BASH_SUGGEST_ROWS: readonly BashPatternRow[] = [
	{ id: "PP-107", command: "git status --short", expected: "git status *" },
	{
		id: "PP-108",
		command: "npm run build",
		expected: "npm run build *",
		reason:
			"decision change (ADR 0004): the reference suggests `npm run build*`, which also grants `npm run build-other`",
	},
	{ id: "PP-109", command: "ls", expected: "ls" },
	{
		id: "PP-110",
		command: "  git log  ",
		expected: "git log *",
		reason: "decision change (ADR 0004): the reference suggests `git log*`, which also grants `git log-other`",
	},
	{ id: "PP-111", command: "", expected: "" },
	{ id: "PP-112", command: "mytool --verbose run", expected: "mytool *" },
	{ id: "PP-113", command: "rm -rf node_modules", expected: "rm *" },
	{ id: "PP-114", command: "docker compose up --build", expected: "docker compose up *" },
	{ id: "PP-115", command: "# c\nfind /home -type f", expected: "find *" },
	{ id: "PP-116", command: "git checkout main", expected: "git checkout *" },
	{ id: "PP-117", command: "npm install lodash", expected: "npm install *" },
	{
		id: "PP-118",
		command: "npm run dev",
		expected: "npm run dev *",
		reason: "decision change (ADR 0004): the reference suggests `npm run dev*`, which also grants `npm run dev-other`",
	},
	{
		id: "PP-119",
		command: "pnpm run build",
		expected: "pnpm run build *",
		reason:
			"decision change (ADR 0004): the reference suggests `pnpm run build*`, which also grants `pnpm run build-other`",
	},
	{ id: "PP-120", command: "cargo build --release", expected: "cargo build *" },
	{ id: "PP-121", command: "kubectl get pods", expected: "kubectl get *" },
	{ id: "PP-122", command: "aws s3 ls s3://b", expected: "aws s3 ls *" },
	{ id: "PP-123", command: "gh pr create --fill", expected: "gh pr create *" },
	{ id: "PP-124", command: "Git checkout main", expected: "Git checkout *" },
	{ id: "PP-125", command: "docker pull ubuntu", expected: "docker pull *" },
	{ id: "PP-126", command: "uv run pytest -q", expected: "uv run pytest *" },
	{ id: "PP-127", command: "npx prettier --write .", expected: "npx prettier *" },
];

/** Our rows: families, refinements and exact-text suggestions. */
export const OWN_PATTERN_ROWS: readonly BashPatternRow[] = [
	{ id: "SG-01", command: "git", expected: "git" },
	{ id: "SG-02", command: "npm run", expected: "npm run" },
	{ id: "SG-03", command: "aws s3", expected: "aws s3" },
	{ id: "SG-04", command: "git stash pop", expected: "git stash pop *" },
	{ id: "SG-05", command: "git stash drop stash@{1}", expected: "git stash drop *" },
	{ id: "SG-06", command: "git -C ../other push origin main", expected: "git -C ../other push origin main" },
	{ id: "SG-07", command: "pnpm --filter @x/y test", expected: "pnpm --filter @x/y test" },
	{ id: "SG-08", command: "python -m pytest -q tests", expected: "python -m pytest *" },
	{ id: "SG-09", command: "python3 -m pip install requests", expected: "python3 -m pip install *" },
	{ id: "SG-10", command: "python3.12 manage.py migrate", expected: "python3.12 manage.py migrate *" },
	{ id: "SG-11", command: "bash scripts/build.sh --fast", expected: "bash scripts/build.sh *" },
	{ id: "SG-12", command: "node scripts/gen.js", expected: "node scripts/gen.js *" },
	{ id: "SG-13", command: "/usr/bin/git push origin main", expected: "/usr/bin/git push *" },
	{ id: "SG-14", command: "./gradlew build --info", expected: "./gradlew build *" },
	{ id: "SG-15", command: "gcloud compute instances list --project p", expected: "gcloud compute instances list *" },
	{ id: "SG-16", command: "az storage account create -n x", expected: "az storage account create *" },
	{ id: "SG-17", command: "systemctl --user restart pipewire", expected: "systemctl --user restart *" },
	{ id: "SG-18", command: "git\tstatus\t--short", expected: "git\tstatus\t*" },
	{ id: "SG-19", command: "GIT STATUS", expected: "GIT STATUS *" },
	{ id: "SG-20", command: "cat <<EOF\nhello\nEOF", expected: "cat *" },
	{ id: "SG-21", command: "npm run build \\\n  --prod", expected: "npm run build *" },
	{ id: "SG-22", command: "kubectl -n prod get pods", expected: "kubectl -n prod get pods" },
	{ id: "SG-23", command: "  # setup\n\n  make test  ", expected: "make test *" },
	{ id: "SG-24", command: "# only a comment", expected: "" },
	{ id: "SG-25", command: "git.exe status", expected: "git.exe status *" },
	{ id: "SG-26", command: "docker-compose up -d", expected: "docker-compose up *" },
	{ id: "SG-27", command: "yarn workspace web build --watch", expected: "yarn workspace web build *" },
];

export const NEVER_SUGGEST_ROWS: readonly NeverSuggestRow[] = [
	{ id: "NS-01", command: "bash -c 'rm -rf /'", reason: "inline-code" },
	{ id: "NS-02", command: "bash -lc 'make'", reason: "inline-code" },
	{ id: "NS-03", command: "sh -xc ls", reason: "inline-code" },
	{ id: "NS-04", command: "zsh -ic 'echo hi'", reason: "inline-code" },
	{ id: "NS-05", command: "fish --command 'ls'", reason: "inline-code" },
	{ id: "NS-06", command: "bash -s", reason: "inline-code" },
	{ id: "NS-07", command: "bash", reason: "reads-stdin" },
	{ id: "NS-08", command: "python -c 'import os'", reason: "inline-code" },
	{ id: "NS-09", command: "python3 -Ic 'print(1)'", reason: "inline-code" },
	{ id: "NS-10", command: "python3.11 -c x", reason: "inline-code" },
	{ id: "NS-11", command: "node -e 'process.exit(1)'", reason: "inline-code" },
	{ id: "NS-12", command: "node -p 1+1", reason: "inline-code" },
	{ id: "NS-13", command: "node --eval=1", reason: "inline-code" },
	{ id: "NS-14", command: "perl -lne 'print'", reason: "inline-code" },
	{ id: "NS-15", command: "ruby -e 'puts 1'", reason: "inline-code" },
	{ id: "NS-16", command: "php -r 'echo 1;'", reason: "inline-code" },
	{ id: "NS-17", command: "deno eval 'console.log(1)'", reason: "inline-code" },
	{ id: "NS-18", command: "lua -e 'print(1)'", reason: "inline-code" },
	{ id: "NS-19", command: "osascript -e 'tell app'", reason: "inline-code" },
	{ id: "NS-20", command: "npx -c 'rm -rf /'", reason: "inline-code" },
	{ id: "NS-21", command: "python", reason: "reads-stdin" },
	{ id: "NS-22", command: "node --inspect", reason: "reads-stdin" },
	{ id: "NS-23", command: 'eval "$CMD"', reason: "wrapper" },
	{ id: "NS-24", command: "sudo apt-get install x", reason: "wrapper" },
	{ id: "NS-25", command: "doas rm x", reason: "wrapper" },
	{ id: "NS-26", command: "env FOO=1 make", reason: "wrapper" },
	{ id: "NS-27", command: "xargs rm", reason: "wrapper" },
	{ id: "NS-28", command: "exec ls", reason: "wrapper" },
	{ id: "NS-29", command: "command git push", reason: "wrapper" },
	{ id: "NS-30", command: "nohup ./server &", reason: "wrapper" },
	{ id: "NS-31", command: "timeout 5 make test", reason: "wrapper" },
	{ id: "NS-32", command: "watch kubectl get pods", reason: "wrapper" },
	{ id: "NS-33", command: "/usr/bin/sudo ls", reason: "wrapper" },
	{ id: "NS-34", command: "ssh host rm -rf /", reason: "wrapper" },
	{ id: "NS-35", command: "source ./env.sh", reason: "wrapper" },
	{ id: "NS-36", command: ". ./env.sh", reason: "wrapper" },
	{ id: "NS-37", command: "export PATH=/tmp/evil:$PATH", reason: "shell-state" },
	{ id: "NS-38", command: "alias ls='rm -rf'", reason: "shell-state" },
	{ id: "NS-39", command: "if true; then rm x; fi", reason: "shell-keyword" },
	{ id: "NS-40", command: "awk '{system(\"rm x\")}' f", reason: "inline-program" },
	{ id: "NS-41", command: "FOO=1 npm test", reason: "non-literal-word" },
	{ id: "NS-42", command: "$CMD status", reason: "non-literal-word" },
	{ id: "NS-43", command: "\\rm -rf x", reason: "non-literal-word" },
	{ id: "NS-44", command: "'rm' -rf x", reason: "non-literal-word" },
	{ id: "NS-45", command: 'r""m -rf x', reason: "non-literal-word" },
	{ id: "NS-46", command: "`which git` push", reason: "non-literal-word" },
	{ id: "NS-47", command: "git* push", reason: "non-literal-word" },
	{ id: "NS-48", command: "gi? push", reason: "non-literal-word" },
	{ id: "NS-49", command: ">out.txt git status", reason: "non-literal-word" },
	{ id: "NS-50", command: "git $SUB origin", reason: "non-literal-word" },
	{ id: "NS-51", command: 'git "push" origin', reason: "non-literal-word" },
	{ id: "NS-52", command: "git {status,push} x", reason: "non-literal-word" },
	{ id: "NS-53", command: "npm run 'build' --x", reason: "non-literal-word" },
	{ id: "NS-54", command: "git sta*", reason: "non-literal-word" },
	{ id: "NS-55", command: "-rf x", reason: "non-literal-word" },
	{ id: "NS-56", command: "git -C x 'pu*sh'", reason: "wildcard-in-text" },
	{ id: "NS-57", command: "git -C $DIR push", reason: "dynamic-text" },
	{ id: "NS-58", command: "git\nstatus", reason: "several-commands" },
	{ id: "NS-59", command: "git status\nrm -rf /", reason: "several-commands" },
	{ id: "NS-60", command: "ls\nrm -rf /", reason: "several-commands" },
];
