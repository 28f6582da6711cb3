import { describe, expect, it } from "vitest";
import { nodeOptionsVerdict } from "../../../../src/bash/runs/program-environment/node";
import { expectEffect, OPAQUE, PLAIN, relocating } from "../../../support/effect-verdict";

const DATA = "data:text/javascript;base64,aW1wb3J0e30=";

describe("nodeOptionsVerdict", () => {
	it.each([
		["--max-old-space-size=4096", "inert"],
		["--max_old_space_size=4096", "inert"],
		["--no-warnings --enable-source-maps", "inert"],
		["--experimental-vm-modules", "inert"],
		["--unhandled-rejections=strict --trace-warnings", "inert"],
		["--openssl-legacy-provider", "inert"],
		["--test-reporter=spec", "inert"],
		["  --no-deprecation  ", "inert"],
		["", "inert"],
		// SECURITY: node removes double quotes anywhere and reads `_` as `-` (N1-nodeopt-quote-split, N1-nodeopt-underscore).
		[`--im""port=${DATA}`, "runs-code"],
		[`"--import=${DATA}"`, "runs-code"],
		[`--experimental_loader=${DATA}`, "runs-code"],
		[`--experimental-loader ${DATA}`, "runs-code"],
		[`--loader=${DATA}`, "runs-code"],
		["--require ./x.js", "runs-code"],
		["-r ./x.js", "runs-code"],
		["--import=./x.mjs", "runs-code"],
		["--inspect=0.0.0.0:9229", "runs-code"],
		["--inspect", "runs-code"],
		["--openssl-config=./o.cnf", "runs-code"],
		["--snapshot-blob=./s.blob", "runs-code"],
		["--test-reporter=./r.mjs", "runs-code"],
		["--redirect-warnings=/home/u/.bashrc", "runs-code"],
		["--tls-keylog=./keys", "runs-code"],
		["--no-warnings --require=./x.js", "runs-code"],
		// Not known: an option node does not allow there, an operand, unterminated quotes, module resolution.
		["--frobnicate", "unknown"],
		["app.js", "unknown"],
		['"--no-warnings', "unknown"],
		["--conditions=development", "unknown"],
		["--imp=./x.mjs", "unknown"],
		["'--import=./x.mjs'", "unknown"],
	] as const)("%s -> %s", (value, verdict) => {
		expect(nodeOptionsVerdict(value)).toBe(verdict);
	});
});

describe("node's own command line reads `_` as `-` (N1-node-underscore-loader)", () => {
	it.each([
		[`node --experimental_loader='${DATA}' /dev/null`, OPAQUE],
		[`node --experimental-loader='${DATA}' /dev/null`, OPAQUE],
		[`node --im_port='${DATA}' app.js`, PLAIN],
		["node --max_old_space_size=4096 app.js", PLAIN],
		[`NODE_OPTIONS='--experimental_loader=${DATA}' npm test`, OPAQUE],
		["NODE_OPTIONS='--frobnicate' npm test", relocating("NODE_OPTIONS")],
	] as const)("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
