/**
 * Owns: writing `schema/model-judge.schema.json` from the zod schema (`pnpm --filter @pi-permissions/model-judge schema:write`).
 * Never: edits the schema text by hand; `test/config/judge-config-json-schema.test.ts` keeps the file current.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderJudgeConfigJsonSchema } from "../src/config/judge-config-json-schema";

const target = fileURLToPath(new URL("../schema/model-judge.schema.json", import.meta.url));
writeFileSync(target, renderJudgeConfigJsonSchema());
console.log(`wrote ${target}`);
