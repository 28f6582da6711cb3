/** Secret-bearing strings and what a record keeps of them; `shape` names the row of `SECRET_SHAPES` that fires. */
export interface RedactionCase {
	readonly id: string;
	readonly shape: string | null;
	readonly input: string;
	readonly expected: string;
}

const R = "[redacted]";

export const REDACTION_CASES: readonly RedactionCase[] = [
	// The four commands of ADR 0033.
	{
		id: "i19-curl-bearer",
		shape: "authorization-header",
		input: 'curl -H "Authorization: Bearer sk-live-123456" https://api.x',
		expected: `curl -H "Authorization: Bearer ${R}" https://api.x`,
	},
	{
		id: "i19-export-github",
		shape: "github-token",
		input: "export GITHUB_TOKEN=ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
		expected: `export GITHUB_TOKEN=${R}`,
	},
	{
		id: "i19-mysql-p",
		shape: "mysql-password-option",
		input: "mysql -u root -psecretpass mydb",
		expected: `mysql -u root -p${R} mydb`,
	},
	{
		id: "i19-url-userinfo",
		shape: "url-userinfo",
		input: "git clone https://alice:hunter2@example.com/repo.git",
		expected: `git clone https://alice:${R}@example.com/repo.git`,
	},
	// Headers.
	{
		id: "auth-basic",
		shape: "authorization-header",
		input: "Authorization: Basic dXNlcjpwYXNz",
		expected: `Authorization: Basic ${R}`,
	},
	{
		id: "auth-no-scheme",
		shape: "authorization-header",
		input: "authorization:abc123",
		expected: `authorization:${R}`,
	},
	{
		id: "auth-token-scheme",
		shape: "authorization-header",
		input: "-H 'Authorization: token abcdef'",
		expected: `-H 'Authorization: token ${R}'`,
	},
	{
		id: "auth-proxy",
		shape: "authorization-header",
		input: "Proxy-Authorization: Bearer zzz",
		expected: `Proxy-Authorization: Bearer ${R}`,
	},
	{
		id: "auth-json",
		shape: "authorization-header",
		input: '{"Authorization":"Bearer qqq"}',
		expected: `{"Authorization":"Bearer ${R}"}`,
	},
	{
		id: "cookie",
		shape: "cookie-header",
		input: "curl -H 'Cookie: sid=abc; theme=dark' x",
		expected: `curl -H 'Cookie: ${R}' x`,
	},
	{
		id: "bearer-loose",
		shape: "bearer-token",
		input: "token is bearer abcdefgh12345",
		expected: `token is bearer ${R}`,
	},
	// Token formats.
	{ id: "gho", shape: "github-token", input: "gho_16C7e42F292c6912E7710c838347Ae178B4a", expected: R },
	{ id: "ghs", shape: "github-token", input: "x ghs_16C7e42F292c6912E7710c838347Ae178B4a y", expected: `x ${R} y` },
	{
		id: "github-pat",
		shape: "github-fine-grained-token",
		input: "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
		expected: R,
	},
	{ id: "gitlab", shape: "gitlab-token", input: "glpat-abcdefghij0123456789", expected: R },
	{ id: "sk-live", shape: "openai-style-key", input: "key sk-live-123456", expected: `key ${R}` },
	{ id: "sk-proj", shape: "openai-style-key", input: "sk-proj-abcdefghijklmnop", expected: R },
	{ id: "sk-ant", shape: "openai-style-key", input: "ANTHROPIC=sk-ant-api03-abcdefgh", expected: `ANTHROPIC=${R}` },
	{ id: "stripe", shape: "openai-style-key", input: "sk_live_4eC39HqLyjWDarjtT1zdp7dc", expected: R },
	{ id: "slack-bot", shape: "slack-token", input: "xoxb-1234567890-abcdefghij", expected: R },
	{ id: "slack-user", shape: "slack-token", input: "SLACK=xoxp-1234567890-abcdefghij", expected: `SLACK=${R}` },
	{
		id: "aws-akia",
		shape: "aws-access-key-id",
		input: "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE",
		expected: `aws configure set aws_access_key_id ${R}`,
	},
	{ id: "aws-asia", shape: "aws-access-key-id", input: "ASIAIOSFODNN7EXAMPLE", expected: R },
	{
		id: "aws-secret-env",
		shape: "secret-assignment",
		input: "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
		expected: `AWS_SECRET_ACCESS_KEY=${R} aws s3 ls`,
	},
	{ id: "google", shape: "google-api-key", input: "AIzaSyA1234567890abcdefghijklmnopqrstuv", expected: R },
	{ id: "npm", shape: "npm-token", input: "npm_abcdefghijklmnopqrstuvwxyz0123456789", expected: R },
	{ id: "hf", shape: "huggingface-token", input: "hf_abcdefghijklmnopqrstuvwxyzABCDEF", expected: R },
	{
		id: "jwt",
		shape: "jwt",
		input: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		expected: R,
	},
	{
		id: "pem",
		shape: "pem-private-key",
		input: "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nabc+/=\n-----END RSA PRIVATE KEY-----",
		expected: `-----BEGIN RSA PRIVATE KEY-----\n${R}`,
	},
	{
		id: "pem-unterminated",
		shape: "pem-private-key",
		input: "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA",
		expected: `-----BEGIN OPENSSH PRIVATE KEY----- ${R}`,
	},
	// Password options.
	{
		id: "password-eq",
		shape: "password-long-option",
		input: "psql --password=s3cret db",
		expected: `psql --password=${R} db`,
	},
	{
		id: "password-space",
		shape: "password-long-option",
		input: "tool --password s3cret",
		expected: `tool --password ${R}`,
	},
	{ id: "db-token", shape: "password-long-option", input: "cli --db-token abc123", expected: `cli --db-token ${R}` },
	{
		id: "api-key-option",
		shape: "password-long-option",
		input: "cli --api-key=abc123",
		expected: `cli --api-key=${R}`,
	},
	{
		id: "openssl-pass",
		shape: "password-long-option",
		input: "openssl enc -pass pass:hunter2 -in f",
		expected: `openssl enc -pass pass:${R} -in f`,
	},
	{
		id: "mysqldump-p",
		shape: "mysql-password-option",
		input: "mysqldump -h db -pS3cr3t! shop > d.sql",
		expected: `mysqldump -h db -p${R} shop > d.sql`,
	},
	{
		id: "sshpass",
		shape: "sshpass-password",
		input: "sshpass -p 'pw' ssh host",
		expected: `sshpass -p '${R}' ssh host`,
	},
	{
		id: "sshpass-bare",
		shape: "sshpass-password",
		input: "sshpass -p hunter2 ssh host",
		expected: `sshpass -p ${R} ssh host`,
	},
	{
		id: "curl-user",
		shape: "user-password-option",
		input: "curl -u bob:pa55 https://x",
		expected: `curl -u bob:${R} https://x`,
	},
	{
		id: "pgpassword",
		shape: "secret-assignment",
		input: "PGPASSWORD=hunter2 psql -h db",
		expected: `PGPASSWORD=${R} psql -h db`,
	},
	// URL userinfo.
	{
		id: "url-postgres",
		shape: "url-userinfo",
		input: "psql postgres://app:pw0rd@db:5432/app",
		expected: `psql postgres://app:${R}@db:5432/app`,
	},
	{
		id: "url-redis",
		shape: "url-userinfo",
		input: "redis://:topsecret@cache:6379",
		expected: `redis://:${R}@cache:6379`,
	},
	// Assignments.
	{
		id: "assign-dq",
		shape: "secret-assignment-double-quoted",
		input: 'export API_TOKEN="abc def"',
		expected: `export API_TOKEN="${R}"`,
	},
	{
		id: "assign-sq",
		shape: "secret-assignment-single-quoted",
		input: "DB_PASSWORD='p a s s' ./run",
		expected: `DB_PASSWORD='${R}' ./run`,
	},
	{
		id: "assign-key-suffix",
		shape: "secret-assignment",
		input: "STRIPE_KEY=abc123 node x",
		expected: `STRIPE_KEY=${R} node x`,
	},
	{ id: "assign-secret", shape: "secret-assignment", input: "CLIENT_SECRET=xyz", expected: `CLIENT_SECRET=${R}` },
	{
		id: "assign-json",
		shape: "secret-assignment-double-quoted",
		input: '{"apiKey": "abc123"}',
		expected: `{"apiKey": "${R}"}`,
	},
	{ id: "assign-yaml", shape: "secret-assignment", input: "password: hunter2", expected: `password: ${R}` },
	{
		id: "assign-query",
		shape: "secret-assignment",
		input: "https://x/cb?access_token=abc&x=1",
		expected: `https://x/cb?access_token=${R}&x=1`,
	},
	// Left alone: what a record must still say.
	{ id: "plain-ls", shape: null, input: "ls -la src", expected: "ls -la src" },
	{ id: "mkdir-p", shape: null, input: "mkdir -p build/out", expected: "mkdir -p build/out" },
	{ id: "cp-pr", shape: null, input: "cp -pr a b", expected: "cp -pr a b" },
	{ id: "rm-rf", shape: null, input: "rm -rf dist", expected: "rm -rf dist" },
	{
		id: "url-no-userinfo",
		shape: null,
		input: "curl https://example.com/a:b",
		expected: "curl https://example.com/a:b",
	},
	{ id: "token-word", shape: null, input: "echo tokenize the input", expected: "echo tokenize the input" },
	{
		id: "password-file",
		shape: null,
		input: "tool --password-file ./pw.txt",
		expected: "tool --password-file ./pw.txt",
	},
	{ id: "already-redacted", shape: null, input: `GITHUB_TOKEN=${R}`, expected: `GITHUB_TOKEN=${R}` },
	{ id: "risk-word", shape: null, input: "run risk-assessment-tool", expected: "run risk-assessment-tool" },
];
