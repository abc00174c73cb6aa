// Saves files posted to /upload into a per-session directory inside the workspace (so the agent may read them), removed when the session closes.

import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { HttpProblem } from "./problem.js";

/** The upload directory's name inside the session's workspace. */
export const UPLOAD_DIR_NAME = ".elwood-uploads";
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** A file name that cannot leave its directory, hide itself or carry control characters. */
export function safeFileName(name: string): string {
  const cleaned = basename(name.replaceAll("\\", "/")).replace(/[\u0000-\u001f\u007f]/g, "").replace(/^\.+/, "").trim();
  return cleaned === "" ? "upload" : withinBytes(cleaned, MAX_NAME_BYTES);
}

/** File systems limit a name to 255 bytes: keep whole characters up to this many UTF-8 bytes. */
const MAX_NAME_BYTES = 200;

function withinBytes(text: string, limit: number): string {
  let bytes = 0;
  let kept = "";
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > limit) break;
    kept += char;
  }
  return kept;
}

export class UploadStore {
  readonly dir: string;

  constructor(workspace: string, sessionId: string) {
    this.dir = join(workspace, UPLOAD_DIR_NAME, safeFileName(sessionId));
  }

  /** Writes the bytes under a fresh subdirectory (two uploads of one name never collide); returns the absolute path. */
  async save(name: string, bytes: Uint8Array): Promise<string> {
    const folder = join(this.dir, randomUUID());
    const path = join(folder, safeFileName(name));
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600, flag: "wx" });
    } catch (error) {
      throw new HttpProblem(500, "upload_failed", `the file could not be saved (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    return path;
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The `file` part of a multipart/form-data body, parsed by Node's own fetch implementation (undici). */
export async function multipartFile(contentType: string | undefined, body: Buffer): Promise<{ name: string; bytes: Uint8Array }> {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) throw new HttpProblem(415, "unsupported_media_type", "the upload must be multipart/form-data with a 'file' part");
  let form: FormData;
  try {
    form = await new Request("http://upload.invalid/", { method: "POST", headers: { "content-type": contentType }, body }).formData();
  } catch {
    throw new HttpProblem(400, "malformed_multipart", "the multipart body could not be parsed");
  }
  const file = form.get("file");
  if (file === null || typeof file === "string") throw new HttpProblem(422, "invalid_body", "the multipart body has no 'file' part with a file");
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
