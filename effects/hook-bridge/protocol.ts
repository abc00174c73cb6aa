// Wire format shared by bridge.mjs (child) and HookBridgeServer (parent): limits, header validation, reply encoding.

/** Claude's hook payload ceiling as Elwood enforces it (spec B §7.5): 8 MiB of body. */
export const HOOK_MAX_BYTES = 8 * 1024 * 1024;

/** A header line longer than this is not a header (token + event name + size fit in a few hundred bytes). */
export const HEADER_MAX_BYTES = 64 * 1024;

export const PROTOCOL_VERSION = 1;

/** What the bridge says before the body. `oversized` means the body was over the ceiling and was not sent. */
export type BridgeHeader = {
  readonly v: number;
  readonly token: string;
  readonly event: string;
  readonly size: number;
  readonly oversized?: boolean;
};

export type BridgeReply = { readonly stdout: string; readonly stderr?: string; readonly exitCode: number };

/** The reply that makes the CLI behave as if no hook ran. */
export const FAIL_OPEN_REPLY: BridgeReply = Object.freeze({ stdout: "", exitCode: 0 });

export type HeaderParse = { readonly ok: true; readonly header: BridgeHeader } | { readonly ok: false; readonly reason: string };

export function parseHeader(line: string): HeaderParse {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { ok: false, reason: "request header is not JSON" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, reason: "request header is not an object" };
  const h = raw as Record<string, unknown>;
  if (h.v !== PROTOCOL_VERSION) return { ok: false, reason: "unsupported bridge protocol version" };
  if (typeof h.token !== "string") return { ok: false, reason: "request header has no token" };
  if (typeof h.event !== "string") return { ok: false, reason: "request header has no event name" };
  if (typeof h.size !== "number" || !Number.isSafeInteger(h.size) || h.size < 0) {
    return { ok: false, reason: "request header has no valid body size" };
  }
  if (h.oversized !== undefined && typeof h.oversized !== "boolean") return { ok: false, reason: "request header oversized flag is not boolean" };
  const header: BridgeHeader =
    h.oversized === true
      ? { v: PROTOCOL_VERSION, token: h.token, event: h.event, size: h.size, oversized: true }
      : { v: PROTOCOL_VERSION, token: h.token, event: h.event, size: h.size };
  return { ok: true, header };
}

/** One JSON line; built from known fields only so nothing caller-shaped (toJSON, then) leaks into the wire. */
export function encodeReply(reply: BridgeReply): string {
  const exitCode = Number.isInteger(reply.exitCode) && reply.exitCode >= 0 && reply.exitCode <= 255 ? reply.exitCode : 0;
  const wire: { stdout: string; stderr?: string; exitCode: number } = { stdout: String(reply.stdout), exitCode };
  if (typeof reply.stderr === "string" && reply.stderr !== "") wire.stderr = reply.stderr;
  return JSON.stringify(wire) + "\n";
}
