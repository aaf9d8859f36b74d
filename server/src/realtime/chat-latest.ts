/**
 * The newest chat message of each company, kept in Redis as "<seq>:<id>" ("0:" for a
 * company without messages), so a poll whose cursor already is the newest message
 * answers 304 without touching chat_message.
 *
 * The pointer only moves forward (compare-and-set on seq): a slow request can never put
 * an older message back and hide a newer one from the poll. The one way back is a
 * pointer the table has proved stale (its message was deleted with its sender): a
 * request that read the whole tail of the table may replace the exact value it saw.
 * A sender drops the pointer before inserting and advances it after the commit, so a
 * process that dies in between leaves no pointer (polls read the table) rather than one
 * that hides the new message.
 */
import { logger } from "../logger";
import { redis, redisKey } from "../redis";

/** Long enough to outlive any quiet weekend; refreshed by every message. */
const POINTER_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The pointer of a company without messages. */
export const NO_MESSAGES = { seq: 0, id: "" } as const;

const pointerKey = (companyId: string) => redisKey(`chat:latest:${companyId}`);

// Sets KEYS[1] to "ARGV[1]:ARGV[2]" unless it holds a seq >= ARGV[1]; a value equal to
// ARGV[4] (a pointer the caller proved stale) is replaced whatever its seq.
const NOTE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[4] then
  local seq = tonumber(string.match(current, '^(%d+):'))
  if seq and seq >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'EX', ARGV[3])
return 1`;

export type ChatPointer = { raw: string; id: string };

/** The company's pointer, or null when Redis has none (or cannot answer). */
export async function readChatPointer(companyId: string): Promise<ChatPointer | null> {
  try {
    const raw = await redis.get(pointerKey(companyId));
    return raw ? { raw, id: raw.slice(raw.indexOf(":") + 1) } : null;
  } catch (error) {
    logger.warn({ err: error }, "chat pointer unavailable");
    return null;
  }
}

/** Drops the pointer: the next poll reads the table and sets it again. */
export async function dropChatPointer(companyId: string): Promise<void> {
  await redis.del(pointerKey(companyId));
}

/**
 * Notes message (`seq`, `id`) as the newest if it is newer than the pointer, or if the
 * pointer still is `staleRaw`: pass that only when the table showed nothing after `seq`.
 */
export async function noteNewestMessage(
  companyId: string,
  seq: number,
  id: string,
  staleRaw?: string,
): Promise<void> {
  try {
    await redis.eval(
      NOTE_SCRIPT,
      1,
      pointerKey(companyId),
      String(seq),
      id,
      String(POINTER_TTL_SECONDS),
      staleRaw ?? "",
    );
  } catch (error) {
    // A pointer left behind would hide this message from polls; without one they read the table.
    logger.warn({ err: error }, "could not note the newest chat message");
    await dropChatPointer(companyId).catch(() => {});
  }
}
