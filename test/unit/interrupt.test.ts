// Unit tests for interrupt: one Escape only during a real turn, coalescing, ready resolution, timeout, session end (C-API-38, C-TURN-02).

import { describe, expect, it } from "vitest";
import type { StatusChangedEvent } from "../../src/contracts/events.js";
import { interruptMachine, type InterruptInput } from "../../machines/interrupt.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import { hostChild } from "../support/machine-host.js";

function start(input: InterruptInput) {
  const host = hostChild(interruptMachine, input);
  let status: SessionStatus = input.status ?? "starting";
  return {
    host,
    request: (id: string, timeoutMs?: number) =>
      host.send(timeoutMs === undefined ? { type: "interrupt.request", id } : { type: "interrupt.request", id, timeoutMs }),
    status(to: SessionStatus) {
      const event: StatusChangedEvent = { type: "status.changed", from: status, to, initial: false };
      status = to;
      host.send(event);
    },
    results: () => host.received.filter((e) => e.type === "interrupt.resolved" || e.type === "interrupt.failed"),
  };
}

describe("interrupt machine", () => {
  it("C-API-38 C-TURN-02 a running turn gets one Escape and resolves at the next ready", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    expect(i.host.writes()).toEqual([expect.objectContaining({ data: "\x1b", purpose: "escape", guardDialog: false })]);
    i.host.answer("written");
    expect(i.results()).toEqual([]);
    i.status("ready");
    expect(i.results()).toEqual([{ type: "interrupt.resolved", ids: ["a"] }]);
  });

  it("C-API-38 a blocked session (dialog) is interrupted too, resolving when the dialog clears to ready", () => {
    const i = start({ status: "blocked", initialReady: true });
    i.request("a");
    expect(i.host.writes()).toHaveLength(1);
    i.host.answer("written");
    i.status("ready");
    expect(i.results()).toEqual([{ type: "interrupt.resolved", ids: ["a"] }]);
  });

  it("C-API-38 an idle ready session resolves immediately and writes nothing", () => {
    const i = start({ status: "ready", initialReady: true });
    i.request("a");
    expect(i.host.writes()).toEqual([]);
    expect(i.results()).toEqual([{ type: "interrupt.resolved", ids: ["a"] }]);
  });

  it("C-API-38 pre-readiness running (startup) resolves immediately and writes nothing", () => {
    const i = start({ status: "running", initialReady: false });
    i.request("a");
    expect(i.host.writes()).toEqual([]);
    expect(i.results()).toEqual([{ type: "interrupt.resolved", ids: ["a"] }]);
  });

  it("C-API-38 concurrent calls coalesce onto one Escape", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.answer("written");
    i.request("b");
    i.request("c");
    expect(i.host.writes()).toHaveLength(1);
    i.status("ready");
    expect(i.results()).toEqual([{ type: "interrupt.resolved", ids: ["a", "b", "c"] }]);
  });

  it("C-API-38 no ready within the first caller's timeout fails every caller with interrupt_failed", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a", 500);
    i.host.answer("written");
    i.host.advance(300);
    i.request("b", 10_000); // joins; does not extend the first deadline
    i.host.advance(199);
    expect(i.results()).toEqual([]);
    i.host.advance(1);
    expect(i.results()).toEqual([
      expect.objectContaining({ type: "interrupt.failed", ids: ["a", "b"], error: expect.objectContaining({ name: "interrupt_failed" }) }),
    ]);
    expect(i.host.value()).toBe("idle");
  });

  it("the default timeout is 10 s", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.answer("written");
    i.host.advance(9_999);
    expect(i.results()).toEqual([]);
    i.host.advance(1);
    expect(i.results()).toHaveLength(1);
  });

  it("C-API-38 the session ending first fails waiting callers with session_not_running; later calls too", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.send({ type: "session.ended" });
    i.request("b");
    expect(i.results()).toEqual([
      expect.objectContaining({ ids: ["a"], error: expect.objectContaining({ name: "session_not_running" }) }),
      expect.objectContaining({ ids: ["b"], error: expect.objectContaining({ name: "session_not_running" }) }),
    ]);
    expect(i.host.writes()).toHaveLength(1);
  });

  it("a terminal status while pending fails callers with session_not_running", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.status("exited");
    expect(i.results()).toEqual([expect.objectContaining({ type: "interrupt.failed", error: expect.objectContaining({ name: "session_not_running" }) })]);
  });

  it("C-API-25 an interrupt on an already-terminated session rejects with session_not_running", () => {
    const i = start({ status: "stopped", initialReady: true });
    i.request("a");
    expect(i.host.writes()).toEqual([]);
    expect(i.results()).toEqual([expect.objectContaining({ type: "interrupt.failed", error: expect.objectContaining({ name: "session_not_running" }) })]);
  });

  it("a held Escape is re-requested, never duplicated once written", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.answer("held");
    i.host.advance(100);
    expect(i.host.writes()).toHaveLength(2);
    i.host.answer("written");
    i.host.advance(1_000);
    expect(i.host.writes()).toHaveLength(2);
  });

  it("a failed Escape write fails the callers with interrupt_failed and a later interrupt can run", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.answer("failed");
    expect(i.results()).toEqual([expect.objectContaining({ ids: ["a"], error: expect.objectContaining({ name: "interrupt_failed" }) })]);
    i.request("b");
    expect(i.host.writes()).toHaveLength(2);
  });

  it("a second interrupt after one resolved writes a fresh Escape", () => {
    const i = start({ status: "running", initialReady: true });
    i.request("a");
    i.host.answer("written");
    i.status("ready");
    i.status("running");
    i.request("b");
    expect(i.host.writes()).toHaveLength(2);
  });
});
