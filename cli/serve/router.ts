// Matches a request's method and path against the route table; `:name` segments become URI-decoded path parameters.

import type { HttpMethod, Route } from "./route.js";

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Readonly<Record<string, string>> }
  /** The path exists but not for this method: a 405 naming the allowed ones. */
  | { readonly kind: "method_not_allowed"; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: "not_found" }
  /** A parameter was not valid percent-encoding. */
  | { readonly kind: "bad_path" };

interface CompiledRoute {
  readonly route: Route;
  readonly segments: readonly string[];
}

const split = (path: string): string[] => path.split("/").filter((s) => s !== "");

export class Router {
  private readonly compiled: readonly CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
  }

  match(method: string, pathname: string): RouteMatch {
    const parts = split(pathname);
    const allowed: HttpMethod[] = [];
    for (const { route, segments } of this.compiled) {
      const params = matchSegments(segments, parts);
      if (params === undefined) continue;
      if (params === null) return { kind: "bad_path" };
      // HEAD is answered like GET without a body by node's http module only if we treat it so; we do not serve HEAD.
      if (route.method === method) return { kind: "found", route, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
  }
}

/** The parameters when `parts` fit the pattern, undefined when they do not, null when a parameter is malformed. */
function matchSegments(pattern: readonly string[], parts: readonly string[]): Record<string, string> | undefined | null {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const want = pattern[i] as string;
    const got = parts[i] as string;
    if (want.startsWith(":")) {
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) return undefined;
  }
  return params;
}
