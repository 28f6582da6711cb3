/**
 * Corpus `extdir.bash` (PP-218..247): the external paths of a bash command; cwd `/projects/app`, home `/home/u`,
 * `/tmp` a real directory.
 */
export interface ExtdirCase {
	readonly id: string;
	readonly command: string;
	readonly externalPaths: readonly string[];
	/** Set when we deliberately differ from the reference; the row asserts our behaviour. */
	readonly reason?: string;
}

export const EXTDIR_CASES: readonly ExtdirCase[] = [
	{ id: "PP-218", command: "cat /etc/hosts", externalPaths: ["/etc/hosts"] },
	{ id: "PP-219", command: "cat ~/documents/secret.txt", externalPaths: ["/home/u/documents/secret.txt"] },
	{ id: "PP-220", command: "cat ../../other/secrets.env", externalPaths: ["/other/secrets.env"] },
	{ id: "PP-221", command: "cat src/../lib/u.ts", externalPaths: [] },
	{ id: "PP-222", command: "git status", externalPaths: [] },
	{ id: "PP-223", command: "ls -la /etc/passwd", externalPaths: ["/etc/passwd"] },
	{ id: "PP-224", command: "FOO=/usr/local/bin command", externalPaths: [] },
	{ id: "PP-225", command: "curl https://example.com/etc/hosts", externalPaths: [] },
	{ id: "PP-226", command: "npm install @types/node", externalPaths: [] },
	{ id: "PP-227", command: 'git commit -m "fix /etc/hosts"', externalPaths: [] },
	{ id: "PP-228", command: "cat /dev/null", externalPaths: [] },
	{ id: "PP-229", command: "cat /dev/null/subdir", externalPaths: ["/dev/null/subdir"] },
	{ id: "PP-230", command: "find /", externalPaths: ["/"] },
	{ id: "PP-231", command: "echo //", externalPaths: ["/"] },
	{ id: "PP-232", command: "cat << 'EOF'\n/etc/hosts\nEOF", externalPaths: [] },
	{ id: "PP-233", command: "echo $(cat /etc/hosts)", externalPaths: ["/etc/hosts"] },
	{ id: "PP-234", command: "(cat /etc/hosts)", externalPaths: ["/etc/hosts"] },
	{ id: "PP-235", command: "sort < /etc/hosts", externalPaths: ["/etc/hosts"] },
	{ id: "PP-236", command: "sed 's/foo/bar/g' /etc/hosts", externalPaths: ["/etc/hosts"] },
	{
		id: "PP-237",
		command: "sed -i 's/foo/bar/' /etc/hosts",
		externalPaths: ["/etc/hosts"],
		reason:
			"the reference lists nothing (a known false negative: it reads `-i` as taking the script); GNU `-i` takes only an attached suffix, so the script is the next word and `/etc/hosts` the file it edits",
	},
	{ id: "PP-238", command: "grep '/etc/' /var/log/syslog", externalPaths: ["/var/log/syslog"] },
	{ id: "PP-239", command: "awk -F: '{print $1}' /etc/passwd", externalPaths: ["/etc/passwd"] },
	{ id: "PP-240", command: "cd /tmp && cat ../etc/hosts", externalPaths: ["/tmp", "/etc/hosts"] },
	{ id: "PP-241", command: "cd /projects/app/src && cat ../README.md", externalPaths: [] },
	{
		id: "PP-242",
		command: "echo hello && cd /projects/app/src && cat ../../outside.txt",
		externalPaths: ["/projects/outside.txt"],
	},
	{ id: "PP-243", command: 'grep -E "^/usr/bin" file.txt', externalPaths: [] },
	{ id: "PP-244", command: 'ls "$HOME/x"', externalPaths: ["/home/u/x"] },
	{ id: "PP-245", command: 'ls "$CONFIG/x"', externalPaths: [] },
	{ id: "PP-246", command: "grep --file=/tmp/patterns target", externalPaths: ["/tmp/patterns"] },
	{ id: "PP-247", command: "cat /etc/hosts # /etc/shadow", externalPaths: ["/etc/hosts"] },
];
