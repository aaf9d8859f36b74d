import { describe, expect, it } from "vitest";
import {
  CUSTOMER_MESSAGE_KINDS,
  CUSTOMER_MESSAGE_SAMPLE_VALUES,
  CUSTOMER_TEXT_OPT_OUT_LINE,
  customerMessageProblem,
  DEFAULT_CUSTOMER_MESSAGES,
  renderCustomerMessage,
  ZCustomerMessages,
  ZCustomerMessageText,
} from "../src/customer-messages";

/** Long but real values: a customer's name, a company's, and links as the app makes them. */
const LONG_VALUES = {
  customerFirstName: "Maximiliane",
  companyName: "Northside Plumbing & Heating Services",
  date: "Wednesday, September 24",
  window: "10:30 AM–12:30 PM",
  technicianFirstName: "Christopher",
  arrivalTime: "11:45 AM",
  // A visit link as visitLink makes it: a row id, a dot and an HMAC (80 characters).
  visitUrl: `https://scheduler.example.com/visit/${"x".repeat(80)}`,
  reviewUrl: "https://g.page/r/CbN0rths1dePlumb1ng/review",
  // The office's words when it declines (up to 1000 characters: a long one makes a longer text).
  officeMessage: "Fully booked that week, sorry.",
  bookingUrl: "https://scheduler.example.com/book/northside-plumbing",
};

describe("customer messages", () => {
  it("renders each default with every placeholder filled and, with the STOP line, under 300 characters", () => {
    for (const kind of CUSTOMER_MESSAGE_KINDS) {
      const text = renderCustomerMessage(kind, null, LONG_VALUES);
      expect(text, kind).not.toMatch(/[{}]/);
      expect(`${text}\n${CUSTOMER_TEXT_OPT_OUT_LINE}`.length, `${kind}: ${text}`).toBeLessThan(300);
      // A declined request has no visit to see: its link books again.
      expect(text, kind).toContain(kind === "declined" ? LONG_VALUES.bookingUrl : LONG_VALUES.visitUrl);
      expect(customerMessageProblem(DEFAULT_CUSTOMER_MESSAGES[kind])).toBeUndefined();
    }
    expect(renderCustomerMessage("confirmation", null, CUSTOMER_MESSAGE_SAMPLE_VALUES)).toBe(
      "Hi Alex, your visit from Acme Plumbing is booked for Tuesday, April 8, 8–10 AM.\nSee or change it: https://example.com/visit/Xk3p9QwErTy",
    );
  });

  it("leaves out a line whose placeholder has no value", () => {
    const values = { ...CUSTOMER_MESSAGE_SAMPLE_VALUES, arrivalTime: null, reviewUrl: "" };
    expect(renderCustomerMessage("onTheWay", null, values)).toBe(
      "Hi Alex, Acme Plumbing is on the way.\nFollow the visit: https://example.com/visit/Xk3p9QwErTy",
    );
    expect(renderCustomerMessage("done", null, values)).toBe(
      "Thanks, Alex! Acme Plumbing has finished your visit.\nYour visit: https://example.com/visit/Xk3p9QwErTy",
    );
    expect(renderCustomerMessage("done", null, CUSTOMER_MESSAGE_SAMPLE_VALUES)).toContain(
      "How did we do? https://g.page/r/acme-plumbing/review",
    );
  });

  it("uses the company's own text, and the default for null or blank", () => {
    const own = "{companyName}: see you {date} ({window}) {visitUrl}";
    expect(renderCustomerMessage("reminder", own, CUSTOMER_MESSAGE_SAMPLE_VALUES)).toBe(
      "Acme Plumbing: see you Tuesday, April 8 (8–10 AM) https://example.com/visit/Xk3p9QwErTy",
    );
    expect(renderCustomerMessage("reminder", "  ", CUSTOMER_MESSAGE_SAMPLE_VALUES)).toBe(
      renderCustomerMessage("reminder", null, CUSTOMER_MESSAGE_SAMPLE_VALUES),
    );
    // A placeholder the company's text does not use is simply not said.
    expect(renderCustomerMessage("done", "Thanks!", CUSTOMER_MESSAGE_SAMPLE_VALUES)).toBe("Thanks!");
  });

  it("names an unknown placeholder, and the settings schema says so", () => {
    expect(customerMessageProblem("Hi {firstName}, see you")).toMatch(
      /^Unknown placeholder \{firstName\}: use /,
    );
    expect(customerMessageProblem("Hi {customerFirstName} {}")).toBe(customerMessageProblem("{}"));
    expect(customerMessageProblem("Hi {customerFirstName}")).toBeUndefined();
    const bad = ZCustomerMessageText.safeParse("Hi {name}");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/^Unknown placeholder \{name\}/);
    expect(ZCustomerMessageText.parse(null)).toBeNull();
    expect(ZCustomerMessageText.safeParse("x".repeat(321)).error?.issues[0].message).toBe(
      "Message text must be 320 characters or less",
    );
    const messages = ZCustomerMessages.parse({
      confirmation: " Booked: {date} ",
      reminder: null,
      onTheWay: null,
      done: null,
    });
    expect(messages.confirmation).toBe("Booked: {date}");
  });
});
