/**
 * Texts through Twilio's SDK (its Messages API). TWILIO_API_URL sends the SDK's requests to
 * another origin, as STRIPE_API_HOST does for Stripe: the tests' local stub of the API.
 * Failures the provider may get over (a 429, a 5xx, the network) are thrown as they are
 * and retried by the mail outbox; a refusal for good is a TextRefused.
 */
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { type TextProvider, TextRefused } from "./provider";

type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl?: string };
/** Twilio's code for a message to a number that replied STOP. */
export const TWILIO_UNSUBSCRIBED = 21610;

/** The SDK's own HTTP client with every request's origin replaced by `apiUrl`. */
function redirectedClient(apiUrl: string): RequestClient {
  const origin = new URL(apiUrl);
  return new (class extends twilio.RequestClient {
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      const uri = new URL(opts.uri);
      uri.protocol = origin.protocol;
      uri.host = origin.host;
      return super.request<T>({ ...opts, uri: uri.href });
    }
  })({ timeout: 20_000 });
}

/** A RestException's HTTP status and Twilio error code, when the error is one. */
const statusOf = (error: unknown) => (error as { status?: number }).status;
const codeOf = (error: unknown) => (error as { code?: number }).code;

export function twilioTextProvider(settings: TwilioConfig): TextProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    timeout: 20_000,
    ...(settings.apiUrl ? { httpClient: redirectedClient(settings.apiUrl) } : {}),
  });
  return {
    name: "twilio",
    async send(text) {
      try {
        const message = await client.messages.create({ to: text.to, from: settings.from, body: text.body });
        return { providerId: message.sid };
      } catch (error) {
        const status = statusOf(error);
        const code = codeOf(error);
        if (code === TWILIO_UNSUBSCRIBED) throw new TextRefused((error as Error).message, code, true);
        // A 400 (an invalid or landline number): the same text fails again. Anything else
        // (429, 5xx, 401 for credentials being fixed, the network) may pass later.
        if (status === 400) {
          throw new TextRefused((error as Error).message, code, false);
        }
        throw error;
      }
    },
  };
}
