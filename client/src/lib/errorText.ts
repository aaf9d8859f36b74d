/**
 * The words a person sees for a failed call, by what went wrong: no answer at all (offline,
 * the connection dropped) asks them to check their connection; a server error (5xx) says the
 * server failed, since their connection was fine; a refusal (4xx) says what the server said.
 */
import type { FieldError } from "@sched/shared-types";
import { ApiError } from "./api";

type FailureKind = "network" | "server" | "refused" | "other";

/** For a request that never got an answer: the only case where the connection is to blame. */
export const NETWORK_FAILURE = "Check your connection and try again.";
/** For a 5xx: the server answered, so the connection is fine. */
export const SERVER_FAILURE = "Something went wrong on the server. Please try again in a moment.";

/** What went wrong: `fetch` rejects with a TypeError when no answer came. */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof ApiError) return error.status >= 500 ? "server" : "refused";
  if (error instanceof TypeError) return "network";
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "network";
  return "other";
}

/**
 * The text to show for a failed call: a refusal's own message (else its raw answer), the
 * server-failure or no-connection sentence, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  switch (failureKind(error)) {
    case "network":
      return NETWORK_FAILURE;
    case "server":
      return SERVER_FAILURE;
    case "refused": {
      const refusal = error as ApiError;
      return refusal.body?.message || refusal.text.trim() || fallback;
    }
    default:
      return fallback;
  }
}

/** What a person reads for a failed change (components/FailureNotice.tsx draws it; docs/api.md). */
export type Failure = {
  kind: FailureKind;
  /** The screen's sentence (SPEC's where it names one), without "Please try again." on a refusal. */
  title: string;
  /** What the server said, or why trying again may help; null when the title says it all. */
  detail: string | null;
  /** A 402: the trial has ended unpaid; the owner is sent to the plan screen, others to the owner. */
  isPaymentRequired: boolean;
  /** A validation answer's field errors, for the form to show beside its fields. */
  fieldErrors: FieldError[];
};

const TRY_AGAIN = /\s*Please try again\.?$/;
const MESSAGE_SLOT = "{message}";

/** "Try again in 30 seconds." for a 429's Retry-After, in the server's own words (core/src/limits.ts). */
export function retryAfterText(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds <= 120 * 60
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `Try again in ${amount} ${unit}${amount === 1 ? "" : "s"}.`;
}

/** A refusal's own words, and when a limit lets the person try again if the words do not say. */
function refusalDetail(refusal: ApiError): string | null {
  const said = refusal.body?.message || refusal.text.trim() || null;
  if (refusal.status !== 429 || refusal.retryAfterSeconds === null || /try again/i.test(said ?? ""))
    return said;
  return [said, retryAfterText(refusal.retryAfterSeconds)].filter(Boolean).join(" ");
}

/**
 * The one reading of a failed call: `sentence` is the screen's failure sentence, either
 * "Failed to update job. Please try again." (kept whole only when trying again can help: no
 * answer, a 5xx), "Failed to add job: {message}" (the slot takes what went wrong), or a plain
 * title. A refusal (4xx) keeps the title and shows the server's message under it.
 */
export function describeFailure(sentence: string, error: unknown): Failure {
  const kind = failureKind(error);
  const refusal = kind === "refused" ? (error as ApiError) : null;
  const isRetryable = refusal === null;
  const detail = refusal
    ? refusalDetail(refusal)
    : kind === "network"
      ? NETWORK_FAILURE
      : kind === "server"
        ? SERVER_FAILURE
        : "Please try again.";
  const failure = {
    kind,
    isPaymentRequired: refusal?.status === 402,
    fieldErrors: refusal?.errors ?? [],
  };
  if (sentence.includes(MESSAGE_SLOT) && !failure.isPaymentRequired) {
    return { ...failure, title: sentence.replace(MESSAGE_SLOT, detail ?? "Please try again."), detail: null };
  }
  if (isRetryable && TRY_AGAIN.test(sentence)) {
    // The sentence already asks to try again: only the connection gets its own hint.
    return { ...failure, title: sentence, detail: kind === "network" ? NETWORK_FAILURE : null };
  }
  // A 402 says its own next step under the title, by who is reading (components/FailureNotice.tsx).
  return { ...failure, title: sentence.replace(/:?\s*\{message\}/, "").replace(TRY_AGAIN, ""), detail };
}
