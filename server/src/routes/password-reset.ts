/** A forgotten password: asking for a link, and choosing a new password with it (docs/auth.md). */
import { requestPasswordReset } from "@sched/core/commands/request-password-reset";
import { resetPassword } from "@sched/core/commands/reset-password";
import { consumeAll, passwordResetsByAddress, passwordResetsByIp } from "@sched/core/limits";
import { logger } from "@sched/core/logger";
import {
  PASSWORD_RESET_REQUESTED,
  ZPasswordReset,
  ZPasswordResetParams,
  ZPasswordResetRequest,
  ZUser,
} from "@sched/shared-types";
import { Router } from "express";
import { clearAccountSlowdown } from "../auth/rate-limit";
import { assertSecureConnection } from "../auth/secure-connection";
import { signIn } from "../auth/session";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

export const passwordResetRouter = Router();

/**
 * Always 202 with the same words: whether an account uses the address is never said. The
 * limits count every request, known address or not, so a 429 says nothing either. The
 * answer does not wait for the reset itself: a known address writes a row that an unknown
 * one does not, and its time would tell. A reset that fails is logged; the person asks again.
 */
passwordResetRouter.post(
  "/password-reset",
  route({ access: "public", body: ZPasswordResetRequest, status: 202 }, async ({ body, req }) => {
    await consumeAll([
      [passwordResetsByIp, clientAddress(req)],
      [passwordResetsByAddress, body.email],
    ]);
    requestPasswordReset(body.email).catch((error: unknown) =>
      logger.error({ err: error, requestId: req.id }, "password reset request failed"),
    );
    return { message: PASSWORD_RESET_REQUESTED };
  }),
);

/**
 * Sets the new password, ends every other session of the account, and signs this browser
 * in. It also ends the account's sign-in slowdown: the link is how an owner held back by
 * someone else's guesses gets in (docs/auth.md).
 */
passwordResetRouter.post(
  apiTokenPath("/password-reset/:token"),
  route(
    { access: "public", params: ZPasswordResetParams, body: ZPasswordReset, response: ZUser },
    async ({ params, body, req }) => {
      assertSecureConnection(req);
      const user = await resetPassword(params.token, body.password);
      await clearAccountSlowdown(user.email);
      await signIn(req, user.id);
      return user;
    },
  ),
);
