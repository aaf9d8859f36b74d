/**
 * Sends mail over SMTP_URL with nodemailer. Without SMTP_URL (local runs), the
 * message is written as an .eml file under data/outbox/ and its links are logged,
 * so an invitation can be followed without any mail server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@sched/core/config";
import { logger } from "@sched/core/logger";
import nodemailer, { type Transporter } from "nodemailer";

export type Mail = { to: string; subject: string; text: string; html: string };

export const outboxDir = () => path.join(config.dataDir, "outbox");

/** One pooled transport, for the SMTP server configured now (tests point it at their own). */
let transporter: { url: string; transport: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transporter?.url !== url) {
    transporter?.transport.close();
    transporter = { url, transport: nodemailer.createTransport(url) };
  }
  return transporter.transport;
}

const safeName = (value: string) => value.replace(/[^a-z0-9@._-]+/gi, "_");

export async function sendMail(mail: Mail): Promise<{ messageId: string; file?: string }> {
  const message = { from: config.mailFrom, ...mail };
  if (config.smtpUrl) {
    const info = await smtp(config.smtpUrl).sendMail(message);
    return { messageId: info.messageId };
  }
  const rendered = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail(message);
  mkdirSync(outboxDir(), { recursive: true });
  const file = path.join(outboxDir(), `${Date.now()}-${safeName(mail.to)}.eml`);
  writeFileSync(file, rendered.message as Buffer);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  logger.info(
    { to: mail.to, subject: mail.subject, file, links },
    "mail written to the outbox (no SMTP_URL)",
  );
  return { messageId: rendered.messageId, file };
}

export function closeMail() {
  transporter?.transport.close();
  transporter = undefined;
}
