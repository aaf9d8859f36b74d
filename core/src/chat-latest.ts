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
 *
 * With Redis away, every call here fails at once (or within a second) and the chat works
 * from the table. A pointer this process could not drop might hide a message it stored
 * meanwhile: it is distrusted until it is dropped, which happens as soon as Redis is
 * back (docs/reliability.md).
 */
import { logRedisFailure, redis, redisKey } from "./redis";

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

const asPointer = (raw: string): ChatPointer => ({ raw, id: raw.slice(raw.indexOf(":") + 1) });

export type ChatPointer = { raw: string; id: string };

/** Companies whose pointer this process failed to drop: until it is dropped, it may hide a message. */
const undroppedPointers = new Set<string>();

// Redis is back: the pointers left from the outage go first.
redis.on("ready", () => {
  for (const companyId of [...undroppedPointers]) void dropChatPointer(companyId);
});

/** The company's pointer, or null when Redis has none, cannot answer, or it is not to be trusted. */
export async function readChatPointer(companyId: string): Promise<ChatPointer | null> {
  if (undroppedPointers.has(companyId)) {
    await dropChatPointer(companyId);
    return null;
  }
  try {
    const raw = await redis.get(pointerKey(companyId));
    return raw ? asPointer(raw) : null;
  } catch (error) {
    logRedisFailure(error, "chat pointer unavailable");
    return null;
  }
}

/**
 * Drops the pointer: the next poll reads the table and sets it again. Never throws: a
 * pointer that could not be dropped is distrusted until a later drop succeeds.
 */
export async function dropChatPointer(companyId: string): Promise<void> {
  try {
    await redis.del(pointerKey(companyId));
    undroppedPointers.delete(companyId);
  } catch (error) {
    undroppedPointers.add(companyId);
    logRedisFailure(error, "could not drop the chat pointer");
  }
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
    // A pointer left behind would hide this message from polls: distrusted until dropped,
    // and the drop is not waited for (Redis has just failed to answer).
    logRedisFailure(error, "could not note the newest chat message");
    undroppedPointers.add(companyId);
    void dropChatPointer(companyId);
  }
}
