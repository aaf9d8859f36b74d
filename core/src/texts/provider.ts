/**
 * Text messages to customers (docs/customers.md, "Text messages"): one interface, Twilio's
 * SDK when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, otherwise each text
 * written to data/outbox/ beside the e-mails, so a local run shows what would have gone out.
 */
import { config } from "../config";
import { outboxTextProvider } from "./outbox-provider";
import { twilioTextProvider } from "./twilio-provider";

/** One text to send: `to` in E.164; `reference` names it in logs and outbox files (the notice's id). */
export type OutgoingText = { to: string; body: string; reference: string };

/** What the provider said: its id for the message (Twilio's SID), or the file written. */
export type SentText = { providerId: string; file?: string };

export interface TextProvider {
  readonly name: "twilio" | "outbox";
  send(text: OutgoingText): Promise<SentText>;
}

/**
 * The provider refused this text for good: retrying sends nothing. `optedOut` when the number
 * replied STOP (Twilio's error 21610); otherwise the number cannot take texts (a landline,
 * an invalid number).
 */
export class TextRefused extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly optedOut: boolean,
  ) {
    super(message);
    this.name = "TextRefused";
  }
}

let provider: TextProvider | undefined;

export function textProvider(): TextProvider {
  provider ??= config.twilio ? twilioTextProvider(config.twilio) : outboxTextProvider();
  return provider;
}

/** Forgets the provider, so the next text reads config again (tests that point config at a stub). */
export function resetTextProvider() {
  provider = undefined;
}
