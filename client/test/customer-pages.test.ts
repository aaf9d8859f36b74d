/// <reference types="node" />
/**
 * The customer's pages (client/src/customer, docs/customer-pages.md): their paths, their
 * pickers' grouping, their words, and that they stay apart from the office app's code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { contactProblem, EMPTY_CONTACT } from "../src/customer/ContactDetails";
import { addDays, formatLength, formatPriceFrom, formatWindow, telHref } from "../src/customer/format";
import { pageOf } from "../src/customer/pages";
import { cutoffHours, statusWords } from "../src/customer/visit-words";
import { groupByDay } from "../src/customer/windows";
import { importGraph } from "./import-rooms";

const SRC = resolve(import.meta.dirname, "../src");

describe("the customer's pages", () => {
  it("open by their path, and nothing else does", () => {
    expect(pageOf("/book/acme-plumbing")).toEqual({ page: "book", slug: "acme-plumbing" });
    expect(pageOf("/book/acme-plumbing/")).toEqual({ page: "book", slug: "acme-plumbing" });
    expect(pageOf("/visit/abc.DEF_1")).toEqual({ page: "visit", token: "abc.DEF_1" });
    expect(pageOf("/visit/")).toEqual({ page: "none" });
    expect(pageOf("/visit/a/b")).toEqual({ page: "none" });
    expect(pageOf("/book/%E0%A4%A")).toEqual({ page: "none" });
    expect(pageOf("/schedule/x")).toEqual({ page: "none" });
  });

  it("import only their own files, the idempotency key and React: no office app code", () => {
    const outside = importGraph(SRC)
      .filter((edge) => edge.from.startsWith("customer/"))
      .filter((edge) => !edge.to.startsWith("customer/") && edge.to !== "lib/idempotency.ts");
    expect(outside).toEqual([]);
    const packages = readdirSync(join(SRC, "customer"))
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) => [
        ...readFileSync(join(SRC, "customer", file), "utf8").matchAll(
          /^import (type )?.*from "([^.][^"]*)"/gm,
        ),
      ])
      .filter((match) => !match[1])
      .map((match) => match[2]);
    expect(new Set(packages)).toEqual(new Set(["react", "react-dom/client"]));
  });
});

describe("the window pickers", () => {
  it("group windows by day in order, each day's by start, a repeat once", () => {
    const days = groupByDay([
      { date: "2026-12-08", start: "10:00", end: "12:00" },
      { date: "2026-12-07", start: "13:00", end: "15:00" },
      { date: "2026-12-07", start: "08:00", end: "10:00" },
      { date: "2026-12-07", start: "13:00", end: "15:00" },
    ]);
    expect(days.map((day) => [day.date, day.windows.map((window) => window.start)])).toEqual([
      ["2026-12-07", ["08:00", "13:00"]],
      ["2026-12-08", ["10:00"]],
    ]);
  });

  it("move through months and years on the calendar", () => {
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });
});

describe("the customer's words", () => {
  it("say lengths, prices and windows plainly", () => {
    expect(formatLength(90)).toBe("1 h 30 min");
    expect(formatLength(45)).toBe("45 min");
    expect(formatLength(120)).toBe("2 h");
    expect(formatPriceFrom(8000)).toBe("from $80");
    expect(formatWindow({ start: "08:00", end: "10:00" })).toMatch(/^8:00\sAM – 10:00\sAM$/);
  });

  it("ask for a name, and a phone or an e-mail", () => {
    expect(contactProblem(EMPTY_CONTACT)?.message).toBe("Enter your name");
    expect(contactProblem({ ...EMPTY_CONTACT, name: "Ann" })?.message).toBe(
      "Give a phone number or an e-mail address",
    );
    expect(contactProblem({ ...EMPTY_CONTACT, name: "Ann", email: "ann@example.test" })).toBeNull();
    expect(contactProblem({ ...EMPTY_CONTACT, name: "Ann", phone: "555 0100" })).toBeNull();
  });

  it("say the status, with the arrival time once on the way", () => {
    expect(statusWords({ status: "booked", arrivalEstimateAt: null })).toBe("Booked");
    expect(statusWords({ status: "on_the_way", arrivalEstimateAt: null })).toBe("On the way");
    expect(statusWords({ status: "on_the_way", arrivalEstimateAt: "2026-12-07T10:20:00Z" })).toMatch(
      /^On the way: arriving about \d{1,2}:20/,
    );
  });

  it("tell the cutoff in hours before the visit, and nothing they cannot tell", () => {
    const start = new Date("2026-12-08T08:00:00");
    const cutoffAt = new Date(start.getTime() - 24 * 3_600_000).toISOString();
    const visit = { date: "2026-12-08", window: { start: "08:00", end: "10:00" }, time: "08:00", cutoffAt };
    expect(cutoffHours(visit)).toBe(24);
    expect(cutoffHours({ ...visit, cutoffAt: null })).toBeNull();
    expect(cutoffHours({ ...visit, date: null })).toBeNull();
  });

  it("dial the company's number from its digits", () => {
    expect(telHref("+1 (555) 010-0199")).toBe("tel:+15550100199");
  });
});
