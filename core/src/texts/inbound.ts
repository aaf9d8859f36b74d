/**
 * A customer's reply to a text (POST /api/sms/inbound, docs/customers.md): the opt-out and
 * opt-in keywords Twilio itself honours, so what the app records agrees with what Twilio
 * will deliver. Any other reply is ignored (no one reads this number).
 */
import { logger } from "../logger";
import { optInNumber, optOutNumber } from "./opt-out";

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "YES", "UNSTOP"]);

export type InboundOutcome = "opted_out" | "opted_in" | "ignored";

/** The keyword a reply is: its only word, any case, punctuation around it ignored ("Stop."). */
export function keywordOf(body: string): InboundOutcome {
  const word = body
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")
    .toUpperCase();
  if (STOP_WORDS.has(word)) return "opted_out";
  if (START_WORDS.has(word)) return "opted_in";
  return "ignored";
}

/** Applies a reply from `from` (E.164, as Twilio reports it). */
export async function handleInboundText(
  from: string,
  body: string,
  now = new Date(),
): Promise<InboundOutcome> {
  const outcome = keywordOf(body);
  if (outcome === "opted_out") await optOutNumber(from, now);
  if (outcome === "opted_in") await optInNumber(from);
  if (outcome !== "ignored") logger.info({ outcome }, "text reply recorded");
  return outcome;
}
