/**
 * A real SMTP server for the invitation tests (smtp-server), collecting what it accepts,
 * helpers to read an invitation link out of a raw message, and the office's invite
 * through core's command.
 */
import type { AddressInfo } from "node:net";
import { sendInvitation } from "@sched/core/commands/send-invitation";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import type { InvitableRole } from "@sched/shared-types";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; decoded: string };

/** Lets a test hold or refuse a recipient: return "accept", "hold" (never answer) or an Error. */
export type RcptPolicy = (address: string, session: SMTPServerSession) => "accept" | "hold" | Error;

/** Quoted-printable soft breaks and escapes undone, so a long link reads as one string. */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export function invitationLinks(mail: ReceivedMail): string[] {
  return mail.decoded.match(/https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/g) ?? [];
}

export function header(mail: ReceivedMail, name: string): string | undefined {
  // A long value may start on the folded line after the name.
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(mail.raw);
  return match?.[1].replace(/\r?\n[ \t]+/g, " ").trim();
}

type SmtpOptions = {
  rcpt?: RcptPolicy;
  /** Runs once a message is in, before the server answers 250 (the fault test kills the sender here). */
  beforeAccept?: (mail: ReceivedMail) => Promise<void>;
};

export async function startSmtpServer({ rcpt = () => "accept", beforeAccept }: SmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // A plain local connection: nodemailer would otherwise upgrade to TLS with an untrusted certificate.
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const decision = rcpt(address.address, session);
      if (decision === "accept") return callback();
      if (decision instanceof Error) return callback(decision);
      // "hold": the client waits for an answer that never comes.
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        };
        // The message counts as delivered from here on, whether or not the sender hears the 250.
        received.push(mail);
        for (const wake of waiters) wake();
        void (beforeAccept?.(mail) ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  // A client killed mid-conversation resets its connection: that is the fault test's point, not an error.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailTo = (address: string) => received.filter((mail) => mail.to.includes(address));

  /** Resolves with the mails to `address` once there is at least one, or rejects after `ms`. */
  function waitForMail(address: string, ms = 15_000): Promise<ReceivedMail[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (mailTo(address).length === 0) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(mailTo(address));
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no mail to ${address} within ${ms} ms`));
      }, ms);
      if (!check()) waiters.add(wake);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailTo,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it returns a value that is not undefined, or throws after `ms`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 15_000, label = "condition") {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${label} not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the office's "Invite" does (docs/team-and-invitations.md), as `inviter`: the core
 * command saves the invitation and queues its e-mail job, carrying the id only.
 */
export async function inviteAs(
  inviter: { id: string },
  companyId: string,
  email: string,
  role: InvitableRole = "employee",
) {
  const member = await loadCompanyAccess(inviter.id, companyId);
  if (!member) throw new Error(`${inviter.id} is not a member of ${companyId}`);
  return sendInvitation(member, { email, role });
}

/** The token at the end of an invitation link. */
export const tokenOf = (link: string) => new URL(link).pathname.split("/").pop() ?? "";
