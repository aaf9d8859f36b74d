/**
 * POST /api/sms/inbound: Twilio's webhook for replies to the company's texts
 * (docs/customers.md, "Text messages"). Twilio signs the form's fields with the URL it was
 * configured with, `${APP_URL}/api/sms/inbound`; a request whose X-Twilio-Signature does not
 * match is refused 403 before anything is read. STOP and START words change who gets texts;
 * the answer is an empty TwiML document (Twilio sends its own confirmation of a STOP).
 */
import { config } from "@sched/core/config";
import { Forbidden } from "@sched/core/errors";
import { logger } from "@sched/core/logger";
import { handleInboundText } from "@sched/core/texts/inbound";
import { parseOrThrow } from "@sched/core/validation";
import { ZSmsInbound } from "@sched/shared-types";
import { type Request, Router } from "express";
import twilio from "twilio";
import { route } from "../http/route";

export const smsInboundRouter = Router();

export const SMS_SIGNATURE_INVALID = "The request is not signed by Twilio";

/** The address Twilio posts to, as it signs it. */
export const smsInboundUrl = () => `${config.appUrl}/api/sms/inbound`;

function assertSignedByTwilio(req: Request) {
  const authToken = config.twilio?.authToken;
  if (!authToken) {
    logger.warn("text reply received but Twilio is not configured");
    throw new Forbidden(SMS_SIGNATURE_INVALID);
  }
  const signature = req.get("x-twilio-signature");
  const params = (req.body ?? {}) as Record<string, string>;
  if (!signature || !twilio.validateRequest(authToken, signature, smsInboundUrl(), params)) {
    throw new Forbidden(SMS_SIGNATURE_INVALID);
  }
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

smsInboundRouter.post(
  "/",
  route({ access: "public" }, async ({ req, res }) => {
    assertSignedByTwilio(req);
    const reply = parseOrThrow(ZSmsInbound, req.body);
    await handleInboundText(reply.From, reply.Body);
    res.type("text/xml").send(EMPTY_TWIML);
  }),
);
