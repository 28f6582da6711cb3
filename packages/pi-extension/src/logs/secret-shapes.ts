/**
 * Owns: data only: the shapes of secrets a logged string may carry (headers, token formats, password options, URL
 * userinfo, assignments to secret-sounding names), each a regular expression whose `secret…` groups are replaced.
 * Never: runs a pattern; `record-text.ts` applies them, in this order.
 */

/** One secret shape: every match's `secret`-named groups are replaced by the redaction mark. */
interface SecretShape {
	readonly id: string;
	/** Global with indices (`gd`); each named group whose name starts with `secret` is a secret span. */
	readonly pattern: RegExp;
}

// INVARIANT (idempotence): a secret group's first character can never be `[`, so the mark `[redacted]` that replaced a
// secret is never itself a secret; the contexts around a group are left as they were. Every quantifier over a name or
// a context is bounded, so a hostile megabyte costs linear time.
/** A secret value's first character: not a space, quote, shell operator, bracket or ellipsis. */
const FIRST = "[^\\s'\"`;&|<>()\\[\\]…]";
/** A secret value's next characters (unquoted): up to a space, quote or shell operator. */
const REST = "[^\\s'\"`;&|<>()…]*";
const VALUE = `${FIRST}${REST}`;
/** A value that may be quoted (`-p 'pw'`, `--password "a b"`): the quoted text, or an unquoted value. */
const ANY_VALUE = `(?:'(?<secretSingle>[^'\\[][^']{0,4096})'?|"(?<secretDouble>[^"\\[][^"]{0,4096})"?|(?<secret>${VALUE}))`;

/** Names whose assigned value is a secret (`GITHUB_TOKEN=`, `db.password:`, `"api_key": "…"`, `AWS_SECRET_KEY=`). */
const SECRET_NAME =
	"[A-Za-z0-9_.-]{0,40}?(?:token|secret|passw(?:or)?d|passphrase|credentials?|api[_-]?key|access[_-]?key|private[_-]?key|[_-]key)[A-Za-z0-9_.-]{0,40}?";

/** An authorization scheme word; never itself taken for the credential (`Bearer [redacted]` stays as it is). */
const AUTH_SCHEME = "(?:bearer|basic|digest|token|bot|negotiate)";

const shape = (id: string, source: string, flags = "gd"): SecretShape => ({ id, pattern: new RegExp(source, flags) });

export const SECRET_SHAPES: readonly SecretShape[] = [
	// A PEM private key block, header kept, body (and footer) replaced.
	shape(
		"pem-private-key",
		"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----\\s*(?<secret>[A-Za-z0-9+/=][A-Za-z0-9+/=\\s]*(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----)?)",
	),
	// `Authorization: Bearer x`, `Proxy-Authorization: Basic x`: the credential after the scheme.
	shape(
		"authorization-header",
		`\\b(?:proxy-)?authorization["']?\\s{0,8}[:=]\\s{0,8}["']?(?:${AUTH_SCHEME}\\s{1,8}|(?!${AUTH_SCHEME}\\s))(?<secret>${VALUE})`,
		"gdi",
	),
	// `Cookie: a=b; c=d`: the whole cookie list to the end of its line or quote.
	shape("cookie-header", "\\b(?:set-)?cookie\\s{0,8}:\\s{0,8}(?<secret>[^\\s'\"\\[][^\\r\\n'\"]*)", "gdi"),
	// A bearer token anywhere (`bearer abc…` in a config value or a message).
	shape("bearer-token", "\\bbearer\\s{1,8}(?<secret>[A-Za-z0-9._~+/=-]{8,})", "gdi"),
	// Well-known token formats, matched whole.
	shape("github-token", "\\b(?<secret>gh[pousr]_[A-Za-z0-9]{20,})"),
	shape("github-fine-grained-token", "\\b(?<secret>github_pat_[A-Za-z0-9_]{20,})"),
	shape("gitlab-token", "\\b(?<secret>glpat-[A-Za-z0-9_-]{20,})"),
	shape("openai-style-key", "\\b(?<secret>(?:sk|rk)[-_][A-Za-z0-9_-]{8,})"),
	shape("slack-token", "\\b(?<secret>xox[abposr]-[A-Za-z0-9-]{10,})"),
	shape("aws-access-key-id", "\\b(?<secret>(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16})"),
	shape("google-api-key", "\\b(?<secret>AIza[0-9A-Za-z_-]{35})"),
	shape("npm-token", "\\b(?<secret>npm_[A-Za-z0-9]{36})"),
	shape("huggingface-token", "\\b(?<secret>hf_[A-Za-z0-9]{30,})"),
	shape("jwt", "\\b(?<secret>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)"),
	// `scheme://user:password@host`: the password only (the user and host stay, so the record says where).
	shape(
		"url-userinfo",
		"\\b[a-z][a-z0-9+.-]{0,30}://[^\\s:@/'\"]{0,200}:(?<secret>[^\\s@/'\"\\[][^\\s@/'\"]*)@",
		"gdi",
	),
	// `curl -u user:password`, `--user=user:password`.
	shape(
		"user-password-option",
		`(?<![A-Za-z0-9_-])(?:-u|--user)(?:=|\\s{1,8})['"]?[^\\s:'"]{1,200}:(?<secret>${VALUE})`,
	),
	// `--password x`, `--password=x`, `--db-token x`, `--api-key=x`, `-pass pass:x` (openssl).
	shape(
		"password-long-option",
		`(?<![A-Za-z0-9_-])--?(?:[a-z0-9]{1,20}-){0,3}(?:password|passwd|pass|token|secret|api-?key|access-key|secret-key)(?:=|\\s{1,8})(?:pass:|(?!pass:))${ANY_VALUE}`,
		"gdi",
	),
	// mysql's attached `-p<password>` (only after a mysql-family command, since `-p` means other things elsewhere).
	shape(
		"mysql-password-option",
		`\\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump)\\b[^;&|\\n]{0,400}?\\s-p(?<secret>${VALUE})`,
	),
	// `sshpass -p password`.
	shape("sshpass-password", `\\bsshpass\\s{1,8}(?:-[a-zA-Z]\\s{1,8}\\S{1,200}\\s{1,8}){0,3}-p\\s{0,8}${ANY_VALUE}`),
	// An assignment to a secret-sounding name, quoted or not (`export GITHUB_TOKEN=…`, `PGPASSWORD='…'`, `"apiKey": "…"`).
	shape(
		"secret-assignment-double-quoted",
		`(?<![A-Za-z0-9_.-])${SECRET_NAME}["']?\\s{0,8}[:=]\\s{0,8}"(?<secret>[^"\\[][^"]{0,4096})"?`,
		"gdi",
	),
	shape(
		"secret-assignment-single-quoted",
		`(?<![A-Za-z0-9_.-])${SECRET_NAME}["']?\\s{0,8}[:=]\\s{0,8}'(?<secret>[^'\\[][^']{0,4096})'?`,
		"gdi",
	),
	shape("secret-assignment", `(?<![A-Za-z0-9_.-])${SECRET_NAME}["']?\\s{0,8}[:=]\\s{0,8}(?<secret>${VALUE})`, "gdi"),
];
