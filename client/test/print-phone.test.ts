/** Print Schedule keeps a customer's phone number on one line (issue 51). */
import { describe, expect, it } from "vitest";
import { buildPrintHtml } from "../src/features/schedule/print";
import { buildJob } from "./builders";

const employee = {
  id: "a",
  companyId: "c",
  name: "Pat Plumber",
  initials: "PP",
  avatarColor: "blue",
  isActive: true,
  availability: [],
  phone: null,
  email: null,
  skills: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  version: 1,
} as const;

describe("the print view's phone numbers", () => {
  it("sets each number in a span that never wraps, escaped, after the customer's name", () => {
    const job = buildJob({
      id: "j",
      companyId: "c",
      employeeId: "a",
      customerName: "Rosa <Diaz>",
      customerPhone: "+1 (555) 010-0199",
    });
    const html = buildPrintHtml(
      [job],
      [{ ...employee, availability: [], skills: [] }],
      job.date ?? "",
      "Acme",
    );
    expect(html).toContain(
      '<div class="customer">Rosa &lt;Diaz&gt; · <span class="phone">+1 (555) 010-0199</span></div>',
    );
    expect(html).toMatch(/\.phone \{ white-space: nowrap; \}/);
  });

  it("shows a number alone when the job names no customer", () => {
    const job = buildJob({
      id: "j",
      companyId: "c",
      employeeId: "a",
      customerName: null,
      customerPhone: "555 0100",
    });
    const html = buildPrintHtml(
      [job],
      [{ ...employee, availability: [], skills: [] }],
      job.date ?? "",
      "Acme",
    );
    expect(html).toContain('<div class="customer"><span class="phone">555 0100</span></div>');
  });
});
