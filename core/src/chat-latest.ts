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
 *
 * A web process keeps the pointers it read in memory while its invalidation channel is
 * healthy, so the empty poll asks Redis nothing (docs/realtime.md, "Caches in the web
 * process"). Every change of a pointer, a move or a drop, publishes its new value on the
 * channel in the same Redis step, so no process can change one without telling the others.
 */
import { INVALIDATION_CHANNEL, isChannelHealthy, onChannelReset, onInvalidation } from "./cache/channel";
import { logRedisFailure, redis, redisKey } from "./redis";

/** Long enough to outlive any quiet weekend; refreshed by every message. */
const POINTER_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The pointer of a company without messages. */
export const NO_MESSAGES = { seq: 0, id: "" } as const;

const pointerKey = (companyId: string) => redisKey(`chat:latest:${companyId}`);

// Sets KEYS[1] to "ARGV[1]:ARGV[2]" unless it holds a seq >= ARGV[1]; a value equal to
// ARGV[4] (a pointer the caller proved stale) is replaced whatever its seq. The new value
// goes to every process on channel ARGV[5] as "chat|<company ARGV[6]>|<value>".
const NOTE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[4] then
  local seq = tonumber(string.match(current, '^(%d+):'))
  if seq and seq >= tonumber(ARGV[1]) then return 0 end
end
local value = ARGV[1] .. ':' .. ARGV[2]
redis.call('SET', KEYS[1], value, 'EX', ARGV[3])
redis.call('PUBLISH', ARGV[5], 'chat|' .. ARGV[6] .. '|' .. value)
return 1`;

// Deletes KEYS[1] and tells every process that the company ARGV[2] has no pointer ("chat|<company>|").
const DROP_SCRIPT = `
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[1], 'chat|' .. ARGV[2] .. '|')
return 1`;

/**
 * This process's copy of the pointers it read or heard of. `raw` undefined: not known (ask
 * Redis). `changes` counts what was heard for the company, so a read from Redis that
 * crossed a change is not kept; `at` ages an entry out, a bound for anything unforeseen.
 */
type Mirrored = { raw: string | undefined; changes: number; at: number };
const mirror = new Map<string, Mirrored>();
const MAX_COMPANIES = 100_000;
const MAX_AGE_MS = 60_000;

function entryOf(companyId: string): Mirrored {
  let entry = mirror.get(companyId);
  if (!entry) {
    if (mirror.size >= MAX_COMPANIES) mirror.clear();
    entry = { raw: undefined, changes: 0, at: 0 };
    mirror.set(companyId, entry);
  }
  return entry;
}

/** The pointer moved or went (this process's own change, or any process's message). */
function heard(companyId: string, raw: string | undefined): void {
  const entry = entryOf(companyId);
  entry.changes++;
  entry.raw = raw;
  entry.at = Date.now();
}

onInvalidation("chat", (body) => {
  const separator = body.indexOf("|");
  heard(body.slice(0, separator), body.slice(separator + 1) || undefined);
});
onChannelReset(() => mirror.clear());

type ReadTicket = { entry: Mirrored; changes: number } | undefined;

/** Taken before reading Redis, while the channel is healthy: what has been heard so far. */
function readTicket(companyId: string): ReadTicket {
  if (!isChannelHealthy()) return undefined;
  const entry = entryOf(companyId);
  return { entry, changes: entry.changes };
}

/**
 * Keeps a pointer read from Redis unless a change of it was heard meanwhile (the read may
 * have been answered before that change, its message overtaking the answer) or the
 * channel was reset or went unhealthy.
 */
function keepRead(companyId: string, ticket: ReadTicket, raw: string): void {
  const entry = ticket?.entry;
  if (!entry || mirror.get(companyId) !== entry || entry.changes !== ticket.changes || !isChannelHealthy()) {
    return;
  }
  entry.raw = raw;
  entry.at = Date.now();
}

const asPointer = (raw: string): ChatPointer => ({ raw, id: raw.slice(raw.indexOf(":") + 1) });

export type ChatPointer = { raw: string; id: string };

/** Companies whose pointer this process failed to drop: until it is dropped, it may hide a message. */
const undroppedPointers = new Set<string>();

// Redis is back: the pointers left from the outage go first.
redis.on("ready", () => {
  for (const companyId of [...undroppedPointers]) void dropChatPointer(companyId);
});

/**
 * The company's pointer when this process holds it, without asking Redis: its channel is
 * healthy, the entry fresh and the pointer trusted; undefined otherwise.
 */
export function knownChatPointer(companyId: string): ChatPointer | undefined {
  if (undroppedPointers.has(companyId) || !isChannelHealthy()) return undefined;
  const entry = mirror.get(companyId);
  return entry?.raw !== undefined && Date.now() - entry.at < MAX_AGE_MS ? asPointer(entry.raw) : undefined;
}

/** The company's pointer, or null when Redis has none, cannot answer, or it is not to be trusted. */
export async function readChatPointer(companyId: string): Promise<ChatPointer | null> {
  if (undroppedPointers.has(companyId)) {
    await dropChatPointer(companyId);
    return null;
  }
  const known = knownChatPointer(companyId);
  if (known) return known;
  const ticket = readTicket(companyId);
  try {
    const raw = await redis.get(pointerKey(companyId));
    if (raw) keepRead(companyId, ticket, raw);
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
  // This process stops answering from the pointer before Redis has it dropped.
  heard(companyId, undefined);
  try {
    await redis.eval(DROP_SCRIPT, 1, pointerKey(companyId), INVALIDATION_CHANNEL, companyId);
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
      INVALIDATION_CHANNEL,
      companyId,
    );
  } catch (error) {
    // A pointer left behind would hide this message from polls: distrusted until dropped,
    // and the drop is not waited for (Redis has just failed to answer).
    logRedisFailure(error, "could not note the newest chat message");
    undroppedPointers.add(companyId);
    void dropChatPointer(companyId);
  }
}
