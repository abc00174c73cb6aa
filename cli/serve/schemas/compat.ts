// agentapi's request and response schemas (its openapi.json: v0.11.6, with 0.12's /status `transport` and agent_error
// shape), field by field, as TypeBox.

import { type TSchema, Type } from "@sinclair/typebox";
import { AGENT_KINDS } from "../../../src/index.js";
import { orList } from "../../word-list.js";
import { literals } from "./literals.js";
import { MAX_KEYS_LENGTH } from "./native.js";

/** agentapi titles each enum with its name. */
const titledLiterals = <const T extends readonly string[]>(values: T, options: { $id: string; description?: string }) =>
  literals(values, { ...options, title: options.$id });

/** agentapi's `$schema` link, optional and read-only: Elwood never sends it but accepts it back. */
const SchemaLink = Type.Optional(Type.String({ format: "uri", readOnly: true, description: "A URL to the JSON Schema for this object." }));

export const AgentStatus = titledLiterals(["running", "stable"], {
  $id: "AgentStatus",
  description:
    "'running': the agent is processing a message (or starting); 'stable': it waits for input. Elwood decides this from the CLI's hooks, not from screen stability: ready → stable, a dialog waiting for an answer (blocked) → stable, an exited agent → stable (with an agent_error event), anything else live → running.",
});

export const ConversationRole = titledLiterals(["agent", "user"], { $id: "ConversationRole" });
export const MessageType = titledLiterals(["raw", "user"], { $id: "MessageType" });

const messageId = Type.Integer({ minimum: 0, description: "Unique identifier for the message. This identifier also represents the order of the message in the conversation history." });
const messageTime = Type.String({ format: "date-time", description: "Timestamp of the message" });
const agentType = Type.String({ description: `Type of the agent being used by the server (${orList(AGENT_KINDS)}).` });

export const Message = Type.Object(
  {
    id: messageId,
    content: Type.String({ description: "Message content. Elwood gives the agent's text as its transcript records it (not terminal lines of 80 columns)." }),
    role: ConversationRole,
    time: messageTime,
  },
  { additionalProperties: false, $id: "Message", title: "Message" },
);

export const MessagesResponseBody = Type.Object({ $schema: SchemaLink, messages: Type.Array(Message) }, { additionalProperties: false, $id: "MessagesResponseBody", title: "MessagesResponseBody" });

export const StatusResponseBody = Type.Object(
  {
    $schema: SchemaLink,
    agent_type: agentType,
    status: AgentStatus,
    // Required since agentapi 0.12.0: how the server talks to the agent. Elwood always drives the CLI in a PTY.
    transport: literals(["pty"], "How the server drives the agent: Elwood always runs the CLI in a pseudo-terminal."),
  },
  { additionalProperties: false, $id: "StatusResponseBody", title: "StatusResponseBody" },
);

/** A 'user' message needs a character that is not white space (what `content.trim() !== ""` checks in the route). */
export const USER_CONTENT_PATTERN = "\\S";

export const MessageRequestBody = Type.Object(
  {
    $schema: SchemaLink,
    content: Type.String({ description: "Message content. A 'user' message needs some non-whitespace content; 'raw' keys may be anything (e.g. \"\\r\"), at most 16384 characters." }),
    // 'user': logged as a user message and submitted as its own turn — queued while the agent is busy (agentapi
    // fails instead). 'raw': written to the terminal as keystrokes, not logged.
    type: MessageType,
  },
  {
    additionalProperties: false,
    $id: "MessageRequestBody",
    title: "MessageRequestBody",
    // Documented for clients and generators; TypeBox's validator skips if/then, so the route applies the same rules.
    allOf: [
      { if: { properties: { type: { type: "string", const: "user" } }, required: ["type"] }, then: { properties: { content: { type: "string", pattern: USER_CONTENT_PATTERN } } } },
      { if: { properties: { type: { type: "string", const: "raw" } }, required: ["type"] }, then: { properties: { content: { type: "string", maxLength: MAX_KEYS_LENGTH } } } },
    ],
  },
);

export const MessageResponseBody = Type.Object(
  { $schema: SchemaLink, ok: Type.Boolean({ description: "user: the message was accepted (submitted now, or queued behind the running turn); raw: the keystrokes were written." }) },
  { additionalProperties: false, $id: "MessageResponseBody", title: "MessageResponseBody" },
);

export const UploadResponseBody = Type.Object(
  { $schema: SchemaLink, ok: Type.Boolean({ description: "Indicates whether the file was uploaded successfully." }), filePath: Type.String({ description: "Absolute path of the saved file, readable by the agent" }) },
  { additionalProperties: false, $id: "UploadResponseBody", title: "UploadResponseBody" },
);

export const UploadRequestBody = Type.Object(
  { file: Type.String({ format: "binary", contentMediaType: "application/octet-stream", description: "file that needs to be uploaded" }) },
  { $id: "UploadRequestBody", title: "UploadRequestBody" },
);

export const MessageUpdateBody = Type.Object(
  { id: messageId, message: Type.String({ description: "The message's whole content so far" }), role: ConversationRole, time: messageTime },
  { additionalProperties: false, $id: "MessageUpdateBody", title: "MessageUpdateBody" },
);

export const StatusChangeBody = Type.Object({ agent_type: agentType, status: AgentStatus }, { additionalProperties: false, $id: "StatusChangeBody", title: "StatusChangeBody" });

/**
 * agentapi 0.12's agent_error event ({level, message, time}, no other field): a turn failed, the agent exited, or it
 * could not start. Elwood's stable code leads the message (`<code>: <explanation>`), as the schema has no room for it.
 */
export const AgentErrorBody = Type.Object(
  {
    level: literals(["error"], "How serious: Elwood sends only errors."),
    message: Type.String({
      description: `\`<code>: <what went wrong>\`, where <code> is Elwood's stable error code (turn_failed, agent_exited, ${AGENT_KINDS[0] ?? "agent"}_not_found, …)`,
    }),
    time: messageTime,
  },
  { additionalProperties: false, $id: "AgentErrorBody", title: "AgentErrorBody" },
);

const sseEvent = (name: string, body: TSchema) =>
  Type.Object(
    {
      data: body,
      event: Type.Literal(name, { description: "The event name." }),
      id: Type.Optional(Type.Integer({ description: "The event ID (resume with Last-Event-ID)." })),
      retry: Type.Optional(Type.Integer({ description: "The retry time in milliseconds." })),
    },
    { title: `Event ${name}` },
  );

export const CompatEvents = Type.Array(Type.Union([sseEvent("message_update", MessageUpdateBody), sseEvent("status_change", StatusChangeBody), sseEvent("agent_error", AgentErrorBody)]), {
  title: "Server Sent Events",
  description: "Each item is one possible Server-Sent Event, serialised as UTF-8 text per the SSE specification.",
});

/** Every named compat schema, for the document's components. */
export const COMPAT_SCHEMAS = [AgentStatus, ConversationRole, MessageType, Message, MessagesResponseBody, StatusResponseBody, MessageRequestBody, MessageResponseBody, UploadResponseBody, UploadRequestBody, MessageUpdateBody, StatusChangeBody, AgentErrorBody];
