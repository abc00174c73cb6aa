// Type test of issue 33 §5: the seed's public names (§5.3 of the seed) are exported, and a started Claude session
// satisfies the seed's `ClaudeSessionApi` declared member by member exactly as the seed spells it.

import { expectTypeOf } from "vitest";
import type {
  startClaude,
  startCodex,
  ActivityEvent,
  AgentModelOption,
  AgentSession,
  ClaudeAgentSession,
  ClaudeEventHandler,
  ClaudeEventName,
  ClaudeLoginMethod,
  ClaudeLoginOptions,
  ClaudeSessionApi,
  CodexAgentSession,
  CodexSessionApi,
  ElwoodActivityEvent,
  ElwoodAgentSession,
  ElwoodLoopRequest,
  ElwoodLoopSnapshot,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodTerminal,
  ImageInput,
  SendOptions,
  SessionStatus,
  SessionTerminal,
  StatusDecision,
  TerminalSize,
  Unsubscribe,
} from "../../src/index.js";

/** The seed's §5.3 interface, member by member, in the seed's own names. */
interface SeedClaudeSessionApi {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly status: ElwoodSessionStatus;
  readonly terminal: ElwoodTerminal;
  statusDecisions(): readonly ElwoodStatusDecision[];
  waitForStatus(match: (status: ElwoodSessionStatus) => boolean, timeoutMs?: number): Promise<ElwoodSessionStatus>;
  waitForActivity(match: (event: ElwoodActivityEvent) => boolean, timeoutMs?: number): Promise<ElwoodActivityEvent>;
  on<E extends ClaudeEventName>(event: E, handler: ClaudeEventHandler<E>): Unsubscribe;
  off<E extends ClaudeEventName>(event: E, handler: ClaudeEventHandler<E>): void;
  sendPrompt(prompt: string, options?: SendOptions): Promise<void>;
  sendMessage(message: string, options?: SendOptions): Promise<void>;
  sendGuidance(message: string, options?: SendOptions): Promise<void>;
  sendKeys(input: string | Uint8Array): Promise<void>;
  resize(size: TerminalSize): Promise<void>;
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void>;
  compact(options?: { readonly timeoutMs?: number }): Promise<void>;
  listModels(options?: { readonly timeoutMs?: number }): Promise<readonly AgentModelOption[]>;
  setModel(id: string, options?: { readonly timeoutMs?: number }): Promise<void>;
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot>;
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]>;
  cancelLoop(loopId: string): Promise<void>;
  login(options: ClaudeLoginOptions): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  teardown(): Promise<void>;
}

// A started Claude session is a seed ClaudeSessionApi. One deliberate widening: the seed's send* promises resolve with
// nothing, ours with the submission's turn id (the `turnId` its activities carry), so those three are checked for
// what seed code does with them: call with the seed's arguments and await (or chain) the result.
type StartedClaude = Awaited<ReturnType<typeof startClaude>>;
type SendTrio = "sendPrompt" | "sendMessage" | "sendGuidance";
expectTypeOf<StartedClaude>().toExtend<Omit<SeedClaudeSessionApi, SendTrio>>();
expectTypeOf<ClaudeSessionApi>().toExtend<Omit<SeedClaudeSessionApi, SendTrio>>();
expectTypeOf<Parameters<StartedClaude["sendPrompt"]>>().toEqualTypeOf<Parameters<SeedClaudeSessionApi["sendPrompt"]>>();
expectTypeOf<Parameters<StartedClaude["sendMessage"]>>().toEqualTypeOf<Parameters<SeedClaudeSessionApi["sendMessage"]>>();
expectTypeOf<Parameters<StartedClaude["sendGuidance"]>>().toEqualTypeOf<Parameters<SeedClaudeSessionApi["sendGuidance"]>>();
/** Seed-style code: every member used as the seed documents it, compiled against a session Elwood started. */
async function seedStyleUse(session: StartedClaude): Promise<void> {
  const status: ElwoodSessionStatus = session.status;
  const terminal: ElwoodTerminal = session.terminal;
  const decisions: readonly ElwoodStatusDecision[] = session.statusDecisions();
  const off: Unsubscribe = session.on("status", () => undefined);
  off();
  await session.sendPrompt("p", { images: [{ path: "/tmp/a.png" }] });
  await session.sendMessage("m").then(() => undefined);
  const guidance: Promise<void> = session.sendGuidance("g").then(() => undefined);
  await guidance;
  const event: ElwoodActivityEvent = await session.waitForActivity((a) => a.kind === "assistant_message", 1000);
  void [status, terminal, decisions, event];
}
void seedStyleUse;

// The aliases are the very types Elwood uses, not look-alikes.
expectTypeOf<ClaudeSessionApi>().toEqualTypeOf<ClaudeAgentSession>();
expectTypeOf<CodexSessionApi>().toEqualTypeOf<CodexAgentSession>();
expectTypeOf<Awaited<ReturnType<typeof startCodex>>>().toExtend<CodexSessionApi>();
expectTypeOf<ElwoodAgentSession>().toEqualTypeOf<AgentSession>();
expectTypeOf<ElwoodSessionStatus>().toEqualTypeOf<SessionStatus>();
expectTypeOf<ElwoodStatusDecision>().toEqualTypeOf<StatusDecision>();
expectTypeOf<ElwoodActivityEvent>().toEqualTypeOf<ActivityEvent>();
expectTypeOf<ElwoodTerminal>().toEqualTypeOf<SessionTerminal>();

// The seed's image, send and login shapes.
expectTypeOf<{ path: string }>().toExtend<ImageInput>();
expectTypeOf<{ data: Uint8Array; format: "webp" }>().toExtend<ImageInput>();
// @ts-expect-error a format outside the seed's four
expectTypeOf<{ data: Uint8Array; format: "bmp" }>().toExtend<ImageInput>();
expectTypeOf<{ images: readonly ImageInput[] }>().toExtend<SendOptions>();
expectTypeOf<ClaudeLoginMethod>().toEqualTypeOf<"claudeai" | "console" | "third_party">();
expectTypeOf<{ provideCode: () => string }>().toExtend<ClaudeLoginOptions>();
// @ts-expect-error provideCode is required
expectTypeOf<{ method: "console" }>().toExtend<ClaudeLoginOptions>();
// Codex has no login (C-API-43): a Codex session is not a seed ClaudeSessionApi.
// @ts-expect-error login is Claude-only
expectTypeOf<CodexAgentSession>().toExtend<SeedClaudeSessionApi>();
