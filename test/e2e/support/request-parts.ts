// What a recorded model request's last user message carried, part by part (Chat Completions `messages`, Responses `input`).

export type RequestPart = Record<string, unknown>;

/** The content parts of the last user entry under `field` (`messages` or `input`); none when it holds a plain string. */
export function lastUserParts(body: unknown, field: "messages" | "input"): RequestPart[] {
  const entries = (body as Record<string, unknown> | undefined)?.[field];
  const users = (Array.isArray(entries) ? (entries as RequestPart[]) : []).filter((e) => e["role"] === "user");
  const content = users.at(-1)?.["content"];
  return Array.isArray(content) ? (content as RequestPart[]) : [];
}
