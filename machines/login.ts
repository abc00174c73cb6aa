// One Claude `/login` recovery transaction: open the panel, pick the method, hand out the validated URL, submit
// the human's code with exactly one Enter, and resolve on the CLI's success plus a ready session.

import { isOurs, writeRequestActions } from "./write-request.js";
import { assign, setup } from "xstate";
import type { LoginFact, ScreenFacts } from "../src/contracts/screen-facts.js";
import { ElwoodError } from "../src/contracts/errors.js";
import type { SessionStatus } from "../src/contracts/public-types.js";
import type { IoWriteRequest, WritePurpose } from "../src/contracts/events.js";
import type { LoginMethod, LoginProfile } from "../src/contracts/agent-adapter.js";
import { ENTER } from "./paste-framing.js";
import {
  ARROW_DOWN,
  ARROW_UP,
  ESC,
  type EffectRequestEvent,
  effectParams,
  type TransactionMachineEvent,
  type TransactionOutput,
  writeParamsFor,
  writeStep,
} from "./transaction.js";


export interface LoginTiming {
  readonly settleMs: number;
  /** How long one method-list cursor move may take to render. */
  readonly stepMs: number;
  readonly holdRetryMs: number;
  /** How long the success panel may stay up after our Enter before that Enter counts as dropped and is pressed again. */
  readonly continueRetryMs: number;
}

/** A profile that recognises nothing: a login op without a CLI profile can only fail. */
export const NO_LOGIN_PROFILE: LoginProfile = {
  recoveryCommand: "",
  methodLabels: {},
  validateUrl: () => undefined,
  validateCode: () => ({ ok: false, reason: "this CLI has no /login panel Elwood drives" }),
};

export const LOGIN_DEFAULTS: LoginTiming = { settleMs: 150, stepMs: 1500, holdRetryMs: 100, continueRetryMs: 1500 };

export interface LoginInput extends Partial<LoginTiming> {
  readonly opId: string;
  /** The CLI's `/login` panel knowledge (from its adapter). */
  readonly profile: LoginProfile;
  readonly method?: LoginMethod;
  readonly command?: string;
  /** Screen when the slot was taken: stages already visible there are stale until they disappear. */
  readonly facts: ScreenFacts | null;
  readonly status: SessionStatus;
}

export type LoginEvent = TransactionMachineEvent;

type Stage = "method" | "url" | "paste" | "failure" | "success";
const STAGES: readonly Stage[] = ["method", "url", "paste", "failure", "success"];
type Fresh = Readonly<Record<Stage, boolean>>;
type WriteWhat = "command" | "enter" | "arrows" | "methodEnter" | "code" | "codeEnter" | "continueEnter" | "escape";

export interface LoginContext extends LoginTiming {
  readonly opId: string;
  readonly profile: LoginProfile;
  readonly method: LoginMethod;
  readonly command: string;
  readonly facts: ScreenFacts | null;
  readonly status: SessionStatus;
  /** A stage counts only once it is on screen and was absent at some point since this /login began. */
  readonly fresh: Fresh;
  readonly armed: boolean;
  readonly seq: number;
  readonly pendingRequestId: string | null;
  readonly navDelta: number;
  readonly navAttempts: number;
  readonly methodChosen: boolean;
  readonly urlReported: boolean;
  readonly validUrl: string | null;
  /** The human's code between provideCode and its write; cleared right after. */
  readonly code: string | null;
  readonly codeSent: boolean;
  readonly succeeded: boolean;
  readonly escaped: boolean;
  readonly error: ElwoodError | null;
}

function present(login: LoginFact | undefined, stage: Stage): boolean {
  if (login === undefined) return false;
  switch (stage) {
    case "method":
      return login.methodList;
    case "url":
      return login.url !== undefined;
    case "paste":
      return login.pastePrompt;
    case "failure":
      return login.failure;
    case "success":
      return login.success;
  }
}

function live(context: LoginContext, stage: Stage): boolean {
  return context.armed && context.fresh[stage] && present(context.facts?.login, stage);
}

function methodIndex(context: LoginContext): number {
  const re = Object.hasOwn(context.profile.methodLabels, context.method) ? context.profile.methodLabels[context.method] : undefined;
  if (re === undefined) return -1;
  return context.facts?.login?.methods.findIndex((m) => re.test(m.label)) ?? -1;
}

const loginFailed = (message: string, details: Record<string, unknown> = {}): ElwoodError => new ElwoodError("login_failed", message, details);

type ParentParams = { readonly events: readonly (IoWriteRequest | EffectRequestEvent)[] };

function writeData(context: LoginContext, what: WriteWhat): { data: string; purpose: WritePurpose; guardDialog: boolean; requireDialog?: "login" } {
  const arrows = (context.navDelta < 0 ? ARROW_UP : ARROW_DOWN).repeat(Math.abs(context.navDelta));
  switch (what) {
    case "command":
      return { data: context.command, purpose: "command", guardDialog: true };
    case "enter":
      return { data: ENTER, purpose: "enter", guardDialog: true };
    case "arrows":
      return { data: arrows, purpose: "keys", guardDialog: false, requireDialog: "login" };
    case "methodEnter":
      return { data: ENTER, purpose: "keys", guardDialog: false, requireDialog: "login" };
    case "code":
      return { data: context.code ?? "", purpose: "keys", guardDialog: false, requireDialog: "login" };
    case "codeEnter":
      return { data: ENTER, purpose: "enter", guardDialog: false, requireDialog: "login" };
    case "continueEnter":
      // Not a second Enter after the code: it answers the success panel's own `Press Enter to continue`.
      return { data: ENTER, purpose: "keys", guardDialog: false, requireDialog: "login" };
    case "escape":
      return { data: ESC, purpose: "escape", guardDialog: false, requireDialog: "login" };
  }
}

const writeParams = writeParamsFor(writeData);
const step = (what: WriteWhat, next: string) => writeStep(writeParams(what), next, "#login.failing");

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as TransactionOutput,
  },
  delays: {
    settle: ({ context }) => context.settleMs,
    step: ({ context }) => context.stepMs,
    holdRetry: ({ context }) => context.holdRetryMs,
    continueRetry: ({ context }) => context.continueRetryMs,
  },
  guards: {
    isOurs,
    freshSuccess: ({ context }) => live(context, "success"),
    freshFailure: ({ context }) => live(context, "failure"),
    freshMethodList: ({ context }) => live(context, "method") && !context.methodChosen && !context.codeSent,
    freshBadUrl: ({ context }) => live(context, "url") && !context.urlReported && context.profile.validateUrl(context.facts?.login?.url ?? "") === undefined,
    freshUrl: ({ context }) => live(context, "url") && !context.urlReported,
    freshPaste: ({ context }) => live(context, "paste") && !context.codeSent,
    noMethodRow: ({ context }) => methodIndex(context) < 0,
    onMethod: ({ context }) => {
      const i = methodIndex(context);
      return i >= 0 && context.facts?.login?.methods[i]?.selected === true;
    },
    navAttemptsLeft: ({ context }) => context.navAttempts < 4,
    effectOk: ({ event }) => event.type === "effect.result" && event.ok && typeof event.value === "string",
    pasteStillCurrent: ({ context }) => context.facts?.dialog?.kind === "login" && context.facts.login?.pastePrompt === true,
    successPanelUp: ({ context }) => context.facts?.dialog?.kind === "login" && context.facts.login?.success === true,
    becameReady: ({ event }) => event.type === "status.changed" && event.to === "ready",
    settledWhileReady: ({ context, event }) =>
      event.type === "frame" && context.status === "ready" && event.facts.composer && event.facts.dialog === undefined,
    panelVisible: ({ context }) => context.facts?.dialog?.kind === "login" && !context.escaped,
    panelGone: ({ event }) => event.type === "frame" && event.facts.dialog?.kind !== "login",
  },
  actions: {
    ...writeRequestActions<LoginContext, TransactionMachineEvent, ParentParams["events"][number]>((context, seq) => `${context.opId}:l${seq}`),
    arm: assign({ armed: true }),
    recordFacts: assign(({ context, event }) => {
      if (event.type !== "frame") return {};
      const login = event.facts.login;
      // Once armed, a stage that is absent from a frame becomes fresh: its next appearance is new.
      const fresh = context.armed
        ? (Object.fromEntries(STAGES.map((s) => [s, context.fresh[s] || !present(login, s)])) as Record<Stage, boolean>)
        : context.fresh;
      return { facts: event.facts, fresh };
    }),
    trackStatus: assign({ status: ({ context, event }) => (event.type === "status.changed" ? event.to : context.status) }),
    computeDelta: assign(({ context }) => {
      const methods = context.facts?.login?.methods ?? [];
      const from = methods.findIndex((m) => m.selected);
      return { navDelta: methodIndex(context) - Math.max(0, from), navAttempts: context.navAttempts + 1 };
    }),
    markMethodChosen: assign({ methodChosen: true }),
    keepUrl: assign({ validUrl: ({ context }) => context.profile.validateUrl(context.facts?.login?.url ?? "") ?? null }),
    markUrlReported: assign({ urlReported: true }),
    keepCode: assign({ code: ({ event }) => (event.type === "effect.result" && typeof event.value === "string" ? event.value : null) }),
    markCodeSent: assign({ codeSent: true, code: null }),
    dropCode: assign({ code: null }),
    markSucceeded: assign({ succeeded: true }),
    markEscaped: assign({ escaped: true }),
    recordIoError: assign({
      error: ({ context, event }) => context.error ?? (event.type === "io.failed" ? event.error : loginFailed("a login write failed")),
    }),
    recordEffectError: assign({
      error: ({ context, event }) =>
        context.error ?? (event.type === "effect.result" && event.error ? event.error : loginFailed("provideCode did not return a code")),
    }),
    recordCancel: assign({ error: ({ context, event }) => context.error ?? (event.type === "transaction.cancel" ? event.error : null) }),
    failCli: assign({ error: () => loginFailed("the CLI reported a login failure") }),
    failUrl: assign({ error: () => loginFailed("the authorization URL on screen is not an approved https Anthropic URL") }),
    failMethod: assign({ error: ({ context }) => loginFailed(`the login method list has no "${context.method}" row`) }),
  },
}).createMachine({
  id: "login",
  context: ({ input }) => {
    const baseline = input.facts?.login;
    return {
      ...LOGIN_DEFAULTS,
      ...input,
      // The profile lists its default method first.
      method: input.method ?? Object.keys(input.profile.methodLabels)[0] ?? "",
      command: input.command ?? "/login",
      facts: input.facts,
      status: input.status,
      fresh: Object.fromEntries(STAGES.map((s) => [s, !present(baseline, s)])) as Record<Stage, boolean>,
      armed: false,
      seq: 0,
      pendingRequestId: null,
      navDelta: 0,
      navAttempts: 0,
      methodChosen: false,
      urlReported: false,
      validUrl: null,
      code: null,
      codeSent: false,
      succeeded: false,
      escaped: false,
      error: null,
    };
  },
  initial: "typing",
  on: {
    frame: { actions: "recordFacts" },
    "status.changed": { actions: "trackStatus" },
    "transaction.cancel": { target: ".failing", actions: "recordCancel", description: "Timeout: leave the panel, fail." },
  },
  states: {
    typing: { description: "Type `/login`.", ...step("command", "#login.settling") },
    settling: { after: { settle: { target: "entering" } } },
    entering: { ...step("enter", "#login.opened") },
    opened: { entry: "arm", always: { target: "watching" } },
    watching: {
      description: "Wait for a stage to newly appear.",
      on: { frame: { target: "evaluating", actions: "recordFacts" } },
    },
    evaluating: {
      always: [
        { guard: "freshSuccess", target: "succeeded", actions: "markSucceeded", description: "The CLI reports success." },
        { guard: "freshFailure", target: "failing", actions: "failCli", description: "The CLI reports an explicit failure." },
        { guard: "freshMethodList", target: "choosingMethod", description: "Pick the requested method by its label." },
        { guard: "freshBadUrl", target: "failing", actions: "failUrl", description: "Untrusted URL: never handed out." },
        { guard: "freshUrl", target: "reportingUrl", actions: "keepUrl", description: "Hand the validated URL to onAuthUrl." },
        { guard: "freshPaste", target: "requestingCode", description: "The CLI asks for the code." },
        { target: "watching" },
      ],
    },
    choosingMethod: {
      always: [
        { guard: "noMethodRow", target: "failing", actions: "failMethod" },
        { guard: "onMethod", target: "pickingMethod" },
        { guard: "navAttemptsLeft", target: "movingToMethod", actions: "computeDelta" },
        { target: "failing", actions: "failMethod" },
      ],
    },
    movingToMethod: { ...step("arrows", "#login.awaitingMethodCursor") },
    awaitingMethodCursor: {
      on: { frame: { target: "choosingMethod", actions: "recordFacts" } },
      after: { step: { target: "choosingMethod" } },
    },
    pickingMethod: { ...step("methodEnter", "#login.methodPicked") },
    methodPicked: { entry: "markMethodChosen", always: { target: "watching" } },
    reportingUrl: {
      entry: ["nextRequest", { type: "toParent", params: effectParams((c) => ({ kind: "login.authUrl", url: c.validUrl ?? "" })) }],
      on: { "effect.result": { target: "evaluating", actions: ["clearRequest", "markUrlReported"] } },
    },
    requestingCode: {
      entry: ["nextRequest", { type: "toParent", params: effectParams(() => ({ kind: "login.provideCode" })) }],
      on: {
        "effect.result": [
          { guard: "effectOk", target: "recheck", actions: ["clearRequest", "keepCode"] },
          { target: "failing", actions: ["clearRequest", "recordEffectError"], description: "provideCode failed or gave an invalid code." },
        ],
      },
    },
    recheck: {
      description: "Immediately before writing: the paste prompt must still be the live screen.",
      always: [{ guard: "pasteStillCurrent", target: "writingCode" }, { target: "evaluating", actions: "dropCode" }],
    },
    writingCode: { ...step("code", "#login.writingEnter") },
    writingEnter: { description: "Exactly one library-controlled Enter after the code.", ...step("codeEnter", "#login.codeSent") },
    codeSent: { entry: "markCodeSent", always: { target: "watching" } },
    succeeded: {
      description: "Success seen. Both CLIs keep the panel up until Enter (`Press Enter to continue`), so press it once.",
      always: [{ guard: "successPanelUp", target: "continuing" }, { target: "awaitingReady" }],
    },
    continuing: {
      initial: "requesting",
      states: {
        requesting: {
          entry: ["nextRequest", { type: "toParent", params: writeParams("continueEnter") }],
          on: {
            "io.written": { guard: "isOurs", target: "#login.awaitingReady", actions: "clearRequest" },
            "io.held": { guard: "isOurs", target: "held", actions: "clearRequest" },
            "io.failed": { guard: "isOurs", target: "#login.failing", actions: "recordIoError" },
          },
        },
        held: {
          description: "Not written (panel unobserved or already gone): decide again from the latest screen.",
          after: { holdRetry: { target: "#login.succeeded" } },
        },
      },
    },
    awaitingReady: {
      description: "Resolve once the session is ready again.",
      on: {
        "status.changed": { guard: "becameReady", target: "done", actions: "trackStatus", description: "A fresh ready transition." },
        frame: [
          { guard: "settledWhileReady", target: "done", actions: "recordFacts", description: "Composer back while status stayed ready." },
          { actions: "recordFacts", description: "Track the panel: it may still be up." },
        ],
      },
      after: {
        // Measured on Claude 2.1.215 under load: an Enter written at the success panel's first paint can be dropped
        // (the panel takes keys only once it has settled, like the permission dialog), and the panel then waits.
        continueRetry: { guard: "successPanelUp", target: "succeeded", description: "The success panel is still up: our Enter was dropped, press it again." },
      },
    },
    // Transient: its eventless list ends in an unguarded branch, so the actor never rests here and no event (a
    // cancel included) is ever delivered to it.
    failing: {
      always: [{ guard: "panelVisible", target: "escaping", actions: "markEscaped" }, { target: "done" }],
    },
    escaping: { on: { "transaction.cancel": {} }, ...writeStep(writeParams("escape"), "#login.closingPanel", "#login.done") },
    closingPanel: {
      description: "Let the Escape land before the slot is released (an Escape followed at once by text reads as Alt+key).",
      on: {
        "transaction.cancel": {},
        frame: { guard: "panelGone", target: "done", actions: "recordFacts" },
      },
      after: { step: { target: "done" } },
    },
    done: { type: "final" },
  },
  output: ({ context }): TransactionOutput =>
    context.error ? { opId: context.opId, ok: false, error: context.error } : { opId: context.opId, ok: true },
});

export type LoginMachine = typeof loginMachine;
