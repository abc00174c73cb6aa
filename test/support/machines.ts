// Test support: the module-level machine definitions with their ids, for tests that go over all of them.

import { fromCallback, type AnyStateMachine } from "xstate";
import { controlQueueMachine } from "../../machines/control-queue.js";
import { imageAttachMachine } from "../../machines/image-attach.js";
import { interruptMachine } from "../../machines/interrupt.js";
import { loginMachine } from "../../machines/login.js";
import { loopMachine } from "../../machines/loop.js";
import { modelPickerMachine } from "../../machines/model-picker.js";
import { dialogKeyWatchMachine } from "../../machines/dialog-key-watch.js";
import { createSessionMachine } from "../../machines/session.js";
import { statusMachine } from "../../machines/status.js";
import { submissionMachine } from "../../machines/submission.js";
import { trustResponderMachine } from "../../machines/trust-responder.js";
import { turnMachine } from "../../machines/turn.js";
import { turnWindowsMachine } from "../../machines/turn-windows.js";
import { waitDeadlinesMachine } from "../../machines/wait-deadlines.js";

/** The session-tree machines always running beside the session machine (the root machine is built per session). */
export const LIVE_MACHINES: readonly (readonly [string, AnyStateMachine])[] = [
  ["status", statusMachine],
  ["turn", turnMachine],
  ["controlQueue", controlQueueMachine],
  ["submission", submissionMachine],
  ["interrupt", interruptMachine],
  ["trust", trustResponderMachine],
  ["waits", waitDeadlinesMachine],
  ["keyWatch", dialogKeyWatchMachine],
];

/** The exclusive transactions, each spawned only while it runs. */
export const TRANSACTION_MACHINES: readonly (readonly [string, AnyStateMachine])[] = [
  ["imageAttach", imageAttachMachine],
  ["login", loginMachine],
  ["modelPicker", modelPickerMachine],
];

/** The machines the session spawns one of per item: a loop per recurring-loop definition. */
export const SPAWNED_MACHINES: readonly (readonly [string, AnyStateMachine])[] = [["loop", loopMachine]];

/** The machines of the conversation layer, one per send/stream turn, outside the session's tree. */
export const CONVERSATION_MACHINES: readonly (readonly [string, AnyStateMachine])[] = [["turnWindows", turnWindowsMachine]];

/** The root session machine, built with stand-in edges: only its graph is read from this one. */
const SESSION_MACHINE = createSessionMachine({ io: fromCallback(() => undefined), listen: fromCallback(() => undefined), effects: fromCallback(() => undefined), hooks: fromCallback(() => undefined), end: fromCallback(() => undefined) });

/** Every machine in machines/, root included: the model-coverage report measures each. */
export const ALL_MACHINES: readonly (readonly [string, AnyStateMachine])[] = [["session", SESSION_MACHINE], ...LIVE_MACHINES, ...TRANSACTION_MACHINES, ...SPAWNED_MACHINES, ...CONVERSATION_MACHINES];
