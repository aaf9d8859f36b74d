/**
 * Idempotency keys for creates (docs/api.md): one key per submit,
 * kept while the same submission is sent again (a double click, a "Try again" after an
 * answer that never arrived), so the server makes one thing however often it hears it.
 */
import { useState } from "react";

/**
 * A new random key. `crypto.randomUUID` exists only on secure pages (https, localhost);
 * a server reached over plain http still gets 128 random bits from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

type SubmitKey = {
  /** The key for sending `body`: the previous one while the body is the same, a new one when it changed. */
  keyFor: (body: unknown) => string;
  /** Forgets the key once its submission succeeded: the next submit is a new thing. */
  renew: () => void;
};

/**
 * The key of one form's submissions. A changed body gets a new key: the same key with
 * another body would be refused (422), and an edited form is a new submission anyway.
 */
export function createSubmitKey(makeKey: () => string = newIdempotencyKey): SubmitKey {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body) ?? "";
      if (last?.body !== text) last = { body: text, key: makeKey() };
      return last.key;
    },
    renew() {
      last = null;
    },
  };
}

/** The submit key of the calling component: a create hook called by a form lives as long as that form. */
export function useSubmitKey(): SubmitKey {
  const [submitKey] = useState(() => createSubmitKey());
  return submitKey;
}
