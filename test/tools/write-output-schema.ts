// Writes cli/output.schema.json from the TypeBox output documents (test/unit/cli-output-schema.test.ts checks it).

import { writeFileSync } from "node:fs";
import { outputSchemaText } from "../../cli/output-schema.js";

writeFileSync(new URL("../../cli/output.schema.json", import.meta.url), outputSchemaText());
