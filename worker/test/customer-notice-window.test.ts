/**
 * A booking notice says the arrival window promised to the customer instead of the time
 * (docs/schedule.md, "Optimize a day"), in the company's time format.
 */
import { describe, expect, it } from "vitest";
import { type CustomerNoticeFacts, renderCustomerNotice } from "../src/mail/customer-notice";

const facts: CustomerNoticeFacts = {
  kind: "confirmation",
  isMove: false,
  companyName: "Acme Plumbing",
  jobType: "Repair",
  location: "1 Main St",
  date: "2026-12-02",
  time: "09:40",
  timeFormat: "12h",
  technicianName: null,
  unsubscribeLink: "http://app.test/unsubscribe/abc",
};

describe("a notice of a visit with an arrival window", () => {
  it("says the window, not the time", () => {
    const mail = renderCustomerNotice({ ...facts, arrivalWindow: { start: "09:00", end: "11:00" } });
    expect(mail.subject).toBe(
      "Your visit from Acme Plumbing is booked for Wednesday, December 2, 2026, arriving 9–11 AM",
    );
    expect(mail.text).toContain("arriving 9–11 AM");
    expect(mail.text).not.toContain("9:40");
    const reminder = renderCustomerNotice({
      ...facts,
      kind: "reminder",
      timeFormat: "24h",
      arrivalWindow: { start: "13:00", end: "15:00" },
    });
    expect(reminder.subject).toBe("Reminder: Acme Plumbing visits you tomorrow, arriving 13:00–15:00");
  });

  it("says the time when there is no window", () => {
    const mail = renderCustomerNotice({ ...facts, arrivalWindow: null });
    expect(mail.subject).toBe(
      "Your visit from Acme Plumbing is booked for Wednesday, December 2, 2026 at 9:40 AM",
    );
  });
});
