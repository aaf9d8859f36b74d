/**
 * The words a failed call shows (src/lib/errorText.ts): "check your connection" only when no
 * answer came; a 5xx says the server failed; a refusal says what the server said.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api";
import { errorMessage, failureKind, NETWORK_FAILURE, SERVER_FAILURE } from "../src/lib/errorText";

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
