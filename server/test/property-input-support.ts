/**
 * The property suite's vocabulary (server/test/property-input.test.ts): generators of
 * valid and hostile inputs and the check of one answer (the company snapshot a refused
 * request must leave as it was is in property-input-snapshot.ts). See docs/api.md.
 */
import { ERROR_CODES } from "@sched/shared-types";
import fc from "fast-check";

/** Fixed, so a failure replays; PROPERTY_SEED and PROPERTY_RUNS explore further by hand. */
export const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);
export const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);

/** 100 kB of text: past every field's limit, well under the JSON body limit (1 MB). */
const HUGE_TEXT_LENGTH = 100_000;
/** A query string or path must fit Node's 16 kB request head: 8 kB is long but arrives. */
const LONG_URL_TEXT_LENGTH = 8_000;

export type Json = Record<string, unknown>;
/** A change to an input, with a label that says what it did (fast-check prints it on failure). */
export type Mutation<T, R = unknown> = { label: string; apply: (input: T) => R };

const nulText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\u0000${after}`);

const hugeText = fc
  .constantFrom("x", "é", "😀", "א", " ")
  .map((unit) => unit.repeat(HUGE_TEXT_LENGTH / unit.length));

/** Emoji, right-to-left text, invisible marks, lone surrogates, control characters. */
const unicodeText = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    "😀👩‍🔧🚐",
    "\u202Eevil\u202C",
    "שלום עולם",
    "مرحبا بالعالم",
    "\uFEFF",
    "\u0001\u001f\u007f",
    "\ud800",
    "'; drop table jobs; --",
    "   ",
  ),
);

export const impossibleDate = fc.constantFrom(
  "2026-02-30",
  "2026-04-31",
  "2025-02-29",
  "2100-02-29",
  "0000-01-01",
  "1899-12-31",
  "3000-01-01",
  "9999-12-31",
  "2026-13-01",
  "2026-00-10",
  "+275760-09-13",
  "2026-11-23T00:00:00Z",
  "2026-1-5",
  "today",
);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "isSystemAdmin",
];

/** An own property, even for "__proto__" (an assignment would set the prototype instead). */
function withOwn(input: unknown, key: string, value: unknown): unknown {
  const copy: Json = input && typeof input === "object" && !Array.isArray(input) ? { ...input } : {};
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function without(input: unknown, key: string): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([name]) => name !== key));
}

const valueAt = (input: unknown, key: string): unknown =>
  input && typeof input === "object" ? Object.getOwnPropertyDescriptor(input, key)?.value : undefined;

/** A number as text and text as a number, the way a careless client sends them. */
function flipped(value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return value === undefined ? "1" : [value];
}

/** Every way one field of a JSON body can go wrong. */
function fieldMutation(keys: string[], dateKeys: string[]): fc.Arbitrary<Mutation<unknown>> {
  const key = fc.constantFrom(...keys);
  const set = (label: string, values: fc.Arbitrary<unknown>, on = key) =>
    fc.tuple(on, values).map(([name, value]) => ({
      label: `${name}: ${label}`,
      apply: (input: unknown) => withOwn(input, name, value),
    }));
  const options: fc.Arbitrary<Mutation<unknown>>[] = [
    key.map((name) => ({ label: `${name} left out`, apply: (input: unknown) => without(input, name) })),
    set("wrong type", wrongType),
    set("NUL", nulText),
    set("100 kB", hugeText),
    set("unicode", unicodeText),
    key.map((name) => ({
      label: `${name} in an array`,
      apply: (input: unknown) => withOwn(input, name, [valueAt(input, name)]),
    })),
    key.map((name) => ({
      label: `${name} number/text flipped`,
      apply: (input: unknown) => withOwn(input, name, flipped(valueAt(input, name))),
    })),
    set(
      "prototype key",
      fc.oneof(wrongType, fc.constant({ isSystemAdmin: true })),
      fc.constantFrom(...PROTOTYPE_KEYS),
    ),
    key.map((name) => ({
      label: `${name} with NUL in its name`,
      apply: (input: unknown) => withOwn(input, `${name}\u0000`, "x"),
    })),
  ];
  if (dateKeys.length > 0) options.push(set("impossible date", impossibleDate, fc.constantFrom(...dateKeys)));
  return fc.oneof(...options);
}

/** Whole bodies of the wrong shape: not an object at all, an array, nothing, deep nesting. */
const wholeBody: fc.Arbitrary<Mutation<unknown>> = fc.oneof(
  fc.constantFrom<unknown>(null, 42, "text", true, [], {}).map((value) => ({
    label: `body ${JSON.stringify(value)}`,
    apply: () => value,
  })),
  fc.constant({ label: "body in an array", apply: (input: unknown) => [input] }),
  fc.constant({
    label: "100 000 nested arrays",
    apply: () => new RawJson(`${"[".repeat(100_000)}${"]".repeat(100_000)}`),
  }),
);

/** JSON sent as it is written: what JSON.stringify cannot make (it overflows on deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

export const jsonText = (body: unknown) => (body instanceof RawJson ? body.text : JSON.stringify(body));

export type BodyShape = { keys: string[]; dateKeys?: string[]; textKeys?: string[] };

/** A body: the valid one (text fields possibly in any script), or it broken in one to three ways. */
export function bodies(valid: Json, shape: BodyShape): fc.Arbitrary<{ label: string; body: unknown }> {
  const textKeys = shape.textKeys ?? [];
  const validBody =
    textKeys.length === 0
      ? fc.constant({ label: "valid", body: valid as unknown })
      : fc
          .tuple(fc.constantFrom(...textKeys), fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }))
          .map(([key, text]) => ({ label: `valid, ${key} in any script`, body: withOwn(valid, key, text) }));
  const broken = fc
    .array(fieldMutation(shape.keys, shape.dateKeys ?? []), { minLength: 1, maxLength: 3 })
    .map((mutations) => ({
      label: mutations.map((m) => m.label).join("; "),
      body: mutations.reduce<unknown>((input, m) => m.apply(input), valid),
    }));
  const reshaped = wholeBody.map((m) => ({ label: m.label, body: m.apply(valid) }));
  return fc.oneof(
    { weight: 2, arbitrary: validBody },
    { weight: 6, arbitrary: broken },
    { weight: 1, arbitrary: reshaped },
  );
}

/** Dates that pass the pattern but are no day of 1900-2999: each goes in every date field once. */
const EXAMPLE_DATES = ["2026-02-30", "2025-02-29", "0000-01-01", "3000-01-01"];

/**
 * The cases every run sends, whatever the seed: NUL in each field and each impossible date
 * in each date field, the rest of the body valid (so nothing else refuses it first).
 */
export function bodyExamples(valid: Json, shape: BodyShape): { label: string; body: unknown }[] {
  return [
    ...shape.keys.map((key) => ({ label: `${key}: NUL`, body: withOwn(valid, key, "a\u0000b") })),
    ...(shape.dateKeys ?? []).flatMap((key) =>
      EXAMPLE_DATES.map((date) => ({ label: `${key}: ${date}`, body: withOwn(valid, key, date) })),
    ),
    { label: "__proto__ key", body: withOwn(valid, "__proto__", { isSystemAdmin: true }) },
  ];
}

export type Query = [key: string, value: string][];

/** A query: the valid one, or it broken (NUL, long, unicode, impossible dates, repeated keys...). */
export function queries(
  valid: Query,
  dateKeys: string[] = [],
): fc.Arbitrary<{ label: string; query: Query }> {
  const keys = [...new Set([...valid.map(([key]) => key), "companyId"])];
  const key = fc.constantFrom(...keys);
  const set = (label: string, values: fc.Arbitrary<string>, on = key) =>
    fc.tuple(on, values).map(([name, value]) => ({
      label: `${name}: ${label}`,
      apply: (query: Query): Query => [...query.filter(([k]) => k !== name), [name, value]],
    }));
  const options: fc.Arbitrary<Mutation<Query, Query>>[] = [
    key.map((name) => ({ label: `${name} left out`, apply: (q: Query) => q.filter(([k]) => k !== name) })),
    set("NUL", nulText),
    set("8 kB", fc.constant("x".repeat(LONG_URL_TEXT_LENGTH))),
    set("unicode", fc.string({ unit: "grapheme", maxLength: 20 })),
    set("empty", fc.constant("")),
    set("not a uuid", fc.string({ unit: "grapheme-ascii", maxLength: 40 })),
    key.map((name) => ({
      label: `${name} given twice`,
      apply: (q: Query): Query => [...q, [name, q.find(([k]) => k === name)?.[1] ?? "x"]],
    })),
    set(
      "prototype key",
      fc.string({ maxLength: 5 }),
      fc.constantFrom("__proto__", "constructor", "toString"),
    ),
  ];
  if (dateKeys.length > 0) options.push(set("impossible date", impossibleDate, fc.constantFrom(...dateKeys)));
  const broken = fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 }).map((mutations) => ({
    label: mutations.map((m) => m.label).join("; "),
    query: mutations.reduce((query, m) => m.apply(query), valid),
  }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ label: "valid", query: valid }) },
    { weight: 4, arbitrary: broken },
  );
}

/** The query's counterpart of bodyExamples, plus a company id that is no UUID. */
export function queryExamples(valid: Query, dateKeys: string[] = []): { label: string; query: Query }[] {
  const replaced = (key: string, value: string): Query => [...valid.filter(([k]) => k !== key), [key, value]];
  return [
    ...valid.map(([key]) => ({ label: `${key}: NUL`, query: replaced(key, "a\u0000b") })),
    ...dateKeys.flatMap((key) =>
      EXAMPLE_DATES.map((date) => ({ label: `${key}: ${date}`, query: replaced(key, date) })),
    ),
    { label: "companyId: not a uuid", query: replaced("companyId", "not-a-uuid") },
  ];
}

export const queryString = (query: Query) =>
  query.length === 0
    ? ""
    : `?${query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")}`;

/** Path segments an id must survive: not ids, NUL, bad percent-encoding, traversal, long, unicode. */
export const badPathIds: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%00",
    "abc%00",
    "%",
    "%E0%A4%A",
    "%FF",
    "..%2F..%2Fetc",
    "null",
    "undefined",
    "0",
    "-1",
    "1e309",
  ),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid(),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constant("a".repeat(LONG_URL_TEXT_LENGTH)),
);

/** A header value a client could send: printable ASCII only (Node refuses the rest before any route). */
export const badHeaderValues: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 40 }),
  fc.uuid().map((id) => `${id}x`),
  fc.constantFrom("null", "undefined", "' or 1=1 --", "00000000-0000-0000-0000-00000000000g"),
);

type Answer = { status: number; headers: Record<string, string>; body: unknown; text: string };

/** What is wrong with an answer, or undefined: no 5xx, and an error is JSON with a known string code. */
export function answerProblem(res: Answer): string | undefined {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
  if (res.status < 400) return undefined;
  if (!/application\/json/.test(res.headers["content-type"] ?? "")) return `${res.status} is not JSON`;
  const body = res.body as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.code !== "string") return `${res.status} has no string code`;
  if (!(ERROR_CODES as readonly string[]).includes(body.code)) return `unknown code ${body.code}`;
  if (typeof body.message !== "string") return `${res.status} has no message`;
  return undefined;
}
