#!/usr/bin/env node
// The `elwood-inspect` command: loads the TypeScript CLI through tsx (the package runs from source).
import { register } from "tsx/esm/api";

register();
await import("./cli.ts");
