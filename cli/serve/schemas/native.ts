// The payloads of `elwood serve`'s native many-session API as TypeBox schemas: each is both the JSON Schema in the
// OpenAPI document and (through Static<>) the TypeScript type the handlers build, so the two cannot disagree.
// A schema with an `$id` becomes a named component of the document.

import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { literals } from "./literals.js";
import { ref } from "./named.js";
import { AGENT_KINDS, type AgentModelOption, agentInfos, type StatusDecision, type TurnEvent } from "../../../src/index.js";

/** The longest delay a Node timer holds (2^31 − 1 ms); a longer one would fire at once. The library bounds its own options the same way. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Raw keys per request, at most: keystrokes are short, and a CLI redraws its composer on each one, so a huge string of
 * keys costs the server (which parses every redraw) far more than its size. Longer text goes in as a turn (a paste).
 */
export const MAX_KEYS_LENGTH = 16_384;

export const AgentKindSchema = literals(AGENT_KINDS, { $id: "AgentKind" });

/** Each agent's effort range for the document ("Claude Code: low…max; Codex: none…max"). */
const EFFORT_RANGES = agentInfos()
  .map((info) => `${info.displayName}: ${info.reasoningEfforts[0] ?? ""}…${info.reasoningEfforts.at(-1) ?? ""}`)
  .join("; ");

export const SessionStatusSchema = literals(["starting", "running", "ready", "blocked", "stopped", "exited", "killed", "torn_down"], {
  $id: "SessionStatus",
  description: "The session's status as hooks decide it (`ready`: idle, waiting for input).",
});
export type SessionStatusValue = Static<typeof SessionStatusSchema>;

export const CreateSessionRequestSchema = Type.Object(
  {
    // Request bodies inline their enums: the server compiles them for validation without a $ref resolver.
    agent: Type.Optional(literals(AGENT_KINDS, "Default: the server's --agent.")),
    cwd: Type.Optional(Type.String({ minLength: 1, description: "The agent's working directory, resolved against the server's --cwd." })),
    model: Type.Optional(Type.String({ minLength: 1, description: "Forwarded to the CLI's --model." })),
    reasoningEffort: Type.Optional(Type.String({ minLength: 1, description: `${EFFORT_RANGES} (checked by the library).` })),
  },
  { $id: "CreateSessionRequest", additionalProperties: false },
);
export type CreateSessionRequest = Static<typeof CreateSessionRequestSchema>;

export const SessionInfoSchema = Type.Object(
  {
    id: Type.String({ description: "The server's id for this session (path parameter of the per-session routes)." }),
    agent: ref(AgentKindSchema),
    status: ref(SessionStatusSchema),
    cwd: Type.String(),
    model: Type.Optional(Type.String()),
    createdAt: Type.String({ format: "date-time" }),
    /** A turn is running (queued turns wait behind it). */
    busy: Type.Boolean({ description: "A turn is running." }),
    queuedTurns: Type.Integer({ minimum: 0, description: "Turns accepted and waiting behind the running one." }),
    lastEventId: Type.Integer({ minimum: 0, description: "Id of the newest event on the session's stream (0: none yet)." }),
  },
  { $id: "SessionInfo", additionalProperties: false },
);
export type SessionInfo = Static<typeof SessionInfoSchema>;

export const SessionListSchema = Type.Object({ sessions: Type.Array(ref(SessionInfoSchema)) }, { $id: "SessionList", additionalProperties: false });
export type SessionList = Static<typeof SessionListSchema>;

export const SendRequestSchema = Type.Object(
  {
    text: Type.String({ minLength: 1, description: "The prompt of the turn." }),
    images: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: "Paths of images on the server's host to attach." })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TIMEOUT_MS, description: "Ceiling for the whole turn in ms (none by default), at most 2^31 − 1 (a Node timer's limit)." })),
  },
  { $id: "SendRequest", additionalProperties: false },
);
export type SendRequest = Static<typeof SendRequestSchema>;

export const SendResponseSchema = Type.Object(
  {
    turnId: Type.String({ description: "The turn's id; every stream event of the turn carries it." }),
    queued: Type.Boolean({ description: "True when another turn was running: this one starts after those before it." }),
    afterEventId: Type.Integer({
      minimum: 0,
      description: "The stream's newest event id when the turn was accepted: `GET …/stream?lastEventId=` this value follows the turn from its start.",
    }),
  },
  { $id: "SendResponse", additionalProperties: false },
);
export type SendResponse = Static<typeof SendResponseSchema>;

export const KeysRequestSchema = Type.Object(
  { keys: Type.String({ minLength: 1, maxLength: MAX_KEYS_LENGTH, description: "Raw keystrokes written to the agent's terminal (escape sequences allowed), at most 16384 characters." }) },
  { $id: "KeysRequest", additionalProperties: false },
);
export type KeysRequest = Static<typeof KeysRequestSchema>;

export const OkResponseSchema = Type.Object({ ok: Type.Literal(true) }, { $id: "OkResponse", additionalProperties: false });
export type OkResponse = Static<typeof OkResponseSchema>;

export const ModelOptionSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    description: Type.Optional(Type.String()),
    isCurrent: Type.Boolean(),
    isDefault: Type.Boolean(),
    raw: Type.String(),
  },
  { $id: "ModelOption", additionalProperties: false },
);
export const ModelListSchema = Type.Object({ models: Type.Array(ref(ModelOptionSchema)) }, { $id: "ModelList", additionalProperties: false });
export type ModelList = Static<typeof ModelListSchema>;

export const StatusDecisionSchema = Type.Object(
  {
    at: Type.Number({ description: "Epoch ms." }),
    evidence: Type.Object(
      {
        kind: Type.String(),
        ruleIds: Type.Optional(Type.Array(Type.String())),
        source: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    from: ref(SessionStatusSchema),
    to: Type.Union([ref(SessionStatusSchema), Type.Null()], { description: "null when the evidence was ignored." }),
    reason: Type.String(),
  },
  { $id: "StatusDecision", additionalProperties: false },
);
export const StatusDecisionListSchema = Type.Object(
  { decisions: Type.Array(ref(StatusDecisionSchema)) },
  { $id: "StatusDecisionList", additionalProperties: false },
);
export type StatusDecisionList = Static<typeof StatusDecisionListSchema>;

// ---- the session stream: one SSE event per turn event or session change, each with its event-log id ----

const turnId = Type.String({ description: "The turn this event belongs to." });
const UsageSchema = Type.Object(
  {
    inputTokens: Type.Integer(),
    outputTokens: Type.Integer(),
    cacheReadTokens: Type.Integer(),
    cacheCreationTokens: Type.Integer(),
    model: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** The data of each turn event, by its SSE event name (the TurnEvent's `type`). */
export const TurnEventDataSchemas = {
  text: Type.Object({ turnId, type: Type.Literal("text"), text: Type.String() }, { $id: "TextEvent", additionalProperties: false }),
  thinking: Type.Object({ turnId, type: Type.Literal("thinking"), text: Type.String() }, { $id: "ThinkingEvent", additionalProperties: false }),
  tool_call: Type.Object(
    { turnId, type: Type.Literal("tool_call"), id: Type.String(), name: Type.String(), input: Type.Unknown(), raw: Type.Optional(Type.Unknown()) },
    { $id: "ToolCallEvent", additionalProperties: false },
  ),
  tool_result: Type.Object(
    { turnId, type: Type.Literal("tool_result"), id: Type.String(), name: Type.String(), output: Type.String(), isError: Type.Boolean() },
    { $id: "ToolResultEvent", additionalProperties: false },
  ),
  status: Type.Object(
    { turnId, type: Type.Literal("status"), status: ref(SessionStatusSchema), label: Type.Optional(Type.String()) },
    { $id: "TurnStatusEvent", additionalProperties: false },
  ),
  warning: Type.Object(
    {
      turnId,
      type: Type.Literal("warning"),
      code: Type.String(),
      source: Type.String(),
      severity: Type.String(),
      message: Type.String(),
      raw: Type.String(),
    },
    { $id: "WarningEvent", additionalProperties: false },
  ),
  result: Type.Object(
    {
      turnId,
      type: Type.Literal("result"),
      text: Type.String(),
      status: literals(["completed", "interrupted", "failed"], "How the turn ended."),
      durationMs: Type.Number(),
      submissionId: Type.String({ description: "The library's id of the turn's submission (hook and activity records carry it)." }),
      usage: Type.Optional(UsageSchema),
      error: Type.Optional(Type.String()),
    },
    { $id: "ResultEvent", additionalProperties: false },
  ),
} as const;

/** The data of the server's own stream events, by SSE event name. */
export const SessionEventDataSchemas = {
  turn_queued: Type.Object(
    { turnId, position: Type.Integer({ minimum: 1, description: "1: next to start." }) },
    { $id: "TurnQueuedEvent", additionalProperties: false },
  ),
  turn_started: Type.Object({ turnId, prompt: Type.String() }, { $id: "TurnStartedEvent", additionalProperties: false }),
  status_change: Type.Object(
    { status: ref(SessionStatusSchema), previous: ref(SessionStatusSchema) },
    { $id: "StatusChangeEvent", additionalProperties: false },
  ),
  turn_error: Type.Object(
    { turnId, code: Type.String(), message: Type.String() },
    { $id: "TurnErrorEvent", additionalProperties: false, description: "The turn could not run (it has no `result`)." },
  ),
  session_ended: Type.Object(
    { reason: literals(["deleted"], "The session was deleted (DELETE, or the server shutting down): the stream has no more events.") },
    { $id: "SessionEndedEvent", additionalProperties: false },
  ),
} as const;

/** Written (without an id) instead of a silent gap when the requested Last-Event-ID cannot be continued exactly. */
export const ResetEventSchema = Type.Object(
  {
    reason: literals(["evicted", "unknown_id"], "evicted: older than the retained events; unknown_id: never sent by this server."),
    requestedAfter: Type.Integer(),
    resumesAt: Type.Union([Type.Integer(), Type.Null()], { description: "Id of the next event written (null: none yet)." }),
  },
  { $id: "ResetEvent", additionalProperties: false },
);

export type NativeStreamEventName = keyof typeof TurnEventDataSchemas | keyof typeof SessionEventDataSchemas;
export type NativeStreamEventData<N extends NativeStreamEventName> = N extends keyof typeof TurnEventDataSchemas
  ? Static<(typeof TurnEventDataSchemas)[N]>
  : N extends keyof typeof SessionEventDataSchemas
    ? Static<(typeof SessionEventDataSchemas)[N]>
    : never;

/** The `text/event-stream` body as the document describes it: the frames in order, one of the named events each. */
export function sseBodySchema(events: Readonly<Record<string, TSchema>>, title: string, withIds = true): TSchema {
  return Type.Array(
    Type.Union(
      Object.entries(events).map(([name, data]) =>
        Type.Object(
          {
            event: Type.Literal(name),
            data: ref(data),
            ...(withIds ? { id: Type.Integer({ minimum: 1, description: "The event-log id (send it back as Last-Event-ID)." }) } : {}),
          },
          { title: `Event ${name}` },
        ),
      ),
    ),
    { title, description: "Each item is one Server-Sent Event frame: its `event:` name, `id:` and JSON `data:`." },
  );
}

export const NativeStreamSchema = Type.Array(
  Type.Union([
    ...(sseBodySchema({ ...TurnEventDataSchemas, ...SessionEventDataSchemas }, "").items as { anyOf: TSchema[] }).anyOf,
    Type.Object({ event: Type.Literal("reset"), data: ref(ResetEventSchema) }, { title: "Event reset" }),
  ]),
  { title: "Session stream", description: "Server-Sent Events: the session's turn events and status changes, each with its id." },
);

/** Every named schema of the native API (for a document that should define them all, used or not). */
export const NATIVE_SCHEMAS: readonly TSchema[] = [
  AgentKindSchema,
  SessionStatusSchema,
  CreateSessionRequestSchema,
  SessionInfoSchema,
  SessionListSchema,
  SendRequestSchema,
  SendResponseSchema,
  KeysRequestSchema,
  OkResponseSchema,
  ModelOptionSchema,
  ModelListSchema,
  StatusDecisionSchema,
  StatusDecisionListSchema,
  ResetEventSchema,
  ...Object.values(TurnEventDataSchemas),
  ...Object.values(SessionEventDataSchemas),
];

// ---- the schemas must accept what the library produces: these fail to compile when src/ changes under them ----

type TurnEventData = { [N in keyof typeof TurnEventDataSchemas]: Static<(typeof TurnEventDataSchemas)[N]> }[keyof typeof TurnEventDataSchemas];
/** A library turn event as stream data: `turnId` is the server's id; a result's own turn id becomes `submissionId`. */
export function turnEventData(id: string, event: TurnEvent): TurnEventData {
  if (event.type === "result") {
    const { turnId: submissionId, ...rest } = event;
    return { ...rest, turnId: id, submissionId };
  }
  return { ...event, turnId: id };
}
/** A library model option as the document's ModelOption. */
export const modelOptionData = (model: AgentModelOption): Static<typeof ModelOptionSchema> => model;
/** A library status decision as the document's StatusDecision (`to: undefined` → null, JSON has no undefined). */
export const statusDecisionData = (d: StatusDecision): Static<typeof StatusDecisionSchema> => ({
  at: d.at,
  evidence: d.evidence as Static<typeof StatusDecisionSchema>["evidence"],
  from: d.from,
  to: d.to ?? null,
  reason: d.reason,
});
