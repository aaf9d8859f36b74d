/**
 * An approved quote's "Choose a time" (docs/quotes.md) in the role matrix and the property
 * suite: the quote's link alone opens it, whoever calls.
 */
import { approveQuote } from "@sched/core/commands/answer-quote";
import type { Target } from "./property-input-targets";
import { storedQuote } from "./quote-routes";
import type { Entry } from "./role-matrix-support";

/** An approved quote's link: its job waits in the Unscheduled tray. */
async function approvedToken(companyId: string) {
  const { token, option } = await storedQuote(companyId);
  await approveQuote(token, { option: option.id, name: "Quinn Quote" });
  return token;
}

// Without online booking the windows are `offered: false` and a pick 409: the door lets both through.
const anyone = { owner: "allowed", admin: "allowed", employee: "allowed", nonMember: "allowed" } as const;

export const QUOTE_WINDOW_ROUTES: Entry[] = [
  {
    route: "GET /api/public/quotes/:token/windows",
    path: async (c) => `/api/public/quotes/${await approvedToken(c.companyId)}/windows`,
    expected: anyone,
  },
  {
    route: "POST /api/public/quotes/:token/window",
    path: async (c) => `/api/public/quotes/${await approvedToken(c.companyId)}/window`,
    body: () => ({ date: "2999-01-06", start: "08:00" }),
    expected: anyone,
  },
];

/** Bad `from`, `days`, `date` and `start` never answer 500 (property-input.test.ts). */
export const QUOTE_WINDOW_TARGETS: Target[] = [
  {
    name: "GET /api/public/quotes/:token/windows",
    method: "get",
    path: async (ctx) => `/api/public/quotes/${await approvedToken(ctx.companyId)}/windows`,
    signedOut: true,
    query: {
      valid: () => [
        ["from", "2999-01-06"],
        ["days", "3"],
      ],
      dateKeys: ["from"],
    },
  },
  {
    name: "POST /api/public/quotes/:token/window",
    method: "post",
    path: async (ctx) => `/api/public/quotes/${await approvedToken(ctx.companyId)}/window`,
    signedOut: true,
    body: {
      valid: () => ({ date: "2999-01-06", start: "08:00" }),
      shape: { keys: ["date", "start"], dateKeys: ["date"] },
    },
  },
];
