// `elwood serve`'s own options (parsed alongside the run options it shares) and their validation into server settings.

import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { usageError } from "../cli-error.js";
import { type OptionDoc, RUN_OPTIONS, type RunOptionName, type RunValues } from "../options.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http-server.js";
import { MAX_UPLOAD_BYTES } from "./upload-store.js";

/** `elwood serve`'s own options, documented like the run options (help-text.ts writes both from the tables). */
export const SERVE_OPTIONS = {
  port: { type: "string", arg: "<n>", help: "listen port (default: 3284; 0 picks a free one, printed on stdout)", for: ["serve"] },
  host: { type: "string", arg: "<addr>", help: "listen address (default: 127.0.0.1)", for: ["serve"] },
  token: { type: "string", arg: "<t>", help: "bearer token (default: $ELWOOD_SERVE_TOKEN, else generated and printed on stdout)", for: ["serve"] },
  "no-auth": { type: "boolean", help: "no token (refused unless the host is loopback)", for: ["serve"] },
  "allowed-hosts": { type: "string", arg: "<a,b>", help: "accepted Host headers (default: localhost, 127.0.0.1, [::1], --host; with the port)", for: ["serve"] },
  "allowed-origins": { type: "string", arg: "<a,b>", help: "accepted Origin headers (default: none; requests without Origin are accepted)", for: ["serve"] },
  "max-sessions": { type: "string", arg: "<n>", help: "live sessions at most (default: 8); more answer 429 session_limit", for: ["serve"] },
  "max-body": { type: "string", arg: "<bytes>", help: "largest JSON request body (default: 1048576)", for: ["serve"] },
  "max-upload": { type: "string", arg: "<bytes>", help: "largest file POST /upload takes (default: 16777216)", for: ["serve"] },
} as const satisfies Record<string, OptionDoc & { type: "string" | "boolean" }>;

export type ServeValues = {
  -readonly [K in keyof typeof SERVE_OPTIONS]?: (typeof SERVE_OPTIONS)[K] extends { type: "string" } ? string : boolean;
};

/** Run options that make no sense for a server (they belong to one turn or one stored session): the table says which. */
export const NOT_FOR_SERVE: readonly RunOptionName[] = Object.entries(RUN_OPTIONS)
  .filter(([, option]) => !(option.for as readonly string[]).includes("serve"))
  .map(([name]) => name);

export const DEFAULT_PORT = 3284;
export const DEFAULT_MAX_SESSIONS = 8;

export interface ServeSettings {
  readonly host: string;
  readonly port: number;
  /** undefined only with --no-auth. */
  readonly token: string | undefined;
  /** True when the server made the token up (it is printed once on stdout). */
  readonly tokenGenerated: boolean;
  readonly allowedHosts: readonly string[] | undefined;
  readonly allowedOrigins: readonly string[];
  readonly maxSessions: number;
  readonly maxBodyBytes: number;
  /** The largest file `POST /upload` takes (JSON bodies have their own, smaller limit). */
  readonly maxUploadBytes: number;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw usageError(`--${name} must be a whole number (got '${raw}')`);
  const value = Number(raw);
  if (value < min || value > max) throw usageError(`--${name} must be between ${min} and ${max} (got ${value})`);
  return value;
}

const list = (raw: string | undefined): string[] | undefined =>
  raw === undefined
    ? undefined
    : raw
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1";
}

export function resolveServeSettings(values: RunValues & ServeValues, env: Readonly<Record<string, string | undefined>>): ServeSettings {
  const used = NOT_FOR_SERVE.filter((name) => values[name] !== undefined);
  if (used.length > 0) throw usageError(`elwood serve does not take --${used[0]} (it belongs to a single run)`);
  const host = values.host ?? "127.0.0.1";
  const port = integer("port", values.port, DEFAULT_PORT, 0, 65_535);
  const noAuth = values["no-auth"] === true;
  const given = values.token ?? (env.ELWOOD_SERVE_TOKEN === "" ? undefined : env.ELWOOD_SERVE_TOKEN);
  if (noAuth && values.token !== undefined) throw usageError("--token and --no-auth cannot be used together");
  if (noAuth && !isLoopback(host)) throw usageError(`--no-auth is refused on a non-loopback host (${host}): anyone who can reach it could drive the agents`);
  if (given !== undefined && given.length < 16) throw usageError("the token must be at least 16 characters");
  const token = noAuth ? undefined : (given ?? randomBytes(24).toString("base64url"));
  const allowedHosts = list(values["allowed-hosts"]);
  const allowedOrigins = list(values["allowed-origins"]) ?? [];
  // Without a token, the allowlists are all that stands between a web page the user visits and the agents.
  if (noAuth && allowedOrigins.includes("*")) throw usageError("--no-auth cannot be used with --allowed-origins '*': any web page could drive the agents");
  if (noAuth && allowedHosts?.includes("*") === true) throw usageError("--no-auth cannot be used with --allowed-hosts '*': DNS rebinding could reach the agents");
  return {
    host,
    port,
    token,
    tokenGenerated: !noAuth && given === undefined,
    allowedHosts,
    allowedOrigins,
    maxSessions: integer("max-sessions", values["max-sessions"], DEFAULT_MAX_SESSIONS, 1, 1_000),
    maxBodyBytes: integer("max-body", values["max-body"], DEFAULT_MAX_BODY_BYTES, 1_024, 1024 * 1024 * 1024),
    maxUploadBytes: integer("max-upload", values["max-upload"], MAX_UPLOAD_BYTES, 1_024, 1024 * 1024 * 1024),
  };
}
