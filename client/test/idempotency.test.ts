import { afterEach, describe, expect, it, vi } from "vitest";
import { createSubmitKey, newIdempotencyKey } from "../src/lib/idempotency";

/** What the server accepts as a key: 1 to 200 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("newIdempotencyKey", () => {
  it("is a fresh valid key each time", () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(VALID_KEY);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it("still makes 128 random bits where randomUUID is missing (a page served over plain http)", () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal("crypto", { getRandomValues });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

describe("createSubmitKey", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it("keeps the key while the same submission is sent again (a double click, a retry)", () => {
    const submitKey = createSubmitKey(counter());
    const body = { location: "1 Main St", time: "09:00" };
    expect(submitKey.keyFor(body)).toBe("key-1");
    expect(submitKey.keyFor({ ...body })).toBe("key-1");
  });

  it("gives an edited form a new key", () => {
    const submitKey = createSubmitKey(counter());
    expect(submitKey.keyFor({ location: "1 Main St" })).toBe("key-1");
    expect(submitKey.keyFor({ location: "2 Main St" })).toBe("key-2");
    // Going back to the first body is a new submission too.
    expect(submitKey.keyFor({ location: "1 Main St" })).toBe("key-3");
  });

  it("renews after a success: the same body again is a new thing", () => {
    const submitKey = createSubmitKey(counter());
    expect(submitKey.keyFor({ message: "ok" })).toBe("key-1");
    submitKey.renew();
    expect(submitKey.keyFor({ message: "ok" })).toBe("key-2");
  });

  it("keeps each form's keys apart", () => {
    const make = counter();
    const one = createSubmitKey(make);
    const other = createSubmitKey(make);
    expect(one.keyFor({ a: 1 })).not.toBe(other.keyFor({ a: 1 }));
  });
});
