// Reads back a probe answer kept in the cross-process probe cache: plain checks, because the core entry point must
// not load a schema library (issue 33 §6: importing `elwood` loads neither ws nor TypeBox).

import { isPlainObject } from "./common-options.js";

type Rec = Readonly<Record<string, unknown>>;
const boundedString = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;

/** The fields every stored answer has: the version as read (when one was) and the raw output, both bounded. */
export interface StoredVersionAnswer {
  readonly version: string | undefined;
  readonly raw: string;
}

/** A stored `{ version?, raw }` answer, or undefined for anything else (a corrupt or foreign file is a cache miss). */
export function storedVersionAnswer(stored: unknown): (StoredVersionAnswer & { readonly fields: Rec }) | undefined {
  if (!isPlainObject(stored)) return undefined;
  const { version, raw } = stored;
  if (version !== undefined && !boundedString(version, 200)) return undefined;
  if (!boundedString(raw, 100_000)) return undefined;
  return { version, raw, fields: stored };
}

/** The entries of a probe cache file `{ format: 1, entries: [{ key, answer }] }` (at most `maxEntries`), or undefined. */
export function storedCacheEntries(parsed: unknown, maxEntries: number): { key: string; answer: unknown }[] | undefined {
  if (!isPlainObject(parsed) || parsed["format"] !== 1) return undefined;
  const entries = parsed["entries"];
  if (!Array.isArray(entries) || entries.length > maxEntries) return undefined;
  const out: { key: string; answer: unknown }[] = [];
  for (const entry of entries) {
    if (!isPlainObject(entry) || typeof entry["key"] !== "string" || !("answer" in entry)) return undefined;
    out.push({ key: entry["key"], answer: entry["answer"] });
  }
  return out;
}
