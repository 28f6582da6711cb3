/**
 * Owns: ssh's documented environment variables that name a file, a command or a configuration, classified (OpenSSH
 * 9.2, `man ssh`, section ENVIRONMENT). `HOME` moves `~/.ssh/config`, whose `ProxyCommand` and `LocalCommand` run.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const SSH = documentedIn("ssh(1) ENVIRONMENT");

export const SSH_ENVIRONMENT: readonly EnvironmentRow[] = [
	SSH("SSH_ASKPASS", "runs-value", "ssh and git run it to ask for a password"),
	SSH("HOME", "relocates", "git reads `~/.gitconfig` (and other programs their config) from here"),
	SSH("SSH_AUTH_SOCK", "configures", "ssh signs with the keys of the agent listening on this socket"),
];
