// The native many-session routes of `elwood serve` under /v1: create, list, get and delete sessions; send a turn and
// follow the session's resumable event stream; interrupt, keys, models and status decisions.

import { Type } from "@sinclair/typebox";
import { COMPAT_ATTACHMENT } from "./compat-conversation.js";
import { PROCESS_FIRST_EVENT_ID, requestedLastEventId } from "./event-log.js";
import { ERROR_RESPONSE, HttpProblem } from "./problem.js";
import type { JsonReply, Route, RouteContext, RouteResponse } from "./route.js";
import {
  CreateSessionRequestSchema,
  type CreateSessionRequest,
  KeysRequestSchema,
  type KeysRequest,
  ModelListSchema,
  type ModelList,
  modelOptionData,
  NativeStreamSchema,
  OkResponseSchema,
  type OkResponse,
  SendRequestSchema,
  type SendRequest,
  SendResponseSchema,
  type SessionInfo,
  SessionInfoSchema,
  type SessionList,
  SessionListSchema,
  StatusDecisionListSchema,
  type StatusDecisionList,
  statusDecisionData,
} from "./schemas/native.js";
import { SessionChannel } from "./session-channel.js";
import type { LiveSession, SessionRegistry } from "./session-registry.js";
import { streamEventLog } from "./sse-stream.js";

/** The key of a session's SessionChannel among its registry attachments. */
export const CHANNEL_ATTACHMENT = "native.channel";

export interface NativeRouteOptions {
  /** Suggested SSE reconnection delay (ms). */
  readonly retryMs?: number;
  /** SSE heartbeat comment interval (ms). */
  readonly heartbeatMs?: number;
  /** Event-log retention per session. */
  readonly maxEvents?: number;
  readonly maxEventBytes?: number;
}

/** The session's channel, created (and tied to the session's close) the first time any route needs it. */
export function channelOf(live: LiveSession, options: NativeRouteOptions = {}): SessionChannel {
  const known = live.attachments.get(CHANNEL_ATTACHMENT);
  if (known instanceof SessionChannel) return known;
  const channel = new SessionChannel(live.session, {
    firstId: PROCESS_FIRST_EVENT_ID,
    ...(options.maxEvents !== undefined ? { maxEvents: options.maxEvents } : {}),
    ...(options.maxEventBytes !== undefined ? { maxBytes: options.maxEventBytes } : {}),
  });
  live.attachments.set(CHANNEL_ATTACHMENT, channel);
  live.onClose(() => channel.close("deleted"));
  return channel;
}

function sessionInfo(live: LiveSession, channel: SessionChannel, model: string | undefined): SessionInfo {
  return {
    id: live.id,
    agent: live.agent,
    status: live.session.status,
    cwd: live.cwd,
    ...(model !== undefined ? { model } : {}),
    createdAt: live.createdAt,
    busy: channel.busy,
    queuedTurns: channel.queuedTurns,
    lastEventId: channel.log.lastId,
  };
}

/**
 * The session agentapi's routes serve (the server's default) is theirs to drive: a native delete would leave them on
 * a dead conversation, and a native send or interrupt would run beside agentapi's own queue. Reading it (info,
 * stream, models, status decisions) and writing keys (what agentapi's `raw` message does too) stay open.
 */
function refuseCompatOwned(live: LiveSession, action: string): LiveSession {
  if (live.attachments.has(COMPAT_ATTACHMENT))
    throw new HttpProblem(409, "default_session_is_compat", `session ${live.id} is driven by the agentapi routes (/message, /status): it cannot be ${action} through /v1`);
  return live;
}

const ok = (): JsonReply => ({ status: 200, body: { ok: true } satisfies OkResponse });
const json = (description: string, schema: RouteResponse["schema"]): RouteResponse => ({ description, schema });
const idOnly = { default: ERROR_RESPONSE } as const;

export function nativeRoutes(registry: SessionRegistry, options: NativeRouteOptions = {}): Route[] {
  /** Models the client asked for at creation, for the session's info (the library does not expose its `--model`). */
  const models = new Map<string, string>();
  const live = (ctx: RouteContext): LiveSession => registry.require(String(ctx.params["id"]));
  const info = (s: LiveSession): SessionInfo => sessionInfo(s, channelOf(s, options), models.get(s.id));

  return [
    {
      method: "POST",
      path: "/v1/sessions",
      operationId: "createSession",
      summary: "Create a session",
      description: "Registers a new agent session (its CLI starts with the first turn). 429 `session_limit` at the server's --max-sessions.",
      group: "native",
      body: CreateSessionRequestSchema,
      responses: { "201": json("The new session", SessionInfoSchema), ...idOnly },
      handle: async (ctx) => {
        const body = ctx.body as CreateSessionRequest;
        const created = await registry.create({ agent: body.agent, cwd: body.cwd, model: body.model, reasoningEffort: body.reasoningEffort, verifyAgent: true });
        if (body.model !== undefined) models.set(created.id, body.model);
        created.onClose(() => void models.delete(created.id));
        ctx.res.setHeader("Location", `/v1/sessions/${encodeURIComponent(created.id)}`);
        return { status: 201, body: info(created) };
      },
    },
    {
      method: "GET",
      path: "/v1/sessions",
      operationId: "listSessions",
      summary: "List the sessions",
      group: "native",
      responses: { "200": json("Every live session", SessionListSchema), ...idOnly },
      handle: async () => ({ status: 200, body: { sessions: registry.list().map(info) } satisfies SessionList }),
    },
    {
      method: "GET",
      path: "/v1/sessions/:id",
      operationId: "getSession",
      summary: "Get one session",
      group: "native",
      responses: { "200": json("The session", SessionInfoSchema), ...idOnly },
      handle: async (ctx) => ({ status: 200, body: info(live(ctx)) }),
    },
    {
      method: "DELETE",
      path: "/v1/sessions/:id",
      operationId: "deleteSession",
      summary: "Delete a session",
      description:
        "Interrupts a running turn, drops the queued ones (each ends with a `turn_error` `session_closed`), ends the session's stream and stops its CLI; " +
        "`?teardown=true` also removes its stored state. 409 `default_session_is_compat` for the session agentapi's routes serve.",
      group: "native",
      parameters: [{ name: "teardown", in: "query", description: "Remove the session's stored state too.", schema: Type.Union([Type.Literal("true"), Type.Literal("false")]) }],
      responses: { "200": json("Deleted", OkResponseSchema), ...idOnly },
      handle: async (ctx) => {
        const id = String(ctx.params["id"]);
        const known = registry.get(id);
        if (known === undefined) throw new HttpProblem(404, "session_not_found", `no session ${id}`);
        refuseCompatOwned(known, "deleted");
        // A repeated delete while the first is still closing waits for the same close.
        await registry.delete(id, { teardown: ctx.query.get("teardown") === "true" });
        return ok();
      },
    },
    {
      method: "POST",
      path: "/v1/sessions/:id/send",
      operationId: "sendTurn",
      summary: "Send a turn",
      description:
        "Accepts the turn at once and answers with its id; it runs after any turn already running or queued. Follow it on " +
        "`GET /v1/sessions/{id}/stream?lastEventId=<afterEventId>`. 429 `queue_full` when 64 turns already wait; 409 " +
        "`session_closing` while the session is being deleted; 409 `default_session_is_compat` for the session agentapi's routes serve.",
      group: "native",
      body: SendRequestSchema,
      responses: { "202": json("The turn was accepted", SendResponseSchema), ...idOnly },
      handle: async (ctx) => {
        const body = ctx.body as SendRequest;
        return { status: 202, body: channelOf(refuseCompatOwned(live(ctx), "sent turns"), options).send(body) };
      },
    },
    {
      method: "GET",
      path: "/v1/sessions/:id/stream",
      operationId: "streamSession",
      summary: "Follow the session's events (SSE)",
      description:
        "Server-Sent Events: every turn event (`text`, `thinking`, `tool_call`, `tool_result`, `status`, `warning`, `result`), " +
        "the session's `status_change`s and the turn queue's events, each with an integer id. Reconnect with `Last-Event-ID` " +
        "(or `?lastEventId=`) to continue exactly after the last event received; when that is no longer possible the stream " +
        "starts with a `reset` event saying so. Without an id it replays every retained event.",
      group: "native",
      parameters: [
        { name: "Last-Event-ID", in: "header", description: "Continue after this event id.", schema: Type.String() },
        { name: "lastEventId", in: "query", description: "The same, for clients that cannot set headers.", schema: Type.String() },
      ],
      responses: { "200": { description: "The event stream", contentType: "text/event-stream", schema: NativeStreamSchema }, ...idOnly },
      handle: async (ctx) => {
        const channel = channelOf(live(ctx), options);
        await streamEventLog({
          log: channel.log,
          res: ctx.res,
          signal: ctx.signal,
          lastEventId: requestedLastEventId(ctx.headers["last-event-id"], ctx.query),
          ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
          ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
        });
        return "streamed";
      },
    },
    {
      method: "POST",
      path: "/v1/sessions/:id/interrupt",
      operationId: "interruptTurn",
      summary: "Interrupt the running turn",
      description: "The turn's stream ends with a `result` whose status is `interrupted`. 409 `no_turn_running` when idle; 409 `default_session_is_compat` for the session agentapi's routes serve.",
      group: "native",
      responses: { "200": json("Interrupted", OkResponseSchema), ...idOnly },
      handle: async (ctx) => {
        const s = refuseCompatOwned(live(ctx), "interrupted");
        if (!channelOf(s, options).busy) throw new HttpProblem(409, "no_turn_running", "the session runs no turn to interrupt");
        await s.session.interrupt();
        return ok();
      },
    },
    {
      method: "POST",
      path: "/v1/sessions/:id/keys",
      operationId: "sendKeys",
      summary: "Write raw keys to the agent's terminal",
      description: "Goes straight to the CLI, also while a turn runs (e.g. to answer a dialog).",
      group: "native",
      body: KeysRequestSchema,
      responses: { "200": json("Written", OkResponseSchema), ...idOnly },
      handle: async (ctx) => {
        await live(ctx).session.sendKeys((ctx.body as KeysRequest).keys);
        return ok();
      },
    },
    {
      method: "GET",
      path: "/v1/sessions/:id/models",
      operationId: "listModels",
      summary: "List the models the agent offers",
      description: "Reads the CLI's own model picker (starting the session if it has not started).",
      group: "native",
      responses: { "200": json("The models", ModelListSchema), ...idOnly },
      handle: async (ctx) => {
        const list = await live(ctx).session.listModels();
        return { status: 200, body: { models: list.map(modelOptionData) } satisfies ModelList };
      },
    },
    {
      method: "GET",
      path: "/v1/sessions/:id/status-decisions",
      operationId: "statusDecisions",
      summary: "The session's status decisions and their evidence",
      group: "native",
      responses: { "200": json("The decisions, oldest first", StatusDecisionListSchema), ...idOnly },
      handle: async (ctx) => ({
        status: 200,
        body: { decisions: live(ctx).session.statusDecisions().map(statusDecisionData) } satisfies StatusDecisionList,
      }),
    },
  ];
}
