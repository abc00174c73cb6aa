// Unit tests of the inspection hub: a session's actor system is observed only while someone listens (issue 16).
import { describe, expect, it } from "vitest";
import { createActor, createMachine, type InspectionEvent, type Subscription } from "xstate";
import { registerInspectable, subscribeInspection } from "../../src/inspection-hub.js";

/** A stand-in for an XState actor system that records how it is observed (the hub only calls `inspect`). */
function recordingSystem(): { system: { inspect(o: (e: InspectionEvent) => void): Subscription }; observers: Set<(e: InspectionEvent) => void>; inspectCalls: number } {
  const observers = new Set<(e: InspectionEvent) => void>();
  const state = {
    observers,
    inspectCalls: 0,
    system: {
      inspect(observer: (e: InspectionEvent) => void): Subscription {
        state.inspectCalls += 1;
        observers.add(observer);
        return { unsubscribe: () => observers.delete(observer) };
      },
    },
  };
  return state;
}

const fakeEvent = { type: "@xstate.event" } as unknown as InspectionEvent;

describe("inspection hub (issue 16 part 2: no inspection work without an inspector)", () => {
  it("issue 16: a registered system gets an observer only while a listener exists, one however many listen", () => {
    const rec = recordingSystem();
    registerInspectable("sess-a", rec);
    expect(rec.inspectCalls).toBe(0);
    expect(rec.observers.size).toBe(0);

    const seen: string[] = [];
    const offFirst = subscribeInspection((sid) => seen.push(`first:${sid}`));
    const offSecond = subscribeInspection((sid) => seen.push(`second:${sid}`));
    expect(rec.inspectCalls).toBe(1);
    for (const observer of rec.observers) observer(fakeEvent);
    expect(seen).toEqual(["first:sess-a", "second:sess-a"]);

    offFirst();
    expect(rec.observers.size).toBe(1);
    offSecond();
    expect(rec.observers.size).toBe(0);
    offSecond();
    expect(rec.observers.size).toBe(0);
  });

  it("issue 16: a system registered while a listener exists is observed at once; a throwing listener stays contained", () => {
    const seen: string[] = [];
    const offThrowing = subscribeInspection(() => {
      throw new Error("inspector broke");
    });
    const off = subscribeInspection((sid, event) => seen.push(`${sid}:${event.type}`));
    const rec = recordingSystem();
    registerInspectable("sess-b", rec);
    expect(rec.observers.size).toBe(1);
    for (const observer of rec.observers) expect(() => observer(fakeEvent)).not.toThrow();
    expect(seen).toEqual(["sess-b:@xstate.event"]);
    off();
    offThrowing();
    expect(rec.observers.size).toBe(0);
  });

  it("issue 16: a real actor's events reach a listener tagged with its session id, and stop when it unsubscribes", () => {
    const machine = createMachine({ id: "toggle", initial: "off", states: { off: { on: { FLIP: "on" } }, on: { on: { FLIP: "off" } } } });
    const actor = createActor(machine);
    registerInspectable("sess-real", actor);
    actor.start();
    const events: string[] = [];
    const off = subscribeInspection((sid, event) => {
      if (sid === "sess-real" && event.type === "@xstate.event") events.push((event as { event: { type: string } }).event.type);
    });
    actor.send({ type: "FLIP" });
    off();
    actor.send({ type: "FLIP" });
    expect(events).toEqual(["FLIP"]);
    expect(actor.getSnapshot().value).toBe("off");
    actor.stop();
  });
});
