// agentapi's routes (GET /status, GET /messages, POST /message, GET /events, POST /upload) on the server's default session.

import { AGENT_KINDS } from "../../src/index.js";
import { ERROR_RESPONSE, HttpProblem } from "./problem.js";
import { CompatConversation } from "./compat-conversation.js";
import { requestedLastEventId } from "./event-log.js";
import type { Route } from "./route.js";
import {
  CompatEvents,
  MessageRequestBody,
  MessageResponseBody,
  MessagesResponseBody,
  StatusResponseBody,
  UploadRequestBody,
  UploadResponseBody,
  USER_CONTENT_PATTERN,
} from "./schemas/compat.js";
import { MAX_KEYS_LENGTH } from "./schemas/native.js";
import type { LiveSession } from "./session-registry.js";
import { streamEventLog } from "./sse-stream.js";
import { MAX_UPLOAD_BYTES, multipartFile, UploadStore } from "./upload-store.js";

export interface CompatTarget {
  /** The default session's conversation, or undefined when the server was started without --agent. */
  readonly conversation: () => CompatConversation | undefined;
  readonly uploads: () => UploadStore | undefined;
}

/** Attaches agentapi's view and an upload directory to the default session. */
export function compatTarget(live: LiveSession): { conversation: CompatConversation; uploads: UploadStore } {
  const conversation = new CompatConversation(live);
  const uploads = new UploadStore(live.cwd, live.id);
  live.onClose(() => uploads.remove());
  return { conversation, uploads };
}

const USER_CONTENT = new RegExp(USER_CONTENT_PATTERN);

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new HttpProblem(404, "no_default_session", `this server has no default session: start it with --agent ${AGENT_KINDS.join("|")} to use agentapi's routes`);
  return value;
}

export interface CompatRouteOptions {
  /** The largest `/upload` body (its own limit: a file is larger than any JSON body `--max-body` is sized for). */
  readonly maxUploadBytes?: number;
}

export function compatRoutes(target: CompatTarget, options: CompatRouteOptions = {}): Route[] {
  const maxUploadBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const conversation = () => need(target.conversation());
  return [
    {
      method: "GET",
      path: "/status",
      operationId: "get-status",
      summary: "Get status",
      description:
        "Returns the current status of the agent. Elwood decides it from the CLI's hooks, not from a 2 s screen-stability window: 'ready' is stable, a dialog waiting for an answer is stable, an exited agent is stable, anything else live is running.",
      group: "compat",
      responses: { "200": { description: "OK", schema: StatusResponseBody }, default: ERROR_RESPONSE },
      handle: async () => {
        const c = conversation();
        return { status: 200, body: { agent_type: c.agentType, status: c.currentStatus(), transport: "pty" } };
      },
    },
    {
      method: "GET",
      path: "/messages",
      operationId: "get-messages",
      summary: "Get messages",
      description: "Returns a list of messages representing the conversation history with the agent. The agent's messages are its text as the CLI's transcript records it (not terminal lines).",
      group: "compat",
      responses: { "200": { description: "OK", schema: MessagesResponseBody }, default: ERROR_RESPONSE },
      handle: async () => ({ status: 200, body: { messages: conversation().history() } }),
    },
    {
      method: "POST",
      path: "/message",
      operationId: "post-message",
      summary: "Post message",
      description:
        "Send a message to the agent. Unlike agentapi, a 'user' message while the agent is running does not fail: it is queued and becomes its own turn after the running one (ok: true means accepted). A 'raw' message goes to the terminal as keystrokes at once.",
      group: "compat",
      body: MessageRequestBody,
      responses: { "200": { description: "OK", schema: MessageResponseBody }, default: ERROR_RESPONSE },
      handle: async (ctx) => {
        const body = ctx.body as { content: string; type: "user" | "raw" };
        const c = conversation();
        if (body.type === "raw") {
          if (body.content.length > MAX_KEYS_LENGTH)
            throw new HttpProblem(422, "invalid_body", `the body does not match the schema: body.content raw keys are at most ${MAX_KEYS_LENGTH} characters`, [
              { location: "body.content", message: `must NOT have more than ${MAX_KEYS_LENGTH} characters when type is 'raw'` },
            ]);
          await c.sendRaw(body.content);
        }
        else {
          // The document's if/then rule for MessageRequestBody, which the schema validator does not apply itself.
          if (!USER_CONTENT.test(body.content))
            throw new HttpProblem(422, "invalid_body", "the body does not match the schema: body.content a 'user' message needs some non-whitespace content", [
              { location: "body.content", message: `must match pattern "${USER_CONTENT_PATTERN}" when type is 'user'` },
            ]);
          c.submit(body.content);
        }
        return { status: 200, body: { ok: true } };
      },
    },
    {
      method: "GET",
      path: "/events",
      operationId: "subscribeEvents",
      summary: "Subscribe to events",
      description:
        "Server-Sent Events. A new subscriber first gets the current state (every message as message_update, then status_change, then agent_error if the agent could not start or has exited), then what happens since. Elwood adds event ids: reconnecting with Last-Event-ID (or ?lastEventId=) continues after that event without the snapshot, losing and repeating nothing; when that is not possible (the events were dropped from the history, or the id is from an earlier server process: ids are unique per process) the stream sends the snapshot again instead, as to a new subscriber. agent_error events (a failed turn, an exited agent, a failed start) carry Elwood's stable error code at the start of their message (`<code>: …`).",
      group: "compat",
      responses: { "200": { description: "OK", contentType: "text/event-stream", schema: CompatEvents }, default: ERROR_RESPONSE },
      handle: async (ctx) => {
        const c = conversation();
        const after = requestedLastEventId(ctx.headers["last-event-id"], ctx.query);
        // The snapshot and the log position are taken in one tick: nothing can fall between them. A resume that cannot
        // continue exactly gets the same snapshot (agentapi's schema has no gap event).
        const resync = () => ({ frames: c.snapshot(), lastEventId: c.log.lastId });
        await streamEventLog({ log: c.log, res: ctx.res, signal: ctx.signal, resync, ...(after === undefined ? { prelude: c.snapshot(), lastEventId: c.log.lastId } : { lastEventId: after }) });
        return "streamed";
      },
    },
    {
      method: "POST",
      path: "/upload",
      operationId: "post-upload",
      summary: "Post upload",
      description: `Upload a file (multipart/form-data, part 'file', at most ${maxUploadBytes} bytes, the server's --max-upload). Elwood saves it under <workspace>/.elwood-uploads/ so the agent can read it, and removes it when the session closes.`,
      group: "compat",
      body: UploadRequestBody,
      bodyKind: "raw",
      bodyContentType: "multipart/form-data",
      maxBodyBytes: maxUploadBytes,
      responses: { "200": { description: "OK", schema: UploadResponseBody }, default: ERROR_RESPONSE },
      handle: async (ctx) => {
        conversation();
        const store = need(target.uploads());
        const file = await multipartFile(ctx.headers["content-type"], ctx.rawBody ?? Buffer.alloc(0));
        const filePath = await store.save(file.name, file.bytes);
        return { status: 200, body: { ok: true, filePath } };
      },
    },
  ];
}
