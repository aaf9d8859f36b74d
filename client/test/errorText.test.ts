/**
 * The words a failed call shows (src/lib/errorText.ts): "check your connection" only when no
 * answer came; a 5xx says the server failed; a refusal says what the server said.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api";
import {
  describeFailure,
  errorMessage,
  failureKind,
  NETWORK_FAILURE,
  retryAfterText,
  SERVER_FAILURE,
} from "../src/lib/errorText";

const FALLBACK = "Please try again";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("errorMessage", () => {
  it("shows a refusal's own message, else its raw answer, else the fallback", () => {
    const refused = new ApiError(
      409,
      JSON.stringify({ message: "Email already registered", code: "conflict" }),
    );
    expect(errorMessage(refused, FALLBACK)).toBe("Email already registered");
    expect(errorMessage(new ApiError(400, "Bad Request"), FALLBACK)).toBe("Bad Request");
    expect(errorMessage(new ApiError(400, "  "), FALLBACK)).toBe(FALLBACK);
  });

  it("never blames the connection for a server error", () => {
    const internal = new ApiError(
      500,
      JSON.stringify({ message: "Internal server error", code: "internal" }),
    );
    for (const error of [internal, new ApiError(502, "Bad Gateway"), new ApiError(503, "")]) {
      expect(failureKind(error)).toBe("server");
      expect(errorMessage(error, FALLBACK)).toBe(SERVER_FAILURE);
      expect(errorMessage(error, FALLBACK)).not.toMatch(/connection/i);
    }
  });

  it("asks to check the connection only when no answer came", () => {
    expect(failureKind(new TypeError("Failed to fetch"))).toBe("network");
    expect(errorMessage(new TypeError("Failed to fetch"), FALLBACK)).toBe(NETWORK_FAILURE);
    vi.stubGlobal("navigator", { onLine: false });
    expect(errorMessage(new Error("aborted"), FALLBACK)).toBe(NETWORK_FAILURE);
  });

  it("falls back for anything else", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(errorMessage(new Error("500: Internal"), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage("not an error", FALLBACK)).toBe(FALLBACK);
  });
});

const refusal = (status: number, body: object, retryAfterSeconds: number | null = null) =>
  new ApiError(status, JSON.stringify(body), retryAfterSeconds);

describe("describeFailure", () => {
  const SPEC_SENTENCE = "Failed to update job. Please try again.";

  it("keeps the whole sentence only when trying again can help", () => {
    expect(describeFailure(SPEC_SENTENCE, new ApiError(500, "boom"))).toMatchObject({
      kind: "server",
      title: SPEC_SENTENCE,
      detail: null,
    });
    expect(describeFailure(SPEC_SENTENCE, new ApiError(503, ""))).toMatchObject({ title: SPEC_SENTENCE });
    expect(describeFailure(SPEC_SENTENCE, new TypeError("Failed to fetch"))).toMatchObject({
      kind: "network",
      title: SPEC_SENTENCE,
      detail: NETWORK_FAILURE,
    });
  });

  it("shows a refusal's message under the sentence, without asking to try again", () => {
    for (const status of [400, 403, 404, 409, 413]) {
      const failure = describeFailure(
        SPEC_SENTENCE,
        refusal(status, { message: `Said ${status}`, code: "forbidden" }),
      );
      expect(failure.title).toBe("Failed to update job.");
      expect(failure.detail).toBe(`Said ${status}`);
    }
  });

  it("carries a validation answer's field errors for the form", () => {
    const errors = [{ path: "location", message: "Location is required" }];
    const failure = describeFailure(
      "Failed to save the customer. Please try again.",
      refusal(400, { message: "Location is required", code: "validation", errors }),
    );
    expect(failure.fieldErrors).toEqual(errors);
    expect(failure.detail).toBe("Location is required");
  });

  it("fills a sentence's {message} slot with what went wrong", () => {
    const slot = "Failed to add job: {message}";
    expect(describeFailure(slot, refusal(403, { message: "Forbidden", code: "forbidden" }))).toMatchObject({
      title: "Failed to add job: Forbidden",
      detail: null,
    });
    expect(describeFailure(slot, new TypeError("Failed to fetch")).title).toBe(
      `Failed to add job: ${NETWORK_FAILURE}`,
    );
    expect(describeFailure(slot, new ApiError(502, "Bad Gateway")).title).toBe(
      `Failed to add job: ${SERVER_FAILURE}`,
    );
  });

  it("says when to try again after a limit", () => {
    const silent = refusal(429, { message: "Too many messages.", code: "rate_limited" }, 42);
    expect(describeFailure("Failed to send message. Please try again.", silent)).toMatchObject({
      title: "Failed to send message.",
      detail: "Too many messages. Try again in 42 seconds.",
    });
    // The server's words already say when: not twice.
    const said = refusal(
      429,
      { message: "Too many attempts. Try again in 5 minutes.", code: "rate_limited" },
      300,
    );
    expect(describeFailure("Login failed", said).detail).toBe("Too many attempts. Try again in 5 minutes.");
    expect(retryAfterText(1)).toBe("Try again in 1 second.");
    expect(retryAfterText(600)).toBe("Try again in 10 minutes.");
    expect(retryAfterText(3 * 3600)).toBe("Try again in 3 hours.");
  });

  it("marks a 402, keeping the title without the slot", () => {
    const unpaid = refusal(402, { message: "Your free trial has ended.", code: "payment_required" });
    expect(describeFailure("Failed to add job: {message}", unpaid)).toMatchObject({
      title: "Failed to add job",
      detail: "Your free trial has ended.",
      isPaymentRequired: true,
    });
    expect(describeFailure("Failed to add employee. Please try again.", unpaid).title).toBe(
      "Failed to add employee.",
    );
  });

  it("asks to try again for anything that is not an answer", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(describeFailure("Export failed", new Error("disk full"))).toMatchObject({
      kind: "other",
      title: "Export failed",
      detail: "Please try again.",
    });
  });
});
