import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// The optional runtime finds its seccomp helpers under its own `vendor/`: it is loaded from node_modules, never bundled.
export default defineConfig({ ...libraryBuild, external: ["@anthropic-ai/sandbox-runtime"] });
