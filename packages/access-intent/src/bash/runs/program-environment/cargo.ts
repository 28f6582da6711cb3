/**
 * Owns: cargo's documented environment variables that name a file, a command or a configuration, classified (the
 * Cargo Book, "Environment Variables": "Environment variables Cargo reads" and "Configuration environment
 * variables"; cargo is installed without its man pages, so the book was read). Every config key is also a
 * `CARGO_<KEY>` variable: those without a row are `configures`. rustup's `RUSTUP_HOME` and `RUSTUP_TOOLCHAIN` (the
 * rustup book, "Environment variables") choose the toolchain cargo runs.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const READS = documentedIn("Cargo Book, Environment Variables: Environment variables Cargo reads");
const CONFIG = documentedIn("Cargo Book, Environment Variables: Configuration environment variables");
const RUSTUP = documentedIn("rustup book, Environment variables (not installed here, not read)");

/** rustc flags that only set lints, optimisation, debug info or cfgs: no linker, plugin or search path. */
const HARMLESS_RUSTFLAGS =
	/^\s*(?:(?:-[DWAF]\s*[\w:-]+|--(?:deny|warn|allow|forbid)[= ][\w:-]+|-C\s*(?:opt-level|debuginfo|debug-assertions|overflow-checks|codegen-units|incremental|target-cpu|target-feature|lto|panic|strip|force-frame-pointers)=[\w.,+-]*|-g|-O|--cfg[= ][\w="-]+)\s*)*$/;

export const CARGO_ENVIRONMENT: readonly EnvironmentRow[] = [
	READS("CARGO_HOME", "relocates", "cargo reads its config, registry cache and installed commands from here"),
	READS("CARGO_TARGET_DIR", "relocates", "cargo reuses build scripts and artifacts (code) from this directory"),
	READS("CARGO", "configures", "cargo hands this program to build scripts and external subcommands as cargo"),
	READS("RUSTC", "runs-value", "cargo runs it as the compiler"),
	READS("RUSTC_WRAPPER", "runs-value", "cargo runs it around every compiler call"),
	READS("RUSTC_WORKSPACE_WRAPPER", "runs-value", "cargo runs it around every compiler call of the workspace"),
	READS("RUSTDOC", "runs-value", "cargo runs it as rustdoc"),
	READS("RUSTFMT", "runs-value", "cargo fmt runs it as rustfmt"),
	READS("RUSTFLAGS", "configures", "compiler flags (`-C linker=…` runs a program)", { harmless: HARMLESS_RUSTFLAGS }),
	READS("CARGO_ENCODED_RUSTFLAGS", "configures", "compiler flags (`-C linker=…` runs a program)"),
	READS("RUSTDOCFLAGS", "configures", "rustdoc flags (`--test-runtool` runs a program)", {
		harmless: HARMLESS_RUSTFLAGS,
	}),
	READS("CARGO_ENCODED_RUSTDOCFLAGS", "configures", "rustdoc flags (`--test-runtool` runs a program)"),
	READS("BROWSER", "runs-value", "man --html, git web--browse and cargo doc --open run it"),
	CONFIG("CARGO_*", "configures", "cargo reads it as a config setting, which may change what cargo runs"),
	CONFIG("CARGO_BUILD_RUSTC", "runs-value", "cargo runs it as the compiler"),
	CONFIG("CARGO_BUILD_RUSTC_WRAPPER", "runs-value", "cargo runs it around every compiler call"),
	CONFIG("CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER", "runs-value", "cargo runs it around the workspace's compiler calls"),
	CONFIG("CARGO_BUILD_RUSTDOC", "runs-value", "cargo runs it as rustdoc"),
	CONFIG("CARGO_BUILD_TARGET_DIR", "relocates", "cargo reuses build scripts and artifacts (code) from this directory"),
	CONFIG("CARGO_INSTALL_ROOT", "relocates", "cargo install puts commands here"),
	CONFIG("CARGO_TARGET_*_LINKER", "runs-value", "cargo runs it as the linker"),
	CONFIG("CARGO_TARGET_*_RUNNER", "runs-value", "cargo run and cargo test run the program through it"),
	CONFIG("CARGO_REGISTRY_CREDENTIAL_PROVIDER", "runs-value", "cargo runs it to get a registry token"),
	CONFIG("CARGO_REGISTRY_GLOBAL_CREDENTIAL_PROVIDERS", "runs-value", "cargo runs them to get registry tokens"),
	CONFIG("CARGO_REGISTRIES_*_CREDENTIAL_PROVIDER", "runs-value", "cargo runs it to get a registry token"),
	CONFIG("CARGO_HTTP_CAINFO", "reads-value", "cargo trusts the certificates in this file"),
	RUSTUP("RUSTUP_HOME", "relocates", "rustup runs toolchains (compilers, cargo) from here"),
	RUSTUP("RUSTUP_TOOLCHAIN", "relocates", "rustup runs this toolchain (a path names a directory of programs)"),
];
