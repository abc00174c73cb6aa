// The server's secrets and limits at its edges: the token never reaches an agent, no wildcard allowlist without a token,
// upload names within the file system's byte limit.

import { describe, expect, it } from "vitest";
import { resolveServeSettings } from "../../cli/serve/serve-options.js";
import { safeFileName } from "../../cli/serve/upload-store.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { nestingEnv } from "../../src/nesting-env.js";

describe("elwood serve hardening", () => {
  it("the serve token in the server's environment is not handed to an agent it starts", () => {
    const env = buildAgentEnv({ ELWOOD_SERVE_TOKEN: "x".repeat(24), PATH: "/usr/bin" }, { ELWOOD_SESSION_ID: "s" }, nestingEnv());
    expect(env).not.toHaveProperty("ELWOOD_SERVE_TOKEN");
    expect(env).toMatchObject({ PATH: "/usr/bin", ELWOOD_SESSION_ID: "s" });
  });

  it("--no-auth refuses a wildcard Origin or Host allowlist; with a token a wildcard stays the caller's choice", () => {
    expect(() => resolveServeSettings({ "no-auth": true, "allowed-origins": "*" }, {})).toThrow(/--allowed-origins '\*'/);
    expect(() => resolveServeSettings({ "no-auth": true, "allowed-hosts": "a.test,*" }, {})).toThrow(/--allowed-hosts '\*'/);
    expect(resolveServeSettings({ "allowed-origins": "*" }, {})).toMatchObject({ allowedOrigins: ["*"] });
    expect(resolveServeSettings({ "no-auth": true, "allowed-origins": "http://localhost:5173" }, {})).toMatchObject({ token: undefined });
  });

  it("an upload name is cut to at most 200 UTF-8 bytes at a character boundary", () => {
    const cjk = safeFileName("文".repeat(200));
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(200);
    expect(cjk).toBe("文".repeat(66));
    const emoji = safeFileName("😀".repeat(60));
    expect(emoji).toBe("😀".repeat(50));
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
  });
});

describe("elwood serve upload limit", () => {
  it("--max-upload sets the /upload limit on its own, apart from --max-body; out of range is a usage error", () => {
    expect(resolveServeSettings({}, {})).toMatchObject({ maxUploadBytes: 16 * 1024 * 1024, maxBodyBytes: 1024 * 1024 });
    expect(resolveServeSettings({ "max-upload": "4096" }, {})).toMatchObject({ maxUploadBytes: 4096, maxBodyBytes: 1024 * 1024 });
    expect(() => resolveServeSettings({ "max-upload": "12" }, {})).toThrow(/--max-upload/);
  });
});
