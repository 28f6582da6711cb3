/**
 * Owns: how a config file is named to a person in a dialog label: relative to the project when inside it, with `~`
 * for the home directory otherwise (`.pi/extensions/pi-permissions/config.json`, `~/.pi/agent/…`).
 * Never: touches the disk; the full path is still what the writer writes and `/permissions grants` lists.
 */
export function shownFile(file: string, cwd: string, home: string): string {
	const under = (root: string) => root !== "" && (file.startsWith(`${root}/`) || file.startsWith(`${root}\\`));
	if (under(cwd)) return file.slice(cwd.length + 1);
	if (under(home)) return `~${file.slice(home.length)}`;
	return file;
}
