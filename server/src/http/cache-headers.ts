/**
 * The caching headers of the two lists every open screen asks for again and again (the
 * board's jobs and the chat poll): revalidated every time, answered 304 when unchanged.
 */

/** Browsers revalidate every time and get a 304 when nothing changed. */
export const REVALIDATE_ALWAYS = "private, no-cache";

/** The jobs list comes compressed or not, and for the company the header names. */
export const JOBS_VARY = "Accept-Encoding, X-Company-Id";

export const CHAT_VARY = "X-Company-Id";

/** The chat up to message `newestId` (no id: a chat without messages). */
export const chatEtag = (newestId: string | undefined) => `W/"chat-${newestId ?? "empty"}"`;
