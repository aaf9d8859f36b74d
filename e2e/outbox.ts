/** The e-mails the e2e worker wrote to its outbox (no SMTP_URL in e2e: worker/src/mail/transport.ts). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./fixtures";

/** Every e-mail to `email` so far, quoted-printable undone so a long link reads as one string. */
function mailsTo(email: string): string {
  const outbox = path.join(e2eDataDir(), "outbox");
  const name = email.replace(/[^a-z0-9@._-]+/gi, "_");
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith(`-${name}.eml`));
  } catch {
    // No outbox yet: nothing was sent.
  }
  const raw = files.map((file) => readFileSync(path.join(outbox, file), "utf8")).join("\n");
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

/** The first link matching `pattern` in an e-mail to `email`, once the worker has written one. */
export async function linkFromOutbox(email: string, pattern: RegExp, what: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = mailsTo(email).match(pattern)?.[0];
        return link;
      },
      { timeout: 20_000, message: `${what} to ${email} in the outbox` },
    )
    .toBeTruthy();
  return link as string;
}
