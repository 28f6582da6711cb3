import { describe, expect, it } from "vitest";
import { canonicalEnvironmentName, ignoredSetting } from "../../../src/bash/runs/environment-names";
import { expectEffect, OPAQUE, relocating, runs } from "../../support/effect-verdict";

describe("canonicalEnvironmentName", () => {
	it.each([
		["npm_config_node_options", "npm_config_node_options"],
		["NPM_CONFIG_NODE_OPTIONS", "npm_config_node_options"],
		["npm_config_NODE_OPTIONS", "npm_config_node_options"],
		["Npm_Config_Node_Options", "npm_config_node_options"],
		["npm_config_node-options", "npm_config_node_options"],
		["NPM_CONFIG_GLOBALCONFIG", "npm_config_globalconfig"],
		["npm_config__auth", "npm_config__auth"],
		["npm_config_//registry/:_authToken", "npm_config_//registry/:_authToken"],
		["PNPM_CONFIG_STORE_DIR", "pnpm_config_store_dir"],
		["HOME", "HOME"],
		["home", "home"],
		["NODE_OPTIONS", "NODE_OPTIONS"],
	])("%s -> %s", (name, canonical) => {
		expect(canonicalEnvironmentName(name)).toBe(canonical);
	});

	it("knows npm ignores an empty npm_config_ setting, and nothing else", () => {
		expect(ignoredSetting("NPM_CONFIG_SCRIPT_SHELL", "")).toBe(true);
		expect(ignoredSetting("NPM_CONFIG_SCRIPT_SHELL", "x")).toBe(false);
		expect(ignoredSetting("HOME", "")).toBe(false);
	});

	it.each([
		// SECURITY: every spelling npm reads meets the row (N1-npmcfg-mixed-run).
		["npm_config_NODE_OPTIONS='--import=data:text/javascript,0' npm run build", OPAQUE],
		["Npm_Config_Node_Options=--require=./x.js npm test", OPAQUE],
		["env npm_config_node-options=--require=./x.js npm test", OPAQUE],
		["NPM_CONFIG_SCRIPT_SHELL='rm x;:' npm test", runs("rm x")],
		["npm_config_Script_Shell=./evil npm test", runs("./evil")],
		["NPM_CONFIG_GLOBALCONFIG=/tmp/npmrc npm test", relocating("NPM_CONFIG_GLOBALCONFIG")],
		["Npm_Config_UserConfig=/tmp/npmrc npm test", relocating("Npm_Config_UserConfig")],
	] as const)("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
