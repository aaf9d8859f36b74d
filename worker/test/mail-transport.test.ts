/**
 * The SMTP transport follows the configured server: files that share a test process each
 * point SMTP_URL at their own server, and a transport made for an earlier one (since closed)
 * must not be reused (it failed CI once with ECONNREFUSED).
 */
import { config } from "@sched/core/config";
import { afterAll, describe, expect, it } from "vitest";
import { closeMail, sendMail } from "../src/mail/transport";
import { startSmtpServer } from "./invitation-support";

const mail = (to: string) => ({ to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" });

const configured = config.smtpUrl;
afterAll(() => {
  closeMail();
  config.smtpUrl = configured;
});

describe("the mail transport", () => {
  it("sends to the SMTP server configured now, not to one configured before", async () => {
    const first = await startSmtpServer();
    config.smtpUrl = first.url;
    await sendMail(mail("first@example.test"));
    expect(first.mailTo("first@example.test")).toHaveLength(1);
    await first.close();

    const second = await startSmtpServer();
    try {
      config.smtpUrl = second.url;
      await sendMail(mail("second@example.test"));
      expect(second.mailTo("second@example.test")).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
