/**
 * Owns: our rows for arithmetic over computed text (ids `AR-…`): commands where bash evaluates a value or a
 * command's output again as an expression and runs the `$(…)` it holds (each checked in bash 5.2 with `touch M`
 * for `rm x`), and the ordinary arithmetic that must still read cleanly. Add a row per new context or source.
 * Never: reads the corpus; the red-team rows live in apps/cli.
 */

export interface ArithmeticRow {
	readonly id: string;
	readonly command: string;
}

const rows = (entries: readonly (readonly [string, string])[]): ArithmeticRow[] =>
	entries.map(([id, command]) => ({ id, command }));

/** Each runs `rm x` in real bash through arithmetic; each must carry the unparseable marker. */
export const REEVALUATED: readonly ArithmeticRow[] = rows([
	["AR-expansion-subst", "echo $(( $(printf 'a[\\x24(rm x)]') ))"],
	["AR-expansion-backtick", "echo $(( `cat p.txt` ))"],
	["AR-old-bracket-subst", "echo $[ $(cat p.txt) ]"],
	["AR-command-subst", "(( $(cat p.txt) ))"],
	["AR-let-subst", 'let "y=$(cat p.txt)"'],
	["AR-subscript-read-subst", "echo ${b[$(cat p.txt)]}"],
	["AR-subscript-write-subst", "b[$(cat p.txt)]=1"],
	["AR-test-eq-subst", "[[ $(cat p.txt) -eq 1 ]]"],
	["AR-for-header-subst", "for ((i=$(cat p.txt); i<1; i++)); do :; done"],
	["AR-var-from-subst", "x=$(cat p.txt); echo $((x + 1))"],
	["AR-var-split-quotes", "x='a[$''(rm x)]'; echo $(( x ))"],
	["AR-var-ansi-c", "x=$'a[\\x24(rm x)]'; let y=x"],
	["AR-var-dollar-var", "d='$'; x=\"a[${d}(rm x)]\"; (( x ))"],
	["AR-var-through-plain", "d='$'; y=\"a[${d}(rm x)]\"; x='b[y]'; (( x ))"],
	["AR-var-case-mod", "x='A[$''(RM X)]'; y=${x,,}; (( y ))"],
	["AR-var-transform-e", "x='a[\\x24(rm x)]'; echo $(( ${x@E} ))"],
	["AR-read-target", "read n < p.txt; echo $(( n ))"],
	["AR-mapfile-target", "mapfile -t v < p.txt; echo $(( v ))"],
	["AR-printf-v-target", "printf -v x '%s' \"$(cat p.txt)\"; (( x ))"],
	["AR-for-words", "for i in $(printf 'a[\\x24(rm${IFS}x)]'); do echo $(( i )); done"],
	["AR-reply", "read < p.txt; echo $(( REPLY ))"],
	["AR-last-argument", ': "$(cat p.txt)"; echo $(( _ ))'],
	["AR-positional", 'set -- "$(cat p.txt)"; (( $1 ))'],
	["AR-substring-offset", "x=$(cat p.txt); s=abc; echo ${s:x}"],
	["AR-substring-length", "x=$(cat p.txt); echo ${x:0:x}"],
	["AR-indirection", "x=$(cat p.txt); echo ${!x}"],
	["AR-declare-i", 'declare -i i; i="$(cat p.txt)"'],
	["AR-local-i-value", 'f() { local -i q="$(cat p.txt)"; }; f'],
	["AR-test-eq-var", "x=$(cat p.txt); [[ $x -eq 1 ]]"],
	["AR-test-v-subscript", 'x=$(cat p.txt); test -v "b[x]"'],
	["AR-read-subscript", 'x=$(cat p.txt); read "a[x]" <<< 1'],
	["AR-nameref-subscript", "x=$(cat p.txt); declare -n r='a[x]'; echo $r"],
	["AR-array-literal-key", "x=$(cat p.txt); b=([x]=1)"],
	["AR-loop-subscript", "while read l; do seen[$l]=1; done < p.txt"],
	["AR-default-assign", ": ${x:=$(cat p.txt)}; (( x ))"],
	["AR-indirection-default", "x=$(cat p.txt); echo ${!x:-d}"],
	["AR-unset-subscript", "b=(1); x=$(cat p.txt); unset 'b[x]'"],
	["AR-variable-redirect", "x=$(cat p.txt); exec {a[x]}>/dev/null"],
	["AR-case-subject", "x=$(cat p.txt); case 1 in $(( x ))) ;; esac"],
	["AR-for-in-word", "x=$(cat p.txt); for i in $(( x )); do :; done"],
	["AR-positional-slice", "x=$(cat p.txt); set -- a b; echo ${@:x}"],
	["AR-indirect-subscript", "x=$(cat p.txt); echo ${!b[x]}"],
	["AR-quote-split-declare-i", "dec''lare -i i; i=\"$(cat p.txt)\""],
	["AR-quote-split-let", "l''et \"y=$(cat p.txt)\""],
	["AR-heredoc-body", "x=$(cat p.txt); cat <<EOF\n$(( x ))\nEOF"],
	// An ANSI-C string decodes to text the command does not spell: the markers `[`, `((`, `${` hide in `\xNN`.
	["AR-ansi-c-read-target", "read $'a\\x5b\\x24\\x28rm x\\x29]' <<< v"],
	[
		"AR-ansi-c-payload",
		"bash -c $'d=\\'\\x24\\'; x=\"a\\x5b\\x24{d}\\x28rm x\\x29]\"; echo \\x24\\x28\\x28x\\x29\\x29'",
	],
	[
		"AR-ansi-c-payload-heredoc",
		"bash -c $'d=\\'\\x24\\'; x=\"a\\x5b\\x24{d}\\x28rm x\\x29]\"; cat <<E\\n\\x24\\x28\\x28x\\x29\\x29\\nE'",
	],
]);

/** Ordinary arithmetic: no computed text reaches it, so it reads as before. */
export const ORDINARY: readonly ArithmeticRow[] = rows([
	["AO-literal", "echo $((1+2))"],
	["AO-literal-var", "i=0; echo $((i+1))"],
	["AO-c-for", "for ((i=0;i<3;i++)); do echo $i; done"],
	["AO-for-numbers", "for i in 1 2 3; do echo $((i*2)); done"],
	["AO-for-brace-range", "for i in {1..5}; do echo $((i*i)); done"],
	["AO-random", "echo $((RANDOM % 10))"],
	["AO-environment", "echo $(( COLUMNS / 2 ))"],
	["AO-counter", "n=0; for f in *.ts; do n=$((n+1)); done; echo $n"],
	["AO-array-length", "a=(x y z); for ((i=0; i<${#a[@]}; i++)); do echo ${a[$i]}; done"],
	["AO-arg-count", "[[ $# -eq 0 ]] && echo none"],
	["AO-status", "false; [ $? -ne 0 ] && echo failed"],
	["AO-substring", "echo ${PATH:0:5}"],
	["AO-substring-var", "n=5; echo ${PATH:0:n}"],
	["AO-assoc", "declare -A m; m[key]=1; echo ${m[key]}"],
	["AO-read-text", 'while read line; do echo "$line"; done < notes.txt'],
	["AO-test-bracket-eq", 'x=$(cat p.txt); [ "$x" -eq 1 ] && echo one'],
	["AO-length", "x=$(cat p.txt); echo $(( ${#x} + 1 ))"],
	["AO-default", "echo ${HOME:-/tmp}"],
	["AO-quoted-text", "echo '$(( $(date) ))'"],
	["AO-quoted-heredoc", "x=$(cat p.txt); cat <<'EOF'\n$(( x ))\nEOF"],
	["AO-default-number", ": ${n:=10}; echo $((n*2))"],
	["AO-unset", "unset x y; unset 'a[1]'"],
	["AO-descriptor-variable", "exec {fd}>/dev/null; echo hi >&$fd"],
	["AO-case-positional", "case $1 in a) echo a;; esac"],
	["AO-keys", "a=(x y); echo ${!a[@]}"],
]);
