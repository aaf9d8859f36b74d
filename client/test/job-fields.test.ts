/** The job's field list read by the print sheet, the change lists and the board's filter (shared-types/src/job-fields.ts). */
import { describe, expect, it } from "vitest";
import { jobTagWords } from "../src/entities/job/JobContent";
import { jobChangeLabels, jobChangeValues } from "../src/entities/job/jobChanges";
import { matchesFieldFilters } from "../src/features/schedule/FieldFilters";
import { initialValues } from "../src/features/schedule/jobDialogValues";
import { buildPrintHtml } from "../src/features/schedule/print";
import { intendedChange } from "../src/lib/staleChange";
import { buildEmployee, buildJob } from "./builders";

describe("a job's priority through the field list", () => {
  it("prints in the job's grey line unless normal", () => {
    const employee = buildEmployee({ id: "e1" });
    const urgent = buildJob({ id: "u", priority: "urgent", amount: "95.00" });
    const normal = buildJob({ id: "n", time: "11:00" });
    const html = buildPrintHtml([urgent, normal], [employee], "2026-11-23", "Acme");
    expect(html).toContain('<div class="muted">Scheduled · Pending · $95.00 · Urgent</div>');
    expect(html).toContain('<div class="muted">Scheduled · Pending</div>');
  });

  it("is a tag on the cards, first, and left off while normal", () => {
    expect(jobTagWords(buildJob({ priority: "high", amount: "10.00" }))).toEqual([
      "High priority",
      "Pending",
      "$10.00",
    ]);
    expect(jobTagWords(buildJob())).toEqual(["Pending"]);
  });

  it("starts normal in the dialog and is part of what a save sends", () => {
    expect(initialValues(undefined).priority).toBe("normal");
    const job = buildJob();
    const wanted = { ...jobChangeValues(job), priority: "urgent" as const };
    expect(intendedChange(jobChangeValues(job), wanted, jobChangeLabels([]))).toEqual({ priority: "urgent" });
  });

  it("filters the board by the values chosen, none chosen showing all", () => {
    const high = buildJob({ priority: "high" });
    expect(matchesFieldFilters(high, {})).toBe(true);
    expect(matchesFieldFilters(high, { priority: [] })).toBe(true);
    expect(matchesFieldFilters(high, { priority: ["high", "urgent"] })).toBe(true);
    expect(matchesFieldFilters(high, { priority: ["low"] })).toBe(false);
  });
});
