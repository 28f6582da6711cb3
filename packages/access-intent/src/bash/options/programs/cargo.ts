/**
 * Owns: cargo's options (cargo 1.95, `cargo --help`, `cargo help build`) whose value names a configuration or a
 * directory; cargo reads its global options anywhere before `--`.
 * Never: reads `Cargo.toml` or `.cargo/config.toml`; what a build script runs is the build's by design.
 */
import { NO_ABBREVIATION_READING, named, type ProgramTable, programOptions } from "./program-options";

const GLOBAL = "cargo(1) OPTIONS";
const BUILD = "cargo-build(1) OPTIONS";

/** clap: long names written whole, short options bundle; `--` hands the rest to the program run. */
export const CARGO_TABLE: ProgramTable = {
	global: programOptions(
		NO_ABBREVIATION_READING,
		[
			named(["--config"], "config", `${GLOBAL}: --config <KEY=VALUE|PATH> (runner, linker, aliases)`),
			named(["-C"], "config", `${GLOBAL}: -C <DIRECTORY> (that project's .cargo/config.toml)`),
			named(["--manifest-path"], "config", `${BUILD}: Manifest Options --manifest-path <PATH>`),
			named(["--target-dir"], "directory", `${BUILD}: Output Options --target-dir <DIRECTORY>`),
			named(["--artifact-dir", "--out-dir"], "directory", `${BUILD}: Output Options --artifact-dir <PATH>`),
			named(["--root"], "directory", "cargo-install(1) OPTIONS: --root <DIR>"),
			named(["--path"], "directory", "cargo-install(1) OPTIONS: --path <PATH>"),
			named(["--lockfile-path"], "writes", `${BUILD}: Manifest Options --lockfile-path <PATH>`),
		],
		{
			shortValue: "Zpj",
			shortFlag: "VvqhrF",
			longValue: [
				...["color", "explain", "package", "exclude", "bin", "example", "test", "bench", "features"],
				...["profile", "jobs", "target", "message-format", "git", "branch", "tag", "rev", "registry", "index"],
			],
		},
	),
};
