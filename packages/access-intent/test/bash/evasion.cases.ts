/**
 * Owns: our own table of evasion attempts: every construct that can run a command, spelled several ways, with the
 * units that must be enumerated (text, context, and the normalised name where the spelling is the trick).
 * Never: reads the corpus; these rows are ours (ids `EV-…`).
 */
import type { UnitContext } from "../../src/bash/reading/command-unit";

export interface ExpectedUnit {
	readonly text: string;
	readonly context: UnitContext | null;
	/** The normalised command name, when the row is about how the name is spelled. */
	readonly name?: string | null;
}

export type EvasionRow =
	| {
			readonly id: string;
			readonly construct: string;
			readonly command: string;
			readonly units: readonly ExpectedUnit[];
			readonly absent?: readonly string[];
			/** The units are enumerated and the command still asks: bash evaluates the output again (ADR 0025). */
			readonly reevaluated?: true;
	  }
	| { readonly id: string; readonly construct: string; readonly command: string; readonly unparseable: true };

const top = (text: string, name?: string | null): ExpectedUnit =>
	name === undefined ? { text, context: null } : { text, context: null, name };
const cs = (text: string): ExpectedUnit => ({ text, context: "command_substitution" });
const ps = (text: string): ExpectedUnit => ({ text, context: "process_substitution" });
const sub = (text: string): ExpectedUnit => ({ text, context: "subshell" });
const RM = "rm -rf /";

export const EVASION_ROWS: readonly EvasionRow[] = [
	// Lists, pipelines, newlines.
	{ id: "EV-list-and", construct: "&&", command: `ls && ${RM}`, units: [top("ls"), top(RM)] },
	{ id: "EV-list-or", construct: "||", command: `false || ${RM}`, units: [top(RM)] },
	{ id: "EV-list-semi", construct: ";", command: `ls;${RM}`, units: [top(RM)] },
	{ id: "EV-list-amp", construct: "&", command: `ls & ${RM} &`, units: [top(RM)] },
	{ id: "EV-pipe", construct: "|", command: `ls | ${RM}`, units: [top(RM)] },
	{ id: "EV-pipe-stderr", construct: "|&", command: `ls |& ${RM}`, units: [top(RM)] },
	{ id: "EV-newline", construct: "newline", command: `ls\n${RM}\n`, units: [top(RM)] },
	{ id: "EV-crlf-chain", construct: "&& without spaces", command: `ls&&${RM}`, units: [top(RM)] },
	// Subshells, groups, negation, time, coproc.
	{ id: "EV-subshell", construct: "( )", command: `(${RM})`, units: [sub(RM)] },
	{ id: "EV-subshell-nested", construct: "( ( ) )", command: `( ( ${RM} ) )`, units: [sub(RM)] },
	{ id: "EV-brace", construct: "{ }", command: `{ ${RM}; }`, units: [top(RM)] },
	{ id: "EV-brace-newline", construct: "{ } over lines", command: `{\n${RM}\n}`, units: [top(RM)] },
	{ id: "EV-negation", construct: "!", command: `! ${RM}`, units: [top(RM)] },
	{ id: "EV-negation-group", construct: "! { }", command: `! { ${RM}; }`, units: [top(RM)] },
	{ id: "EV-time", construct: "time", command: `time ${RM}`, units: [top(RM)] },
	{ id: "EV-time-group", construct: "time { }", command: `time { ${RM}; }`, units: [top(RM)] },
	{ id: "EV-time-p-if", construct: "time -p if", command: `time -p if true; then ${RM}; fi`, units: [top(RM)] },
	{ id: "EV-time-subshell", construct: "time ( )", command: `time ( ${RM} )`, units: [sub(RM)] },
	{ id: "EV-coproc-simple", construct: "coproc", command: `coproc ${RM}`, units: [top(RM)] },
	{ id: "EV-coproc-group", construct: "coproc { }", command: `coproc { ${RM}; }`, units: [sub(RM)] },
	{ id: "EV-coproc-named", construct: "coproc NAME { }", command: `coproc worker { ${RM}; }`, units: [sub(RM)] },
	{ id: "EV-coproc-subshell", construct: "coproc ( )", command: `coproc (${RM})`, units: [sub(RM)] },
	// Control flow: conditions and bodies.
	{ id: "EV-if-condition", construct: "if condition", command: `if ${RM}; then :; fi`, units: [top(RM)] },
	{ id: "EV-elif", construct: "elif", command: `if false; then :; elif ${RM}; then :; fi`, units: [top(RM)] },
	{ id: "EV-else", construct: "else", command: `if false; then :; else ${RM}; fi`, units: [top(RM)] },
	{ id: "EV-while", construct: "while", command: `while ${RM}; do :; done`, units: [top(RM)] },
	{ id: "EV-until-body", construct: "until body", command: `until true; do ${RM}; done`, units: [top(RM)] },
	{ id: "EV-for-body", construct: "for body", command: `for f in a; do ${RM}; done`, units: [top(RM)] },
	{ id: "EV-for-c", construct: "for (( ))", command: `for ((;;)); do ${RM}; done`, units: [top(RM)] },
	{ id: "EV-select", construct: "select", command: `select f in a; do ${RM}; done`, units: [top(RM)] },
	{ id: "EV-case", construct: "case", command: `case x in x) ${RM};; esac`, units: [top(RM)] },
	{ id: "EV-case-paren", construct: "case (pattern)", command: `case x in (x) ${RM};; esac`, units: [top(RM)] },
	{ id: "EV-case-fallthrough", construct: "case ;&", command: `case x in x) ls;& y) ${RM};; esac`, units: [top(RM)] },
	{ id: "EV-function", construct: "f() { }", command: `f() { ${RM}; }; f`, units: [top(RM), top("f")] },
	{ id: "EV-function-keyword", construct: "function f { }", command: `function f { ${RM}; }`, units: [top(RM)] },
	{ id: "EV-function-subshell", construct: "function f() ( )", command: `function f() ( ${RM} )`, units: [sub(RM)] },
	// Command and process substitutions anywhere.
	{ id: "EV-cs-arg", construct: "$( ) argument", command: `echo $(${RM})`, units: [cs(RM)] },
	{ id: "EV-bq-arg", construct: "backquotes", command: `echo \`${RM}\``, units: [cs(RM)] },
	{ id: "EV-cs-dquote", construct: '"$( )"', command: `echo "x $(${RM}) y"`, units: [cs(RM)] },
	{ id: "EV-bq-dquote", construct: '"` `"', command: `echo "x \`${RM}\` y"`, units: [cs(RM)] },
	{ id: "EV-cs-nested", construct: "$( $( ) )", command: `echo $(echo $(${RM}))`, units: [cs(RM)] },
	{ id: "EV-cs-name", construct: "$( ) as the name", command: `$(${RM}) arg`, units: [cs(RM)] },
	{ id: "EV-ps-in", construct: "<( )", command: `cat <(${RM})`, units: [ps(RM)] },
	{ id: "EV-ps-out", construct: ">( )", command: `ls | tee >(${RM})`, units: [ps(RM)] },
	{ id: "EV-cs-prefix-assign", construct: "X=$( ) cmd", command: `X=$(${RM}) ls`, units: [top("ls"), cs(RM)] },
	{ id: "EV-cs-pure-assign", construct: "X=$( )", command: `X=$(${RM})`, units: [cs(RM)] },
	{ id: "EV-cs-export", construct: "export", command: `export X=$(${RM})`, units: [cs(RM)] },
	{ id: "EV-cs-declare-array", construct: "declare -a", command: `declare -a a=($(${RM}))`, units: [cs(RM)] },
	{ id: "EV-cs-local", construct: "local", command: `f() { local x=$(${RM}); }`, units: [cs(RM)] },
	{ id: "EV-cs-readonly", construct: "readonly", command: `readonly X="$(${RM})"`, units: [cs(RM)] },
	{ id: "EV-cs-array", construct: "a=( )", command: `a=(one $(${RM}))`, units: [cs(RM)] },
	{ id: "EV-cs-subscript", construct: "a[$( )]=", command: `a[$(${RM})]=1`, units: [cs(RM)], reevaluated: true },
	{ id: "EV-redirect-target", construct: "> $( )", command: `ls > $(${RM})`, units: [cs(RM)] },
	{ id: "EV-redirect-append", construct: "2>> $( )", command: `ls 2>>$(${RM})`, units: [cs(RM)] },
	{ id: "EV-redirect-input", construct: "< $( )", command: `cat < "$(${RM})"`, units: [cs(RM)] },
	{ id: "EV-heredoc-cs", construct: "heredoc $( )", command: `cat <<EOF\n$(${RM})\nEOF`, units: [cs(RM)] },
	{
		id: "EV-heredoc-backquote",
		construct: "heredoc backquotes",
		command: `cat <<EOF\nx \`${RM}\` y\nEOF`,
		units: [cs(RM)],
	},
	{ id: "EV-heredoc-dash", construct: "<<- heredoc", command: `cat <<-EOF\n$(${RM})\nEOF`, units: [cs(RM)] },
	{
		id: "EV-heredoc-dash-tab",
		construct: "<<- heredoc after a tab (grammar misses it)",
		command: `cat <<-EOF\n\t$(${RM})\n\tEOF`,
		unparseable: true,
	},
	{
		id: "EV-heredoc-pipe",
		construct: "heredoc into a shell",
		command: `cat <<EOF | sh\n${RM}\nEOF`,
		units: [top("sh")],
	},
	{ id: "EV-herestring", construct: "<<< $( )", command: `cat <<< $(${RM})`, units: [cs(RM)] },
	{ id: "EV-herestring-quoted", construct: '<<< "$( )"', command: `cat <<< "$(${RM})"`, units: [cs(RM)] },
	{ id: "EV-test-double", construct: "[[ ]]", command: `[[ -n $(${RM}) ]]`, units: [cs(RM)] },
	{ id: "EV-test-single", construct: "[ ]", command: `[ -n "$(${RM})" ]`, units: [cs(RM)] },
	{
		id: "EV-arith-expansion",
		construct: "$(( ))",
		command: `echo $(( $(${RM}) + 1 ))`,
		units: [cs(RM)],
		reevaluated: true,
	},
	{ id: "EV-arith-command", construct: "(( ))", command: `(( $(${RM}) ))`, units: [cs(RM)], reevaluated: true },
	{
		id: "EV-arith-for",
		construct: "for ((x=$( )))",
		command: `for ((i=$(${RM}); i<1; i++)); do :; done`,
		units: [cs(RM)],
		reevaluated: true,
	},
	{ id: "EV-param-default", construct: "${x:-$( )}", command: `echo \${x:-$(${RM})}`, units: [cs(RM)] },
	{ id: "EV-param-assign", construct: '"${x:=$( )}"', command: `echo "\${x:=$(${RM})}"`, units: [cs(RM)] },
	{ id: "EV-param-replace", construct: "${x/$( )/y}", command: `echo \${x/$(${RM})/y}`, units: [cs(RM)] },
	{ id: "EV-case-subject", construct: "case $( )", command: `case $(${RM}) in *) :;; esac`, units: [cs(RM)] },
	{ id: "EV-for-list", construct: "for in $( )", command: `for f in $(${RM}); do :; done`, units: [cs(RM)] },
	// Wrappers: the executed unit is enumerated too.
	{ id: "EV-sudo", construct: "sudo", command: `sudo ${RM}`, units: [top(`sudo ${RM}`), top(RM)] },
	{ id: "EV-sudo-options", construct: "sudo -u -g", command: `sudo -u root -g wheel ${RM}`, units: [top(RM)] },
	{ id: "EV-sudo-dashdash", construct: "sudo --", command: `sudo -- ${RM}`, units: [top(RM)] },
	{ id: "EV-env-i", construct: "env -i A=1", command: `env -i A=1 ${RM}`, units: [top(RM)] },
	{ id: "EV-env-u", construct: "env -u", command: `env -u HOME ${RM}`, units: [top(RM)] },
	{ id: "EV-timeout-signal", construct: "timeout -s", command: `timeout -s KILL 5 ${RM}`, units: [top(RM)] },
	{
		id: "EV-timeout-long",
		construct: "timeout --signal=",
		command: `timeout --signal=KILL 5s ${RM}`,
		units: [top(RM)],
	},
	{ id: "EV-nice-old", construct: "nice -5", command: `nice -5 ${RM}`, units: [top(RM)] },
	{ id: "EV-nohup-bg", construct: "nohup &", command: `nohup ${RM} &`, units: [top(RM)] },
	{ id: "EV-command", construct: "command", command: `command ${RM}`, units: [top(RM)] },
	{ id: "EV-exec", construct: "exec -a", command: `exec -a name ${RM}`, units: [top(RM)] },
	{ id: "EV-xargs-options", construct: "xargs -0 -n1", command: "xargs -0 -n1 rm -rf", units: [top("rm -rf")] },
	{
		id: "EV-find-execdir",
		construct: "find -execdir +",
		command: "find . -execdir rm -rf {} +",
		units: [top("rm -rf {}")],
	},
	{ id: "EV-find-ok", construct: "find -ok", command: "find / -ok rm {} ';'", units: [top("rm {}")] },
	{ id: "EV-fd-exec", construct: "fd --exec", command: "fd -e log --exec rm", units: [top("rm")] },
	{ id: "EV-stdbuf", construct: "stdbuf -oL", command: `stdbuf -oL ${RM}`, units: [top(RM)] },
	{ id: "EV-setsid", construct: "setsid -f", command: `setsid -f ${RM}`, units: [top(RM)] },
	{ id: "EV-ionice", construct: "ionice -c2", command: `ionice -c2 -n7 ${RM}`, units: [top(RM)] },
	{ id: "EV-chroot", construct: "chroot", command: `chroot / ${RM}`, units: [top(RM)] },
	{ id: "EV-flock", construct: "flock -w", command: `flock -w 5 /tmp/l ${RM}`, units: [top(RM)] },
	{ id: "EV-chain", construct: "sudo timeout nice", command: `sudo timeout 5 nice -n 2 ${RM}`, units: [top(RM)] },
	{ id: "EV-bash-c", construct: "bash -c", command: `bash -c '${RM}'`, units: [sub(RM)] },
	{ id: "EV-sh-lc", construct: "sh -lc", command: `sh -lc "cd /tmp && ${RM}"`, units: [sub("cd /tmp"), sub(RM)] },
	{ id: "EV-zsh-xc", construct: "zsh -xc", command: `zsh -xc '${RM}'`, units: [sub(RM)] },
	{ id: "EV-eval", construct: "eval words", command: "eval rm -rf /", units: [sub(RM)] },
	{ id: "EV-eval-nested", construct: "bash -c 'bash -c'", command: `bash -c 'bash -c "${RM}"'`, units: [sub(RM)] },
	{ id: "EV-sudo-bash", construct: "sudo bash -c", command: `sudo bash -c '${RM}'`, units: [sub(RM)] },
	{ id: "EV-watch", construct: "watch", command: `watch -n 1 '${RM}; ls'`, units: [sub(RM), sub("ls")] },
	{ id: "EV-flock-c", construct: "flock -c", command: `flock /tmp/l -c '${RM}'`, units: [sub(RM)] },
	{ id: "EV-su-c", construct: "su -c", command: `su -c '${RM}' root`, units: [sub(RM)] },
	{ id: "EV-trap", construct: "trap 'cmd' EXIT", command: `trap '${RM}' EXIT`, units: [sub(RM)] },
	{ id: "EV-herestring-shell", construct: "bash <<<", command: `bash <<< '${RM}'`, units: [sub(RM)] },
	// Command names spelled to dodge matching.
	{ id: "EV-name-single-quotes", construct: "'rm'", command: "'rm' -rf /", units: [top("'rm' -rf /", "rm")] },
	{ id: "EV-name-double-quotes", construct: '"rm"', command: '"rm" -rf /', units: [top('"rm" -rf /', "rm")] },
	{ id: "EV-name-empty-quotes", construct: 'r""m', command: 'r""m -rf /', units: [top('r""m -rf /', "rm")] },
	{ id: "EV-name-backslash", construct: "\\rm", command: "\\rm -rf /", units: [top("\\rm -rf /", "rm")] },
	{ id: "EV-name-path", construct: "/bin/rm", command: "/bin/rm -rf /", units: [top("/bin/rm -rf /", "rm")] },
	{ id: "EV-name-ansi-c", construct: "$'\\x72m'", command: "$'\\x72m' -rf /", units: [top("$'\\x72m' -rf /", "rm")] },
	{ id: "EV-name-variable", construct: "$CMD", command: "$CMD -rf /", units: [top("$CMD -rf /", null)] },
	{
		id: "EV-name-ifs",
		construct: "rm${IFS}x",
		command: "rm${IFS}-rf${IFS}/",
		units: [top("rm${IFS}-rf${IFS}/", null)],
	},
	{ id: "EV-name-glob", construct: "/bin/r?", command: "/bin/r? -rf /", units: [top("/bin/r? -rf /", null)] },
	// Spellings the tree cannot show faithfully: refused rather than guessed.
	{
		id: "EV-bq-nested-escaped",
		construct: "nested escaped backquotes",
		command: "echo `echo \\`rm -rf /\\``",
		unparseable: true,
	},
	{ id: "EV-cont-split", construct: "line continuation inside a name", command: "r\\\nm -rf /", unparseable: true },
	{
		id: "EV-split-word-dots",
		construct: "one word the grammar splits in two",
		command: "rm $a.$b.$c",
		unparseable: true,
	},
	{
		id: "EV-split-word-tail",
		construct: "one word the grammar splits in two",
		command: "rm $a$b$c.",
		unparseable: true,
	},
	{ id: "EV-brace-expansion-name", construct: "{rm,-rf,/}", command: "{rm,-rf,/}", unparseable: true },
	{ id: "EV-nul", construct: "NUL inside a name", command: "r\0m -rf /", unparseable: true },
	// Inert text: nothing runs.
	{
		id: "EV-inert-single-quotes",
		construct: "'…'",
		command: `echo '$(${RM})'`,
		units: [top(`echo '$(${RM})'`)],
		absent: [RM],
	},
	{ id: "EV-inert-escaped-dollar", construct: '"\\$( )"', command: `echo "\\$(${RM})"`, units: [], absent: [RM] },
	{
		id: "EV-inert-quoted-heredoc",
		construct: "<<'EOF'",
		command: `cat <<'EOF'\n$(${RM})\n\`${RM}\`\nEOF`,
		units: [top("cat")],
		absent: [RM],
	},
	{
		id: "EV-inert-dquoted-heredoc",
		construct: '<<"EOF"',
		command: `cat <<"EOF"\n$(${RM})\nEOF`,
		units: [top("cat")],
		absent: [RM],
	},
	{
		id: "EV-inert-escaped-heredoc",
		construct: "<<\\EOF",
		command: `cat <<\\EOF\n$(${RM})\nEOF`,
		units: [top("cat")],
		absent: [RM],
	},
	{ id: "EV-inert-comment", construct: "# comment", command: `ls # $(${RM})`, units: [top("ls")], absent: [RM] },
];
