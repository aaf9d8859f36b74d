/** Text messages' pieces (docs/customers.md, "Text messages"): numbers, reply words, the outbox default. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "../src/config";
import { textNumberOf } from "../src/lib/phones";
import { keywordOf } from "../src/texts/inbound";
import { outboxTextProvider } from "../src/texts/outbox-provider";
import { resetTextProvider, textProvider } from "../src/texts/provider";

describe("numbers that take texts", () => {
  it("are valid mobiles (or, in the US, numbers that may be one), in E.164", () => {
    expect(textNumberOf("(201) 555-0123", "US")).toBe("+12015550123");
    expect(textNumberOf("+49 151 23456789")).toBe("+4915123456789");
    expect(textNumberOf("0412 345 678", "AU")).toBe("+61412345678");
    // A landline, a toll-free number, a fictional 555-01xx, a short local number, nothing.
    expect(textNumberOf("+44 20 7946 0000")).toBeNull();
    expect(textNumberOf("+1 800 555 0199")).toBeNull();
    expect(textNumberOf("+1 555 010 2000")).toBeNull();
    expect(textNumberOf("5550100", "US")).toBeNull();
    expect(textNumberOf(null)).toBeNull();
  });
});

describe("a reply's keyword", () => {
  it("is STOP or START in any case and with punctuation around, and nothing else", () => {
    for (const word of ["STOP", "stop", " Stop. ", "STOPALL", "Unsubscribe", "cancel!", "END", "quit"]) {
      expect(keywordOf(word), word).toBe("opted_out");
    }
    for (const word of ["START", "yes", "Unstop"]) expect(keywordOf(word), word).toBe("opted_in");
    for (const word of ["Stop by at 3?", "thanks", "", "yes please"])
      expect(keywordOf(word), word).toBe("ignored");
  });
});

describe("without Twilio", () => {
  it("writes each text to the outbox folder beside the e-mails", async () => {
    const dataDir = config.dataDir;
    config.dataDir = mkdtempSync(path.join(tmpdir(), "texts-"));
    try {
      resetTextProvider();
      expect(config.twilio).toBeUndefined();
      expect(textProvider().name).toBe("outbox");
      const sent = await outboxTextProvider().send({
        to: "+12015550123",
        body: "Hi Alex, see you at 9.\nhttp://app.test/visit/abc",
        reference: "n1",
      });
      expect(path.dirname(sent.file ?? "")).toBe(path.join(config.dataDir, "outbox"));
      expect(sent.file).toMatch(/\+12015550123\.sms\.txt$/);
      expect(readFileSync(sent.file ?? "", "utf8")).toBe(
        "To: +12015550123\nReference: n1\n\nHi Alex, see you at 9.\nhttp://app.test/visit/abc\n",
      );
    } finally {
      config.dataDir = dataDir;
      resetTextProvider();
    }
  });
});
