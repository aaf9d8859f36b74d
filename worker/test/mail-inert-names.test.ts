/**
 * A company name with a link, kept from before names were checked (issue 33), reaches no
 * e-mail as a link: every template shows it with its dots and scheme bracketed.
 */
import { describe, expect, it } from "vitest";
import { renderCustomerNotice } from "../src/mail/customer-notice";
import { renderInvitationEmail } from "../src/mail/invitation";
import { inertName } from "../src/mail/layout";
import { trialEndedMail, trialReminderMail } from "../src/mail/trial";

const LINKY = "Prizes at https://evil.example/win and www.evil.example";

/** Every text a mail program reads: subject, plain text and HTML. */
const partsOf = (mail: { subject: string; text: string; html: string }) => [
  mail.subject,
  mail.text,
  mail.html,
];

function expectInert(mail: { subject: string; text: string; html: string }) {
  for (const part of partsOf(mail)) {
    expect(part).not.toMatch(/evil\.example|https:\/\/evil|www\./);
    expect(part).toContain("evil[.]example");
  }
}

describe("company names in e-mails", () => {
  it("are bracketed when they hold a link, and left alone otherwise", () => {
    expect(inertName(LINKY)).toBe("Prizes at https[:]//evil[.]example/win and www[.]evil[.]example");
    expect(inertName("Smith & Co.")).toBe("Smith & Co.");
    expect(inertName("J.R. Plumbing")).toBe("J.R. Plumbing");
  });

  it("are inert in every template", () => {
    const expiresAt = new Date("2026-12-01T10:00:00Z");
    expectInert(
      renderInvitationEmail({
        companyName: LINKY,
        inviterName: "Olive Owner",
        role: "employee",
        link: "http://app.test/invite/abc",
        expiresAt,
        timeZone: "America/Chicago",
        timeFormat: "12h",
      }),
    );
    const trial = { to: "o@example.test", firstName: "Olive", companyName: LINKY, trialEndsAt: expiresAt };
    expectInert(trialReminderMail({ ...trial, daysLeft: 3 }));
    expectInert(trialEndedMail(trial));
    expectInert(
      renderCustomerNotice({
        kind: "confirmation",
        isMove: false,
        companyName: LINKY,
        jobType: "Repair",
        location: "1 Main St",
        date: "2026-12-02",
        time: "09:00",
        timeFormat: "12h",
        technicianName: null,
        unsubscribeLink: "http://app.test/unsubscribe/abc",
      }),
    );
  });
});
