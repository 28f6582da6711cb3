import { describe, expect, it } from "vitest";
import type { EnvironmentRow } from "../../../src/bash/runs/environment-row";
import { namePattern } from "../../../src/bash/runs/environment-row";
import { environmentRow } from "../../../src/bash/runs/environment-table";
import { PROGRAM_ENVIRONMENT } from "../../../src/bash/runs/program-environment-table";
import {
	type EffectVerdict,
	expectEffect,
	OPAQUE,
	PLAIN,
	relocating,
	runs,
	unknownSetting,
} from "../../support/effect-verdict";

/**
 * One command per row of each program's table, keyed `program:name` (a pattern row by one name it matches): the
 * variable set for the program that documents it, and what the unit is then.
 */
const ROWS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	// git
	"git:GIT_DIR": ["GIT_DIR=/tmp/x git status", relocating("GIT_DIR")],
	"git:GIT_WORK_TREE": ["GIT_WORK_TREE=/tmp/x git status", relocating("GIT_WORK_TREE")],
	"git:GIT_COMMON_DIR": ["GIT_COMMON_DIR=/tmp/x git status", relocating("GIT_COMMON_DIR")],
	"git:GIT_INDEX_FILE": ["GIT_INDEX_FILE=/tmp/x git status", relocating("GIT_INDEX_FILE")],
	"git:GIT_OBJECT_DIRECTORY": ["GIT_OBJECT_DIRECTORY=/tmp/x git status", relocating("GIT_OBJECT_DIRECTORY")],
	"git:GIT_ALTERNATE_OBJECT_DIRECTORIES": [
		"GIT_ALTERNATE_OBJECT_DIRECTORIES=/tmp/x git status",
		relocating("GIT_ALTERNATE_OBJECT_DIRECTORIES"),
	],
	"git:GIT_DISCOVERY_ACROSS_FILESYSTEM": [
		"GIT_DISCOVERY_ACROSS_FILESYSTEM=/tmp/x git status",
		relocating("GIT_DISCOVERY_ACROSS_FILESYSTEM"),
	],
	"git:GIT_EXTERNAL_DIFF": ["GIT_EXTERNAL_DIFF='rm x' git diff", runs("rm x")],
	"git:GIT_PAGER": ["GIT_PAGER='rm x' git status", PLAIN],
	"git:GIT_EDITOR": ["GIT_EDITOR='rm x' git status", runs("rm x")],
	"git:GIT_SEQUENCE_EDITOR": ["GIT_SEQUENCE_EDITOR='rm x' git status", runs("rm x")],
	"git:GIT_SSH": ["GIT_SSH='rm x' git fetch", runs("rm x")],
	"git:GIT_SSH_COMMAND": ["GIT_SSH_COMMAND='rm x' git status", runs("rm x")],
	"git:GIT_ASKPASS": ["GIT_ASKPASS='rm x' git status", runs("rm x")],
	"git:GIT_SSL_NO_VERIFY": ["GIT_SSL_NO_VERIFY=x git status", unknownSetting("GIT_SSL_NO_VERIFY")],
	"git:GIT_CONFIG_GLOBAL": ["GIT_CONFIG_GLOBAL=/tmp/x git status", relocating("GIT_CONFIG_GLOBAL")],
	"git:GIT_CONFIG_SYSTEM": ["GIT_CONFIG_SYSTEM=/tmp/x git status", relocating("GIT_CONFIG_SYSTEM")],
	"git:GIT_TRACE*": ["GIT_TRACE_PACKET=/tmp/x git status", OPAQUE],
	"git:GIT_ALLOW_PROTOCOL": ["GIT_ALLOW_PROTOCOL=ext git clone 'ext::sh -c x'", OPAQUE],
	"git:GIT_PROTOCOL_FROM_USER": ["GIT_PROTOCOL_FROM_USER=x git status", unknownSetting("GIT_PROTOCOL_FROM_USER")],
	"git:GIT_REDIRECT_*": ["GIT_REDIRECT_STDERR=/tmp/x git status", OPAQUE],
	"git:GIT_CONFIG": ["GIT_CONFIG=/tmp/x git status", relocating("GIT_CONFIG")],
	"git:GIT_CONFIG_KEY_*": [
		"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm x;:' git status",
		OPAQUE,
	],
	"git:GIT_CONFIG_PARAMETERS": ["GIT_CONFIG_PARAMETERS=\"'core.fsmonitor'='rm x'\" git status", OPAQUE],
	"git:XDG_CONFIG_HOME": ["XDG_CONFIG_HOME=/tmp/x git status", relocating("XDG_CONFIG_HOME")],
	"git:HOME": ["HOME=/tmp/x git status", relocating("HOME")],
	"git:GIT_EXEC_PATH": ["GIT_EXEC_PATH=/tmp/x git status", relocating("GIT_EXEC_PATH")],
	"git:GIT_TEMPLATE_DIR": ["GIT_TEMPLATE_DIR=/tmp/x git status", relocating("GIT_TEMPLATE_DIR")],
	"git:GIT_PROXY_COMMAND": ["GIT_PROXY_COMMAND='rm x' git status", runs("rm x")],
	"git:GIT_ATTR_SOURCE": ["GIT_ATTR_SOURCE=/tmp/x git status", relocating("GIT_ATTR_SOURCE")],
	"git:EDITOR": ["EDITOR='rm x' git status", runs("rm x")],
	"git:VISUAL": ["VISUAL='rm x' git status", runs("rm x")],
	"git:PAGER": ["PAGER='rm x' git status", PLAIN],
	"git:BROWSER": ["BROWSER='rm x' git status", runs("rm x")],
	"git:SSH_ASKPASS": ["SSH_ASKPASS='rm x' git status", runs("rm x")],
	// npm
	"npm:npm_config_*": ["npm_config_registry=x npm test", unknownSetting("npm_config_registry")],
	"npm:npm_config_userconfig": ["npm_config_userconfig=/tmp/x npm test", relocating("npm_config_userconfig")],
	"npm:npm_config_globalconfig": ["npm_config_globalconfig=/tmp/x npm test", relocating("npm_config_globalconfig")],
	"npm:npm_config_*config": ["NPM_CONFIG_PROJECTCONFIG=./rc npm test", relocating("NPM_CONFIG_PROJECTCONFIG")],
	"npm:npm_config_prefix": ["npm_config_prefix=/tmp/x npm test", relocating("npm_config_prefix")],
	"npm:npm_config_cache": ["npm_config_cache=/tmp/x npm test", relocating("npm_config_cache")],
	"npm:npm_config_init_module": ["npm_config_init_module=/tmp/x npm test", relocating("npm_config_init_module")],
	"npm:npm_config_init.module": ["env npm_config_init.module=/tmp/x npm init", relocating("npm_config_init.module")],
	"npm:npm_config_node_options": [
		"npm_config_node_options=--frobnicate npm test",
		relocating("npm_config_node_options"),
	],
	"npm:npm_config_script_shell": ["npm_config_script_shell='rm x' npm test", runs("rm x")],
	"npm:npm_config_shell": ["npm_config_shell='rm x' npm test", runs("rm x")],
	"npm:npm_config_editor": ["npm_config_editor='rm x' npm test", runs("rm x")],
	"npm:npm_config_browser": ["npm_config_browser='rm x' npm test", runs("rm x")],
	"npm:npm_config_viewer": ["npm_config_viewer='rm x' npm test", runs("rm x")],
	"npm:npm_config_git": ["npm_config_git='rm x' npm test", runs("rm x")],
	"npm:npm_config_node_gyp": ["npm_config_node_gyp='rm x' npm test", runs("rm x")],
	"npm:npm_config_call": ["npm_config_call='rm x' npm test", runs("rm x")],
	"npm:npm_config_ignore_scripts": [
		"npm_config_ignore_scripts=x npm test",
		unknownSetting("npm_config_ignore_scripts"),
	],
	"npm:npm_config_registry": ["npm_config_registry=x npm test", unknownSetting("npm_config_registry")],
	"npm:npm_config_cafile": ["npm_config_cafile=x npm test", relocating("npm_config_cafile")],
	"npm:npm_config_logs_dir": ["npm_config_logs_dir=/tmp/x npm test", OPAQUE],
	"npm:npm_config_provenance_file": ["npm_config_provenance_file=x npm test", relocating("npm_config_provenance_file")],
	"npm:npm_config_pack_destination": ["npm_config_pack_destination=/tmp/x npm test", OPAQUE],
	"npm:npm_config_strict_ssl": ["npm_config_strict_ssl=x npm test", unknownSetting("npm_config_strict_ssl")],
	"npm:PREFIX": ["PREFIX=/tmp/x npm test", relocating("PREFIX")],
	// pnpm
	"pnpm:XDG_CONFIG_HOME": ["XDG_CONFIG_HOME=/tmp/x pnpm install", relocating("XDG_CONFIG_HOME")],
	"pnpm:XDG_DATA_HOME": ["XDG_DATA_HOME=/tmp/x pnpm install", relocating("XDG_DATA_HOME")],
	"pnpm:XDG_CACHE_HOME": ["XDG_CACHE_HOME=/tmp/x pnpm install", relocating("XDG_CACHE_HOME")],
	"pnpm:XDG_STATE_HOME": ["XDG_STATE_HOME=/tmp/x pnpm install", relocating("XDG_STATE_HOME")],
	"pnpm:PNPM_HOME": ["PNPM_HOME=/tmp/x pnpm install", relocating("PNPM_HOME")],
	"pnpm:pnpm_config_*": ["pnpm_config_registry=x pnpm install", unknownSetting("pnpm_config_registry")],
	// node
	"node:NODE_OPTIONS": ["NODE_OPTIONS=--frobnicate node app.js", relocating("NODE_OPTIONS")],
	"node:NODE_PATH": ["NODE_PATH=/tmp/x node app.js", relocating("NODE_PATH")],
	"node:NODE_EXTRA_CA_CERTS": ["NODE_EXTRA_CA_CERTS=x node app.js", relocating("NODE_EXTRA_CA_CERTS")],
	"node:NODE_ICU_DATA": ["NODE_ICU_DATA=x node app.js", relocating("NODE_ICU_DATA")],
	"node:NODE_REDIRECT_WARNINGS": ["NODE_REDIRECT_WARNINGS=/tmp/x node app.js", OPAQUE],
	"node:NODE_REPL_HISTORY": ["NODE_REPL_HISTORY='rm x' node app.js", PLAIN],
	"node:NODE_REPL_EXTERNAL_MODULE": [
		"NODE_REPL_EXTERNAL_MODULE=/tmp/x node app.js",
		relocating("NODE_REPL_EXTERNAL_MODULE"),
	],
	"node:NODE_V8_COVERAGE": ["NODE_V8_COVERAGE=/tmp/x node app.js", OPAQUE],
	"node:NODE_TLS_REJECT_UNAUTHORIZED": [
		"NODE_TLS_REJECT_UNAUTHORIZED=x node app.js",
		unknownSetting("NODE_TLS_REJECT_UNAUTHORIZED"),
	],
	"node:NODE_PRESERVE_SYMLINKS": ["NODE_PRESERVE_SYMLINKS=x node app.js", unknownSetting("NODE_PRESERVE_SYMLINKS")],
	"node:OPENSSL_CONF": ["OPENSSL_CONF=/tmp/x node app.js", relocating("OPENSSL_CONF")],
	"node:SSL_CERT_DIR": ["SSL_CERT_DIR=x node app.js", relocating("SSL_CERT_DIR")],
	"node:SSL_CERT_FILE": ["SSL_CERT_FILE=x node app.js", relocating("SSL_CERT_FILE")],
	"node:NODE_COMPILE_CACHE": ["NODE_COMPILE_CACHE=/tmp/x node app.js", relocating("NODE_COMPILE_CACHE")],
	"node:NODE_USE_ENV_PROXY": ["NODE_USE_ENV_PROXY=x node app.js", unknownSetting("NODE_USE_ENV_PROXY")],
	// python3
	"python3:PYTHONPATH": ["PYTHONPATH=/tmp/x python3 app.py", relocating("PYTHONPATH")],
	"python3:PYTHONHOME": ["PYTHONHOME=/tmp/x python3 app.py", relocating("PYTHONHOME")],
	"python3:PYTHONPLATLIBDIR": ["PYTHONPLATLIBDIR=/tmp/x python3 app.py", relocating("PYTHONPLATLIBDIR")],
	"python3:PYTHONSTARTUP": ["PYTHONSTARTUP=/tmp/x python3 app.py", relocating("PYTHONSTARTUP")],
	"python3:PYTHONUSERBASE": ["PYTHONUSERBASE=/tmp/x python3 app.py", relocating("PYTHONUSERBASE")],
	"python3:PYTHONINSPECT": ["PYTHONINSPECT=1 python3 app.py", OPAQUE],
	"python3:PYTHONWARNINGS": ["PYTHONWARNINGS=ignore::mymod.Warn python3 app.py", OPAQUE],
	"python3:PYTHONBREAKPOINT": ["PYTHONBREAKPOINT=mymod.hook python3 app.py", OPAQUE],
	"python3:PYTHONEXECUTABLE": ["PYTHONEXECUTABLE=x python3 app.py", unknownSetting("PYTHONEXECUTABLE")],
	"python3:PYTHONPYCACHEPREFIX": ["PYTHONPYCACHEPREFIX=/tmp/x python3 app.py", relocating("PYTHONPYCACHEPREFIX")],
	"python3:PYTHON_HISTORY": ["PYTHON_HISTORY='rm x' python3 app.py", PLAIN],
	// rg
	"rg:RIPGREP_CONFIG_PATH": ["RIPGREP_CONFIG_PATH=/tmp/x rg foo .", relocating("RIPGREP_CONFIG_PATH")],
	// grep
	"grep:GREP_OPTIONS": ["GREP_OPTIONS=--frobnicate grep -r foo .", relocating("GREP_OPTIONS")],
	// find
	"find:NLSPATH": ["NLSPATH=/tmp/x find . -name x", relocating("NLSPATH")],
	"find:POSIXLY_CORRECT": ["POSIXLY_CORRECT=x find . -name x", unknownSetting("POSIXLY_CORRECT")],
	// tar
	"tar:TAR_OPTIONS": ["TAR_OPTIONS=--frobnicate tar -cf a.tar src", relocating("TAR_OPTIONS")],
	"tar:TAPE": ["TAPE=/tmp/x tar -cf a.tar src", OPAQUE],
	// sed
	"sed:POSIXLY_CORRECT": ["POSIXLY_CORRECT=x sed -n 1p f", unknownSetting("POSIXLY_CORRECT")],
	// awk
	"awk:AWKPATH": ["AWKPATH=/tmp/x awk 1 f", relocating("AWKPATH")],
	"awk:AWKLIBPATH": ["AWKLIBPATH=/tmp/x awk 1 f", relocating("AWKLIBPATH")],
	"awk:POSIXLY_CORRECT": ["POSIXLY_CORRECT=x awk 1 f", unknownSetting("POSIXLY_CORRECT")],
	// sort
	"sort:TMPDIR": ["TMPDIR=x sort f", unknownSetting("TMPDIR")],
	// make
	"make:MAKEFILES": ["MAKEFILES=/tmp/x make", relocating("MAKEFILES")],
	"make:MAKEFLAGS": ["MAKEFLAGS=x make", unknownSetting("MAKEFLAGS")],
	"make:GNUMAKEFLAGS": ["GNUMAKEFLAGS=x make", unknownSetting("GNUMAKEFLAGS")],
	"make:CC": ["CC='rm x' make", runs("rm x")],
	"make:CXX": ["CXX='rm x' make", runs("rm x")],
	"make:CPP": ["CPP='rm x' make", runs("rm x")],
	"make:FC": ["FC='rm x' make", runs("rm x")],
	"make:AS": ["AS='rm x' make", runs("rm x")],
	"make:AR": ["AR='rm x' make", runs("rm x")],
	"make:LD": ["LD='rm x' make", runs("rm x")],
	"make:RM": ["RM='rm x' make", runs("rm x")],
	"make:CFLAGS": ["CFLAGS=x make", unknownSetting("CFLAGS")],
	"make:CXXFLAGS": ["CXXFLAGS=x make", unknownSetting("CXXFLAGS")],
	"make:CPPFLAGS": ["CPPFLAGS=x make", unknownSetting("CPPFLAGS")],
	"make:LDFLAGS": ["LDFLAGS=x make", unknownSetting("LDFLAGS")],
	"make:LDLIBS": ["LDLIBS=x make", unknownSetting("LDLIBS")],
	// cargo
	"cargo:CARGO_HOME": ["CARGO_HOME=/tmp/x cargo build", relocating("CARGO_HOME")],
	"cargo:CARGO_TARGET_DIR": ["CARGO_TARGET_DIR=/tmp/x cargo build", relocating("CARGO_TARGET_DIR")],
	"cargo:CARGO": ["CARGO=x cargo build", unknownSetting("CARGO")],
	"cargo:RUSTC": ["RUSTC='rm x' cargo build", runs("rm x")],
	"cargo:RUSTC_WRAPPER": ["RUSTC_WRAPPER='rm x' cargo build", runs("rm x")],
	"cargo:RUSTC_WORKSPACE_WRAPPER": ["RUSTC_WORKSPACE_WRAPPER='rm x' cargo build", runs("rm x")],
	"cargo:RUSTDOC": ["RUSTDOC='rm x' cargo build", runs("rm x")],
	"cargo:RUSTFMT": ["RUSTFMT='rm x' cargo build", runs("rm x")],
	"cargo:RUSTFLAGS": ["RUSTFLAGS=x cargo build", unknownSetting("RUSTFLAGS")],
	"cargo:CARGO_ENCODED_RUSTFLAGS": ["CARGO_ENCODED_RUSTFLAGS=x cargo build", unknownSetting("CARGO_ENCODED_RUSTFLAGS")],
	"cargo:RUSTDOCFLAGS": ["RUSTDOCFLAGS=x cargo build", unknownSetting("RUSTDOCFLAGS")],
	"cargo:CARGO_ENCODED_RUSTDOCFLAGS": [
		"CARGO_ENCODED_RUSTDOCFLAGS=x cargo build",
		unknownSetting("CARGO_ENCODED_RUSTDOCFLAGS"),
	],
	"cargo:BROWSER": ["BROWSER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_*": ["CARGO_HTTP_PROXY=x cargo build", unknownSetting("CARGO_HTTP_PROXY")],
	"cargo:CARGO_BUILD_RUSTC": ["CARGO_BUILD_RUSTC='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_BUILD_RUSTC_WRAPPER": ["CARGO_BUILD_RUSTC_WRAPPER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER": ["CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_BUILD_RUSTDOC": ["CARGO_BUILD_RUSTDOC='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_BUILD_TARGET_DIR": ["CARGO_BUILD_TARGET_DIR=/tmp/x cargo build", relocating("CARGO_BUILD_TARGET_DIR")],
	"cargo:CARGO_INSTALL_ROOT": ["CARGO_INSTALL_ROOT=/tmp/x cargo build", relocating("CARGO_INSTALL_ROOT")],
	"cargo:CARGO_TARGET_*_LINKER": ["CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_TARGET_*_RUNNER": ["CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_REGISTRY_CREDENTIAL_PROVIDER": ["CARGO_REGISTRY_CREDENTIAL_PROVIDER='rm x' cargo build", runs("rm x")],
	"cargo:CARGO_REGISTRY_GLOBAL_CREDENTIAL_PROVIDERS": [
		"CARGO_REGISTRY_GLOBAL_CREDENTIAL_PROVIDERS='rm x' cargo build",
		runs("rm x"),
	],
	"cargo:CARGO_REGISTRIES_*_CREDENTIAL_PROVIDER": [
		"CARGO_REGISTRIES_MY_CREDENTIAL_PROVIDER='rm x' cargo build",
		runs("rm x"),
	],
	"cargo:CARGO_HTTP_CAINFO": ["CARGO_HTTP_CAINFO=x cargo build", relocating("CARGO_HTTP_CAINFO")],
	"cargo:RUSTUP_HOME": ["RUSTUP_HOME=/tmp/x cargo build", relocating("RUSTUP_HOME")],
	"cargo:RUSTUP_TOOLCHAIN": ["RUSTUP_TOOLCHAIN=/tmp/x cargo build", relocating("RUSTUP_TOOLCHAIN")],
	// go
	"go:GCCGO": ["GCCGO='rm x' go build ./...", runs("rm x")],
	"go:GO111MODULE": ["GO111MODULE=x go build ./...", unknownSetting("GO111MODULE")],
	"go:GOAUTH": ["GOAUTH=x go build ./...", unknownSetting("GOAUTH")],
	"go:GOBIN": ["GOBIN=/tmp/x go build ./...", relocating("GOBIN")],
	"go:GOCACHE": ["GOCACHE=/tmp/x go build ./...", relocating("GOCACHE")],
	"go:GOCACHEPROG": ["GOCACHEPROG='rm x' go build ./...", runs("rm x")],
	"go:GOENV": ["GOENV=/tmp/x go build ./...", relocating("GOENV")],
	"go:GOFLAGS": ["GOFLAGS=x go build ./...", unknownSetting("GOFLAGS")],
	"go:GOINSECURE": ["GOINSECURE=x go build ./...", unknownSetting("GOINSECURE")],
	"go:GOMODCACHE": ["GOMODCACHE=/tmp/x go build ./...", relocating("GOMODCACHE")],
	"go:GOPATH": ["GOPATH=/tmp/x go build ./...", relocating("GOPATH")],
	"go:GOPRIVATE": ["GOPRIVATE=x go build ./...", unknownSetting("GOPRIVATE")],
	"go:GONOPROXY": ["GONOPROXY=x go build ./...", unknownSetting("GONOPROXY")],
	"go:GONOSUMDB": ["GONOSUMDB=x go build ./...", unknownSetting("GONOSUMDB")],
	"go:GOPROXY": ["GOPROXY=x go build ./...", unknownSetting("GOPROXY")],
	"go:GOROOT": ["GOROOT=/tmp/x go build ./...", relocating("GOROOT")],
	"go:GOSUMDB": ["GOSUMDB=x go build ./...", unknownSetting("GOSUMDB")],
	"go:GOTMPDIR": ["GOTMPDIR=/tmp/x go build ./...", relocating("GOTMPDIR")],
	"go:GOTOOLCHAIN": ["GOTOOLCHAIN=x go build ./...", unknownSetting("GOTOOLCHAIN")],
	"go:GOVCS": ["GOVCS=x go build ./...", unknownSetting("GOVCS")],
	"go:GOWORK": ["GOWORK=/tmp/x go build ./...", relocating("GOWORK")],
	"go:CC": ["CC='rm x' go build ./...", runs("rm x")],
	"go:CXX": ["CXX='rm x' go build ./...", runs("rm x")],
	"go:FC": ["FC='rm x' go build ./...", runs("rm x")],
	"go:AR": ["AR='rm x' go build ./...", runs("rm x")],
	"go:PKG_CONFIG": ["PKG_CONFIG='rm x' go build ./...", runs("rm x")],
	"go:CGO_*": ["CGO_CFLAGS=x go build ./...", unknownSetting("CGO_CFLAGS")],
	"go:GOCOVERDIR": ["GOCOVERDIR=/tmp/x go build ./...", OPAQUE],
	"go:GCCGOTOOLDIR": ["GCCGOTOOLDIR=/tmp/x go build ./...", relocating("GCCGOTOOLDIR")],
	"go:GIT_ALLOW_PROTOCOL": ["GIT_ALLOW_PROTOCOL=https:ext go get example.com/m", OPAQUE],
	// pip
	"pip:PIP_*": ["PIP_INDEX_URL=x pip install -r r.txt", unknownSetting("PIP_INDEX_URL")],
	"pip:PIP_CONFIG_FILE": ["PIP_CONFIG_FILE=/tmp/x pip install -r r.txt", relocating("PIP_CONFIG_FILE")],
	"pip:PIP_EDITOR": ["PIP_EDITOR='rm x' pip install -r r.txt", runs("rm x")],
	"pip:PIP_CACHE_DIR": ["PIP_CACHE_DIR=/tmp/x pip install -r r.txt", relocating("PIP_CACHE_DIR")],
	"pip:XDG_CONFIG_DIRS": ["XDG_CONFIG_DIRS=/tmp/x pip install -r r.txt", relocating("XDG_CONFIG_DIRS")],
	"pip:VIRTUAL_ENV": ["VIRTUAL_ENV=/tmp/x pip install -r r.txt", relocating("VIRTUAL_ENV")],
	// curl
	"curl:CURL_HOME": ["CURL_HOME=/tmp/x curl https://x", relocating("CURL_HOME")],
	"curl:XDG_CONFIG_HOME": ["XDG_CONFIG_HOME=/tmp/x curl https://x", relocating("XDG_CONFIG_HOME")],
	"curl:HOME": ["HOME=/tmp/x curl https://x", relocating("HOME")],
	"curl:CURL_CA_BUNDLE": ["CURL_CA_BUNDLE=x curl https://x", relocating("CURL_CA_BUNDLE")],
	"curl:SSL_CERT_FILE": ["SSL_CERT_FILE=x curl https://x", relocating("SSL_CERT_FILE")],
	"curl:SSL_CERT_DIR": ["SSL_CERT_DIR=x curl https://x", relocating("SSL_CERT_DIR")],
	"curl:SSLKEYLOGFILE": ["SSLKEYLOGFILE=/tmp/x curl https://x", OPAQUE],
	"curl:QLOGDIR": ["QLOGDIR=/tmp/x curl https://x", OPAQUE],
	"curl:http_proxy": ["http_proxy=x curl https://x", unknownSetting("http_proxy")],
	"curl:HTTPS_PROXY": ["HTTPS_PROXY=x curl https://x", unknownSetting("HTTPS_PROXY")],
	"curl:https_proxy": ["https_proxy=x curl https://x", unknownSetting("https_proxy")],
	"curl:ALL_PROXY": ["ALL_PROXY=x curl https://x", unknownSetting("ALL_PROXY")],
	"curl:all_proxy": ["all_proxy=x curl https://x", unknownSetting("all_proxy")],
	"curl:APPDATA": ["APPDATA=/tmp/x curl https://x", relocating("APPDATA")],
	"curl:USERPROFILE": ["USERPROFILE=/tmp/x curl https://x", relocating("USERPROFILE")],
	// ssh
	"ssh:SSH_ASKPASS": ["SSH_ASKPASS='rm x' ssh host", runs("rm x")],
	"ssh:HOME": ["HOME=/tmp/x ssh host", relocating("HOME")],
	"ssh:SSH_AUTH_SOCK": ["SSH_AUTH_SOCK=x ssh host", unknownSetting("SSH_AUTH_SOCK")],
	// less
	"less:LESSOPEN": ["LESSOPEN='|rm x;:%s' less f", OPAQUE],
	"less:LESSCLOSE": ["LESSCLOSE='rm x' less f", OPAQUE],
	"less:LESS": ["LESS='rm x' less f", PLAIN],
	"less:MORE": ["MORE='rm x' less f", PLAIN],
	"less:LESSKEY": ["LESSKEY='rm x' less f", PLAIN],
	"less:LESSKEYIN": ["LESSKEYIN='rm x' less f", PLAIN],
	"less:LESSKEY_SYSTEM": ["LESSKEY_SYSTEM='rm x' less f", PLAIN],
	"less:LESSKEYIN_SYSTEM": ["LESSKEYIN_SYSTEM='rm x' less f", PLAIN],
	"less:LESSEDIT": ["LESSEDIT='rm x' less f", PLAIN],
	"less:LESSECHO": ["LESSECHO='rm x' less f", PLAIN],
	"less:LESSGLOBALTAGS": ["LESSGLOBALTAGS='rm x' less f", PLAIN],
	"less:LESSHISTFILE": ["LESSHISTFILE='rm x' less f", PLAIN],
	"less:HOME": ["HOME=/tmp/x less f", relocating("HOME")],
	"less:SHELL": ["SHELL=x less f", unknownSetting("SHELL")],
	"less:EDITOR": ["EDITOR='rm x' less f", runs("rm x")],
	"less:VISUAL": ["VISUAL='rm x' less f", runs("rm x")],
	// man
	"man:MANPATH": ["MANPATH=/tmp/x man ls", relocating("MANPATH")],
	"man:MANROFFOPT": ["MANROFFOPT=x man ls", unknownSetting("MANROFFOPT")],
	"man:MANOPT": ["MANOPT='-P rm' man ls", OPAQUE],
	"man:MANPAGER": ["MANPAGER='rm x' man ls", PLAIN],
	"man:PAGER": ["PAGER='rm x' man ls", PLAIN],
	"man:MANLESS": ["MANLESS='rm x' man ls", PLAIN],
	"man:BROWSER": ["BROWSER='rm x' man ls", runs("rm x")],
	"man:MAN_DISABLE_SECCOMP": ["MAN_DISABLE_SECCOMP=x man ls", unknownSetting("MAN_DISABLE_SECCOMP")],
};

describe("PROGRAM_ENVIRONMENT", () => {
	const all = [...PROGRAM_ENVIRONMENT].flatMap(([program, rows]) => rows.map((row) => ({ program, row })));

	it("covers every program the shared allowlists name", () => {
		expect([...PROGRAM_ENVIRONMENT.keys()].sort()).toEqual(
			[
				"awk",
				"cargo",
				"curl",
				"find",
				"git",
				"go",
				"grep",
				"less",
				"make",
				"man",
				"node",
				"npm",
				"pip",
				"pnpm",
				"python3",
				"rg",
				"sed",
				"sort",
				"ssh",
				"tar",
			].sort(),
		);
	});

	it("has a command for every row and no command for a row it lacks", () => {
		expect(Object.keys(ROWS).sort()).toEqual(all.map(({ program, row }) => `${program}:${row.name}`).sort());
	});

	it.each(all)("$program: $row.name says where it is documented", ({ row }) => {
		expect(row.source ?? "").not.toBe("");
		expect(row.note).not.toBe("");
	});

	it("gives a name every table documents the same effect", () => {
		const effects = new Map<string, EnvironmentRow["effect"]>();
		for (const { row } of all) {
			const seen = effects.get(row.name);
			if (seen !== undefined) expect(row.effect, row.name).toBe(seen);
			effects.set(row.name, row.effect);
			const found = namePattern(row.name) === null ? environmentRow(row.name) : null;
			if (found !== null) expect(found.kind === "effect" && found.row.effect, row.name).toBe(row.effect);
		}
	});

	it.each(Object.entries(ROWS))("%s: %j", (_name, [command, verdict]) => {
		expectEffect(command, verdict);
	});
});

describe("values a program's table knows to be harmless", () => {
	it.each<readonly [string, EffectVerdict]>([
		["GIT_CONFIG_GLOBAL=/dev/null git status", PLAIN],
		["GIT_CONFIG_SYSTEM=/dev/null git status", PLAIN],
		["GIT_DISCOVERY_ACROSS_FILESYSTEM=0 git status", PLAIN],
		["GIT_TRACE_PACKET=2 git fetch", PLAIN],
		["GIT_ALLOW_PROTOCOL=https:ssh git fetch", PLAIN],
		["PYTHONWARNINGS=ignore::DeprecationWarning python3 app.py", PLAIN],
		["PYTHONWARNINGS=error python3 -m pytest", PLAIN],
		["PYTHONBREAKPOINT=0 python3 app.py", PLAIN],
		["NODE_TLS_REJECT_UNAUTHORIZED=1 node app.js", PLAIN],
		["NODE_REPL_EXTERNAL_MODULE= node app.js", PLAIN],
		["npm_config_ignore_scripts=true npm install", PLAIN],
		["npm_config_strict_ssl=true npm install", PLAIN],
		["npm_config_registry= npm test", PLAIN],
		["TMPDIR=/tmp/build sort f", PLAIN],
		["MAKEFLAGS=-j4 make", PLAIN],
		["MAKEFLAGS='-j 8 --no-print-directory' make", PLAIN],
		["MAKEFLAGS=-ks make", PLAIN],
		["CFLAGS='-O2 -g -Wall -DNDEBUG' make", PLAIN],
		["RUSTFLAGS='-D warnings' cargo build", PLAIN],
		["RUSTFLAGS='-C opt-level=3 --cfg foo' cargo build", PLAIN],
		["GOTOOLCHAIN=local go build ./...", PLAIN],
		["GOENV=off go build ./...", PLAIN],
		["GOWORK=off go build ./...", PLAIN],
		["GOSUMDB=sum.golang.org go build ./...", PLAIN],
		["PIP_CONFIG_FILE=/dev/null pip install -r r.txt", PLAIN],
		["MANOPT=-a man ls", PLAIN],
		// SECURITY: the same variables with a value that runs, loads or moves something.
		["MAKEFLAGS='--eval=$(shell rm x)' make", unknownSetting("MAKEFLAGS")],
		["CFLAGS=-fplugin=./p.so make", unknownSetting("CFLAGS")],
		["RUSTFLAGS='-C linker=./evil' cargo build", unknownSetting("RUSTFLAGS")],
		["GOTOOLCHAIN=go1.99 go build ./...", unknownSetting("GOTOOLCHAIN")],
		["TMPDIR=.git/hooks sort f", unknownSetting("TMPDIR")],
		["npm_config_ignore_scripts=false npm install", unknownSetting("npm_config_ignore_scripts")],
	])("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
