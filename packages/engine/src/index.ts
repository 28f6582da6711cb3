export { checkBashCommand } from "./bash/bash-command-check";
export type { BashCommandCheck, ParsedBashCommand } from "./bash/bash-command-check";
export { createNodeConfigFileSystem, FileTooLargeError } from "./config/config-file-system";
export type { ConfigFileStat, ConfigFileSystem } from "./config/config-file-system";
export { formatConfigLoadIssue, formatKeyPath } from "./config/config-load-issue";
export type { ConfigLoadIssue, ConfigLoadIssueKind, ConfigLoadNotice } from "./config/config-load-issue";
export { ConfigLoader } from "./config/config-loader";
export type {
	ConfigLoaderOptions,
	ConfigLoadRequest,
	ConfigLoadResult,
	ScopeReport,
	ScopeStatus,
} from "./config/config-loader";
export { AGENT_DIR_ENV, configLocations, resolveAgentDir } from "./config/config-locations";
export type { AgentDirInput, ConfigLocations, LocationInput } from "./config/config-locations";
export { DEFAULT_MAX_CONFIG_BYTES } from "./config/scope-file-reader";
