/**
 * Owns: writing `schema/config.schema.json` from the zod schema (`pnpm --filter @pi-permissions/policy schema:write`).
 * Never: edits the schema text by hand; the test in `test/config/config-json-schema.test.ts` keeps the file current.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderConfigJsonSchema } from "../src/config/config-json-schema";

const target = fileURLToPath(new URL("../schema/config.schema.json", import.meta.url));
writeFileSync(target, renderConfigJsonSchema());
console.log(`wrote ${target}`);
