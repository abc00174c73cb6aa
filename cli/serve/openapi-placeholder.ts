// A minimal OpenAPI document until the generator (cli/serve/openapi.ts) is merged; deleted then.

import type { Route } from "./route.js";

export function buildOpenApiDocument(routes: readonly Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: { operationId: route.operationId, summary: route.summary, responses: { default: { description: "see the generator" } } } };
  }
  return { openapi: "3.1.0", info: { title: "Elwood", version: "0" }, paths };
}
