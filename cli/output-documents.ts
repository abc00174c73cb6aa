// The command's version-1 output documents as TypeBox schemas: the writers' TS types are their Static<> types, and
// cli/output.schema.json is generated from them (cli/output-schema.ts), so the schema and the writers cannot drift.

import { type Static, type TObject, type TProperties, type TSchema, Type } from "@sinclair/typebox";
import { AGENT_KINDS } from "../src/index.js";
import { literals } from "./serve/schemas/literals.js";

export const SCHEMA_VERSION = 1;

/** Each named schema's `$defs` key, in the order the generated document lists them. */
const names = new Map<TSchema, string>();

/** Names `schema` as `$defs/<name>` of the generated document. */
function def<T extends TSchema>(name: string, schema: T): T {
  names.set(schema, name);
  return schema;
}

/** A `$ref` to a named schema that keeps the schema's static type. */
function ref<T extends TSchema>(schema: T) {
  const name = names.get(schema);
  if (name === undefined) throw new Error("only a named schema can be referenced");
  return Type.Unsafe<Static<T>>({ $ref: `#/$defs/${name}` });
}

/** The named schemas in definition order (the generator writes them as `$defs`). */
export function namedSchemas(): ReadonlyArray<readonly [string, TSchema]> {
  return [...names].map(([schema, name]) => [name, schema] as const);
}

const strict = { additionalProperties: false } as const;
const nonNegative = (description?: string) => Type.Integer({ minimum: 0, ...(description === undefined ? {} : { description }) });
const version = { schemaVersion: Type.Literal(SCHEMA_VERSION) };
const stamps = { sequence: nonNegative("0, 1, 2, … in output order"), elapsedMs: nonNegative("milliseconds since the command started") };

/** The agents as literals, in registry order (the generated schema lists them in that order). */
const agentLiterals = AGENT_KINDS.map((kind) => Type.Literal(kind));
export const AgentSchema = Type.Union(agentLiterals);
const agentOrNull = Type.Union([...agentLiterals, Type.Null()], { description: "the agent that ran or was selected; null before any selection" });

export const CleanupSchema = def(
  "cleanup",
  Type.Object(
    {
      action: Type.Union([Type.Literal("stop"), Type.Literal("kill"), Type.Literal("teardown"), Type.Literal("none")], {
        description: "stop: stopped and kept (resumable); kill: a deadline or Ctrl+C killed the agent instead (kept); teardown: state removed too; none: nothing started",
      }),
      status: Type.Union([Type.Literal("succeeded"), Type.Literal("failed"), Type.Literal("skipped")]),
    },
    strict,
  ),
);

export const ErrorDetailSchema = def("errorDetail", Type.Object({ code: Type.String(), message: Type.String() }, strict));

// Bodies: what a writer produces; the jsonl sink adds the version and stamps, the json writer the version only.
const TextBody = Type.Object({ type: Type.Literal("text"), text: Type.String() });
const ThinkingBody = Type.Object({ type: Type.Literal("thinking"), text: Type.String() });
const ToolCallBody = Type.Object({ type: Type.Literal("tool"), phase: Type.Literal("call"), name: Type.String(), content: Type.String(), toolCallId: Type.Optional(Type.String()) });
const ToolResultBody = Type.Object({
  type: Type.Literal("tool"),
  phase: Type.Literal("result"),
  name: Type.String(),
  content: Type.String(),
  toolCallId: Type.Optional(Type.String()),
  isError: Type.Boolean(),
});
const StatusBody = Type.Object({
  type: Type.Literal("status"),
  status: literals(["starting", "running", "ready", "blocked", "stopped", "exited", "killed", "torn_down"], "the session's status"),
  label: Type.Optional(Type.String()),
});
const WarningBody = Type.Object({ type: Type.Literal("warning"), code: Type.String(), message: Type.String() });
const terminalFields = {
  agent: agentOrNull,
  response: Type.String({ description: "the turn's assistant messages joined by a blank line (partial on error)" }),
  sessionId: Type.Union([Type.String(), Type.Null()], { description: "the resumable Elwood session id; null when none was kept" }),
  durationMs: nonNegative(),
  cleanup: ref(CleanupSchema),
};
const ResultBody = Type.Object({ type: Type.Literal("result"), ...terminalFields });
const ErrorBody = Type.Object({ type: Type.Literal("error"), ...terminalFields, error: ref(ErrorDetailSchema) });

/** A jsonl record: version, body, stamps. */
function record<P extends TProperties>(name: string, body: TObject<P>, description: string) {
  return def(name, Type.Object({ ...version, ...body.properties, ...stamps }, { ...strict, description }));
}

export const RECORD_SCHEMAS = [
  record("text", TextBody, "one assistant text message"),
  record("thinking", ThinkingBody, "one thinking block"),
  record("toolCall", ToolCallBody, "the agent called a tool (content: its command or JSON input)"),
  record("toolResult", ToolResultBody, "a tool's output"),
  record("status", StatusBody, "the agent works, waits on a dialog (blocked, with its label) or is idle"),
  record("warning", WarningBody, "a session warning"),
  record("result", ResultBody, "the terminal record of a successful run"),
  record("error", ErrorBody, "the terminal record of a failed run (also any failure of another command with jsonl chosen)"),
] as const;

export const ResultDocumentSchema = def("resultDocument", Type.Object({ ...version, ...ResultBody.properties }, { ...strict, description: "--output json: a successful run" }));
export const ErrorDocumentSchema = def(
  "errorDocument",
  Type.Object({ ...version, ...ErrorBody.properties }, { ...strict, description: "--output json: a failed run, or any command's failure with json chosen" }),
);

export const SessionRowSchema = def(
  "session",
  Type.Object(
    {
      id: Type.String(),
      agent: AgentSchema,
      cwd: Type.String({ description: "the session's workspace (absolute)" }),
      createdAt: Type.String({ description: "ISO 8601" }),
      lastUsedAt: Type.String({ description: "ISO 8601" }),
      resumable: Type.Boolean({ description: "the agent reported its own conversation id" }),
      live: Type.Boolean({ description: "a running process owns the session now" }),
    },
    strict,
  ),
);
export const SessionsDocumentSchema = def(
  "sessionsDocument",
  Type.Object({ ...version, type: Type.Literal("sessions"), stateDir: Type.String(), sessions: Type.Array(ref(SessionRowSchema)) }, { ...strict, description: "elwood sessions --output json: newest first" }),
);

export const SessionsRemovedDocumentSchema = def(
  "sessionsRemovedDocument",
  Type.Object(
    {
      ...version,
      type: Type.Literal("sessionsRemoved"),
      stateDir: Type.String(),
      removed: Type.Array(Type.String(), { description: "the ids whose Elwood state was deleted" }),
      kept: Type.Array(Type.Object({ id: Type.String(), error: ref(ErrorDetailSchema) }, strict), { description: "prune: sessions it left (live ones: session_in_use)" }),
    },
    { ...strict, description: "elwood sessions rm|prune --output json" },
  ),
);

export const ModelSchema = def(
  "model",
  Type.Object(
    {
      id: Type.String(),
      label: Type.String(),
      description: Type.Optional(Type.String()),
      isCurrent: Type.Boolean(),
      isDefault: Type.Boolean(),
      raw: Type.String({ description: "the row as the agent rendered it" }),
    },
    strict,
  ),
);
export const ModelsErrorSchema = def(
  "modelsError",
  Type.Object({ ...version, type: Type.Literal("error"), agent: AgentSchema, durationMs: nonNegative(), error: ref(ErrorDetailSchema) }, { ...strict, description: "one agent whose listing failed" }),
);
export const AllModelsDocumentSchema = def(
  "modelsDocument",
  Type.Object(
    {
      ...version,
      type: Type.Literal("models"),
      agents: Type.Array(Type.Object({ agent: AgentSchema, models: Type.Array(ref(ModelSchema)) }, strict)),
      errors: Type.Array(ref(ModelsErrorSchema)),
    },
    { ...strict, description: "elwood models --output json: every agent" },
  ),
);
export const AgentModelsDocumentSchema = def(
  "agentModelsDocument",
  Type.Object(
    { ...version, type: Type.Literal("models"), agent: AgentSchema, models: Type.Array(ref(ModelSchema)), errors: Type.Optional(Type.Array(ref(ModelsErrorSchema))) },
    { ...strict, description: "elwood models --agent <agent> --output json" },
  ),
);

export const DocumentSchema = def(
  "document",
  Type.Union([ref(ResultDocumentSchema), ref(ErrorDocumentSchema), ref(SessionsDocumentSchema), ref(SessionsRemovedDocumentSchema), ref(AllModelsDocumentSchema), ref(AgentModelsDocumentSchema)], {
    description: "--output json: exactly one document per command",
  }),
);

export type Cleanup = Static<typeof CleanupSchema>;
export type EventRecord = Static<typeof TextBody> | Static<typeof ThinkingBody> | Static<typeof ToolCallBody> | Static<typeof ToolResultBody> | Static<typeof StatusBody> | Static<typeof WarningBody>;
export type TerminalRecord = Static<typeof ResultBody> | Static<typeof ErrorBody>;
export type ErrorDocument = Static<typeof ErrorDocumentSchema>;
export type SessionRow = Static<typeof SessionRowSchema>;
export type SessionsDocument = Static<typeof SessionsDocumentSchema>;
export type SessionsRemovedDocument = Static<typeof SessionsRemovedDocumentSchema>;
export type Model = Static<typeof ModelSchema>;
export type ModelsError = Static<typeof ModelsErrorSchema>;
export type ModelsDocument = Static<typeof AllModelsDocumentSchema> | Static<typeof AgentModelsDocumentSchema>;
