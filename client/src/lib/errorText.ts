/**
 * The words a person sees for a failed call, by what went wrong: no answer at all (offline,
 * the connection dropped) asks them to check their connection; a server error (5xx) says the
 * server failed, since their connection was fine; a refusal (4xx) says what the server said.
 */
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

/** The toast of a change that failed: its title, and what went wrong. */
export function failureToast(title: string, error: unknown) {
  return { title, description: errorMessage(error, "Please try again.") };
}
