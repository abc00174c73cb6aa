// probeModels (C-API-41): the throwaway session lists once, opens a picker that never painted once more, never retries
// any other failure, and is always torn down.

import { describe, expect, it } from "vitest";
import { PICKER_NOT_SHOWN } from "../../machines/model-picker.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { AgentModelOption } from "../../src/contracts/public-types.js";
import { probeModels } from "../../src/list-models.js";
import type { AgentSession } from "../../src/session-api.js";

const ROWS = [{ id: "sonnet", label: "Sonnet", current: true }] as unknown as readonly AgentModelOption[];

/** A session whose listModels answers from `outcomes` in order (an Error rejects); counts calls and teardowns. */
function fakeSession(outcomes: ReadonlyArray<readonly AgentModelOption[] | Error>) {
  const calls = { listModels: 0, teardown: 0 };
  const session = {
    waitForStatus: () => Promise.resolve("ready"),
    listModels: () => {
      const next = outcomes[calls.listModels++];
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    teardown: () => {
      calls.teardown += 1;
      return Promise.resolve();
    },
  } as unknown as AgentSession;
  return { session, calls };
}

const notShown = (): ElwoodError => new ElwoodError("model_automation_failed", "the /model picker did not appear", { cause: PICKER_NOT_SHOWN });

describe("probeModels (C-API-41)", () => {
  it("C-API-41: a picker that never painted is opened once more; the second reading is the answer", async () => {
    const { session, calls } = fakeSession([notShown(), ROWS]);
    await expect(probeModels(() => Promise.resolve(session), undefined)).resolves.toEqual(ROWS);
    expect(calls).toEqual({ listModels: 2, teardown: 1 });
  });

  it("C-API-41: twice not shown rejects with that error after two tries, and the session is torn down", async () => {
    const { session, calls } = fakeSession([notShown(), notShown(), ROWS]);
    await expect(probeModels(() => Promise.resolve(session), 5_000)).rejects.toMatchObject({ code: "model_automation_failed", details: { cause: PICKER_NOT_SHOWN } });
    expect(calls).toEqual({ listModels: 2, teardown: 1 });
  });

  it("C-API-41: any other failure is not retried", async () => {
    const other = new ElwoodError("model_automation_failed", "the model list could not be read to both ends", {});
    const { session, calls } = fakeSession([other, ROWS]);
    await expect(probeModels(() => Promise.resolve(session), undefined)).rejects.toBe(other);
    expect(calls).toEqual({ listModels: 1, teardown: 1 });
  });
});
