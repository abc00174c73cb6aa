// Issue 13 items 2–3: a real Codex 0.171.0 start stream, replayed through a real PTY with the chunk boundary put at every
// offset of its OSC 7501 `state=idle`, is ready from that idle signal every time (never from the 10 s deadline), and reaches
// the terminal byte for byte (no TTY echo of the terminal's answers spliced into it); a real
// 0.144.6 start is ready from its configured session header.

import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { SessionFacade } from "../../src/agent-session.js";
import { launchSession } from "../../src/launch-session.js";
import { nestingEnv } from "../../src/nesting-env.js";

const fixture = fileURLToPath(new URL("../fixtures/streams/codex-0.171.0-start.json", import.meta.url));
const replayer = fileURLToPath(new URL("../sim/replay-stream.mjs", import.meta.url));
const captured = JSON.parse(readFileSync(fixture, "utf8")) as { chunks: string[]; cols: number; rows: number };
const stream = captured.chunks.join("");
const OSC_IDLE = "\x1b]7501;state=idle:app=codex\x1b\\";
const oscStart = stream.indexOf(OSC_IDLE);
const oscEnd = oscStart + OSC_IDLE.length;

/** Every boundary from just before the OSC to just after it; each split also cuts the stream at both OSC ends. */
const splits = Array.from({ length: OSC_IDLE.length + 1 }, (_, k) => oscStart + k);

/** Where the received output first departs from the replayed stream, with a short excerpt of what came instead. */
function firstDifference(got: string, want: string): { at: number; got: string; want: string } | undefined {
  for (let i = 0; i < want.length; i += 1) {
    if (got[i] !== want[i]) return { at: i, got: got.slice(i, i + 40), want: want.slice(i, i + 40) };
  }
  return undefined;
}

const live: SessionFacade[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.kill().catch(() => {});
});

/** The PTY output each replayed session received, as the terminal saw it. */
const received = new WeakMap<SessionFacade, string[]>();

function replay(cuts: readonly number[], stream = fixture): SessionFacade {
  const size = { cols: captured.cols, rows: captured.rows };
  const runtime = launchSession({
    elwoodSessionId: randomUUID(),
    cwd: tmpdir(),
    adapter: codexAdapter,
    executable: process.execPath,
    args: [replayer, stream, JSON.stringify(cuts)],
    env: buildAgentEnv(process.env, {}, nestingEnv()),
    viaLoginShell: false,
    spawnSize: size,
    requestedSize: size,
    autotrust: false,
    resumed: false,
    stopGraceMs: 1000,
      release: async () => {},
    });
  const session = new SessionFacade(runtime);
  // The io actor created the terminal as the facade started the tree; no PTY output has been read yet.
  const chunks: string[] = [];
  runtime.terminal.headless.onRawOutput((chunk) => chunks.push(chunk));
  received.set(session, chunks);
  live.push(session);
  return session;
}

describe("Codex 0.171.0 captured start replay (issue 13 item 2)", () => {
  it("the fixture really is a start whose OSC 7501 idle arrives in a chunk of its own", () => {
    expect(oscStart).toBeGreaterThan(0);
    expect(captured.chunks).toContain(OSC_IDLE);
    expect(stream.indexOf(OSC_IDLE, oscEnd)).toBe(-1);
  });

  it("the replay reaches the terminal byte for byte: the terminal's answers to the stream's queries are not echoed into it", async () => {
    // The real CLI puts its TTY in raw mode before it queries the terminal; a replayer left in cooked mode had the line
    // discipline echo the answers (`^[[?1;2c`…) into the stream wherever they happened to land, under load inside the
    // split OSC 7501 (`state=idle^[[?1007;0$y…:app=codex`), which then no longer read as idle.
    const session = replay([oscStart, oscStart + 17, oscEnd]);
    const chunks = received.get(session) ?? [];
    await session.waitForStatus((s) => s === "ready", codexAdapter.readiness.deadlineMs + 10_000);
    await expect.poll(() => chunks.join("").length, { timeout: 20_000 }).toBeGreaterThanOrEqual(stream.length);
    expect(firstDifference(chunks.join(""), stream)).toBeUndefined();
  }, 40_000);

  it("issue 13 item 3: a captured Codex 0.144.6 start is ready only once its header names the model (not while it reads `loading`)", async () => {
    const v144 = fileURLToPath(new URL("../fixtures/streams/codex-0.144.6-start.json", import.meta.url));
    const start144 = (JSON.parse(readFileSync(v144, "utf8")) as { chunks: string[] }).chunks.join("");
    const loadingAt = start144.indexOf("loading");
    const configuredAt = start144.indexOf("gpt-5.6-sol low");
    expect(loadingAt).toBeGreaterThan(0);
    expect(configuredAt).toBeGreaterThan(loadingAt);
    // Cut right before the configured header, so the loading header and the composer get frames of their own first.
    const session = replay([start144.lastIndexOf("\x1b[?2026h", configuredAt)], v144);
    await session.waitForStatus((s) => s === "ready", codexAdapter.readiness.deadlineMs + 10_000);
    const decisions = session.statusDecisions();
    const readyAt = decisions.findIndex((d) => d.to === "ready");
    expect(decisions[readyAt]?.reason).toMatch(/ready screen/);
    // An idle composer with its footer was already on screen before: it alone did not make the session ready.
    expect(decisions.slice(0, readyAt).some((d) => d.evidence.ruleIds?.includes("codex-composer-footer") === true)).toBe(true);
  }, 30_000);

  it("the working title 0.171.0 paints after its idle report (background MCP start-up, no prompt sent) starts no turn", async () => {
    // The capture's own title spinner (`⠙ project`, then `project` again) comes after `state=idle`. Each title change is
    // cut into a read of its own so the spinner gets a frame: in one read with the next title it is never seen, which is
    // why the codex-mcp-warnings e2e only failed now and then (a turn started from the title; the session went running).
    const chunkAt = (i: number) => captured.chunks.slice(0, i).join("").length;
    const spinnerChunk = captured.chunks.findIndex((c) => /^\x1b\]0;[\u2800-\u28ff] /u.test(c));
    expect(spinnerChunk).toBeGreaterThan(captured.chunks.indexOf(OSC_IDLE));
    const session = replay([oscStart, oscEnd, chunkAt(spinnerChunk), chunkAt(spinnerChunk + 1), chunkAt(spinnerChunk + 2)]);
    await session.waitForStatus((s) => s === "ready", codexAdapter.readiness.deadlineMs + 10_000);
    const spinnerSeen = () => session.statusDecisions().findIndex((d) => d.evidence.ruleIds?.includes("codex-working-title") === true);
    await expect.poll(spinnerSeen, { timeout: 20_000, message: "the title spinner got a frame of its own" }).toBeGreaterThanOrEqual(0);
    // The frame after it (the plain title again) is decided too: had the spinner started a turn, it would show by now.
    await expect
      .poll(() => session.statusDecisions().slice(spinnerSeen() + 1).some((d) => d.evidence.kind === "frame"), { timeout: 20_000 })
      .toBe(true);
    const decisions = session.statusDecisions();
    const readyAt = decisions.findIndex((d) => d.to === "ready");
    expect(decisions.slice(readyAt + 1).filter((d) => d.to !== undefined && d.to !== "ready").map((d) => `${d.evidence.kind}: ${d.reason}`)).toEqual([]);
    expect(decisions.some((d) => d.evidence.kind === "turn.started")).toBe(false);
    expect(session.status).toBe("ready");
  }, 40_000);

  it.for(splits)("issue 13 item 2: chunk boundary at OSC offset %#: ready from the OSC 7501 idle signal, not the deadline", { timeout: 30_000 }, async (split) => {
    const session = replay([oscStart, split, oscEnd]);
    await session.waitForStatus((s) => s === "ready", codexAdapter.readiness.deadlineMs + 10_000);
    const readiness = session.statusDecisions().find((d) => d.to === "ready");
    expect(readiness?.evidence.kind).toBe("frame");
    expect(readiness?.reason).toMatch(/OSC 7501 state=idle/);
  });
});
