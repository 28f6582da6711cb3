/**
 * Owns: go's documented environment variables that name a file, a command or a configuration, classified (`go help
 * environment`; go is not installed here, so the text of `cmd/go/internal/help/helpdoc.go` was read).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const GENERAL = documentedIn("go help environment: General-purpose environment variables");
const CGO = documentedIn("go help environment: Environment variables for use with cgo");
const SPECIAL = documentedIn("go help environment: Special-purpose environment variables");

export const GO_ENVIRONMENT: readonly EnvironmentRow[] = [
	GENERAL("GCCGO", "runs-value", "go build -compiler=gccgo runs it"),
	GENERAL("GO111MODULE", "configures", "go reads code from GOPATH instead of modules when off"),
	GENERAL("GOAUTH", "configures", "go runs the commands it names to authenticate"),
	GENERAL("GOBIN", "relocates", "go install puts commands here"),
	GENERAL("GOCACHE", "relocates", "go reuses compiled packages (code) from this directory"),
	GENERAL("GOCACHEPROG", "runs-value", "go runs this command as its build cache"),
	GENERAL("GOENV", "relocates", "go reads its settings (GOFLAGS, GOPROXY, …) from this file", {
		harmless: /^off$/,
	}),
	GENERAL("GOFLAGS", "configures", "go applies these flags to every command (`-toolexec` runs a program)"),
	GENERAL("GOINSECURE", "configures", "go fetches these modules (code) without TLS"),
	GENERAL("GOMODCACHE", "relocates", "go builds downloaded modules (code) from this directory"),
	GENERAL("GOPATH", "relocates", "go reads modules, sources and tools from here"),
	GENERAL("GOPRIVATE", "configures", "go fetches these modules (code) directly and unverified"),
	GENERAL("GONOPROXY", "configures", "go fetches these modules (code) directly"),
	GENERAL("GONOSUMDB", "configures", "go does not verify these modules (code)"),
	GENERAL("GOPROXY", "configures", "go downloads modules (code) from this proxy"),
	GENERAL("GOROOT", "relocates", "go runs its toolchain and standard library from here"),
	GENERAL("GOSUMDB", "configures", "go verifies modules (code) against this database", {
		harmless: /^sum\.golang\.org$/,
	}),
	GENERAL("GOTMPDIR", "relocates", "go writes and runs temporary binaries in this directory"),
	GENERAL("GOTOOLCHAIN", "configures", "go downloads and runs this toolchain", { harmless: /^local$/ }),
	GENERAL("GOVCS", "configures", "go runs these version control commands for module servers"),
	GENERAL("GOWORK", "relocates", "go reads this go.work file, which chooses the modules (code) built", {
		harmless: /^off$/,
	}),
	CGO("CC", "runs-value", "make's C rules and most build scripts run it as the C compiler"),
	CGO("CXX", "runs-value", "make's C++ rules and most build scripts run it as the C++ compiler"),
	CGO("FC", "runs-value", "make's Fortran rules run it"),
	CGO("AR", "runs-value", "make's archive rules run it"),
	CGO("PKG_CONFIG", "runs-value", "go and build scripts run it to find C libraries"),
	CGO("CGO_*", "configures", "flags cgo passes to the C compiler and linker (`-fplugin=` loads code)"),
	documentedIn("go help environment: Environment variables for use with code coverage")(
		"GOCOVERDIR",
		"writes-value",
		"programs built with -cover write coverage files to this directory",
	),
	SPECIAL("GCCGOTOOLDIR", "relocates", "gccgo runs cgo and its other tools from here"),
	SPECIAL("GIT_ALLOW_PROTOCOL", "runs-code", "git allows these transports (`ext::` runs a command)", {
		codeWhen: /(?:^|:)ext(?::|$)/,
	}),
];
