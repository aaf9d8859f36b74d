/**
 * A page's first Intl formatter loads ICU's data (50 ms and more of a slow CPU): a module
 * that keeps one makes it on first use, never at import, or every page pays for it,
 * the sign-in page included (docs/performance.md).
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
const made = { DateTimeFormat: 0, NumberFormat: 0 };

/** Counts the formatters made of `kind` from now on (with or without `new`). */
function count(kind: keyof typeof real) {
  const counted = new Proxy(real[kind], {
    construct: (target, args) => {
      made[kind]++;
      return Reflect.construct(target, args);
    },
    apply: (target, self, args) => {
      made[kind]++;
      return Reflect.apply(target, self, args);
    },
  });
  Object.defineProperty(Intl, kind, { value: counted, configurable: true, writable: true });
}

describe("formatters kept by modules", () => {
  afterEach(() => {
    for (const kind of ["DateTimeFormat", "NumberFormat"] as const)
      Object.defineProperty(Intl, kind, { value: real[kind], configurable: true, writable: true });
  });

  it("are not made when the shared types or the board's job style are imported", async () => {
    count("DateTimeFormat");
    count("NumberFormat");
    vi.resetModules();
    const shared = await import("@sched/shared-types");
    const jobStyle = await import("../src/entities/job/jobStyle");
    expect(made).toEqual({ DateTimeFormat: 0, NumberFormat: 0 });

    // Made on first use, once.
    expect(shared.formatCalendarDate("2026-11-23")).toBe("Nov 23, 2026");
    expect(shared.formatCalendarDate("2027-01-05")).toBe("Jan 5, 2027");
    expect(jobStyle.formatAmount("1234.5")).toBe("$1,234.50");
    expect(jobStyle.formatAmount(20)).toBe("$20.00");
    expect(made).toEqual({ DateTimeFormat: 1, NumberFormat: 1 });
  });
});
