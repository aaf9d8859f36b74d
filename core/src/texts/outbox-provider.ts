/**
 * Without Twilio (local runs, the demo), a text is written to data/outbox/ as a small file
 * beside the e-mails' .eml files, and logged with its links: nothing leaves the machine.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { logger } from "../logger";
import type { TextProvider } from "./provider";

export const textOutboxDir = () => path.join(config.dataDir, "outbox");

const safeName = (value: string) => value.replace(/[^a-z0-9+._-]+/gi, "_");

export function outboxTextProvider(): TextProvider {
  return {
    name: "outbox",
    async send(text) {
      await mkdir(textOutboxDir(), { recursive: true });
      const file = path.join(textOutboxDir(), `${Date.now()}-${safeName(text.to)}.sms.txt`);
      await writeFile(file, `To: ${text.to}\nReference: ${text.reference}\n\n${text.body}\n`);
      const links = text.body.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: text.to, file, links }, "text written to the outbox (no Twilio configured)");
      return { providerId: `outbox:${text.reference}`, file };
    },
  };
}
