// Finds where shipped code outside adapters/ names a registered agent: identifiers and string literals only (comments
// may keep examples), matched against each agent's id and executable, case-insensitively.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { agentDefinitions } from "../../adapters/registry.js";

/** The layers that must stay agent-neutral (issue 33 §7). */
export const NEUTRAL_LAYERS = ["src", "machines", "effects", "cli", "inspector"] as const;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "public" || name === "node_modules" ? [] : tsFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The agent names a token may not contain: every id and executable in the registry. */
export function agentNamePattern(): RegExp {
  const words = [...new Set(agentDefinitions().flatMap((d) => [d.id, d.executable]))].map((w) => w.replace(/[^a-z0-9]/gi, "\\$&"));
  return new RegExp(words.join("|"), "i");
}

/** The names in one file's code that name an agent (identifiers, string and template text); comments are not code. */
export function agentNamesIn(text: string, pattern: RegExp): string[] {
  const source = ts.createSourceFile("scan.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const hits: string[] = [];
  const visit = (node: ts.Node): void => {
    const named =
      ts.isIdentifier(node) || ts.isPrivateIdentifier(node)
        ? node.text
        : ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)
          ? node.text
          : undefined;
    if (named !== undefined && pattern.test(named)) hits.push(named);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

/** Every neutral-layer file that names an agent, relative to `root`, with the tokens that do. */
export function filesNamingAgents(root: string): Map<string, string[]> {
  const pattern = agentNamePattern();
  const out = new Map<string, string[]>();
  for (const layer of NEUTRAL_LAYERS) {
    for (const file of tsFiles(join(root, layer))) {
      const hits = agentNamesIn(readFileSync(file, "utf8"), pattern);
      if (hits.length > 0) out.set(relative(root, file), hits);
    }
  }
  return out;
}
