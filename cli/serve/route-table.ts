// Every route `elwood serve` dispatches on (agentapi's, the native ones, operations) and the named schemas they use.

import type { TSchema } from "@sinclair/typebox";
import type { CompatConversation } from "./compat-conversation.js";
import { type CompatRouteOptions, compatRoutes } from "./compat-routes.js";
import { nativeRoutes } from "./native-routes.js";
import { opsRoutes } from "./ops-routes.js";
import type { Route } from "./route.js";
import { COMPAT_SCHEMAS } from "./schemas/compat.js";
import { NATIVE_SCHEMAS } from "./schemas/native.js";
import type { SessionRegistry } from "./session-registry.js";
import type { UploadStore } from "./upload-store.js";

export interface RouteTable {
  readonly routes: readonly Route[];
  readonly schemas: readonly TSchema[];
}

/** `compat` gives the default session's conversation and upload store once there is one. */
export function serveRouteTable(
  registry: SessionRegistry,
  compat: () => { conversation: CompatConversation; uploads: UploadStore } | undefined,
  compatOptions: CompatRouteOptions = {},
): RouteTable {
  const schemas = [...COMPAT_SCHEMAS, ...NATIVE_SCHEMAS];
  const routes: Route[] = [...compatRoutes({ conversation: () => compat()?.conversation, uploads: () => compat()?.uploads }, compatOptions), ...nativeRoutes(registry)];
  routes.push(...opsRoutes({ sessions: () => registry.size, maxSessions: registry.maxSessions, routes: () => routes, schemas }));
  return { routes, schemas };
}
