/** A forgotten password: asking for a link, and choosing a new password with it (docs/auth.md). */
import { requestPasswordReset } from "@sched/core/commands/request-password-reset";
import { resetPassword } from "@sched/core/commands/reset-password";
import { consumeAll, passwordResetsByAddress, passwordResetsByIp } from "@sched/core/limits";
import {
  PASSWORD_RESET_REQUESTED,
  ZPasswordReset,
  ZPasswordResetParams,
  ZPasswordResetRequest,
} from "@sched/shared-types";
import { Router } from "express";
import { assertSecureConnection } from "../auth/secure-connection";
import { signIn } from "../auth/session";
import { route } from "../http/route";

export const passwordResetRouter = Router();

/**
 * Always 202 with the same words: whether an account uses the address is never said. The
 * limits count every request, known address or not, so a 429 says nothing either.
 */
passwordResetRouter.post(
  "/password-reset",
  route({ access: "public", body: ZPasswordResetRequest, status: 202 }, async ({ body, req }) => {
    await consumeAll([
      [passwordResetsByIp, req.ip ?? "unknown"],
      [passwordResetsByAddress, body.email],
    ]);
    await requestPasswordReset(body.email);
    return { message: PASSWORD_RESET_REQUESTED };
  }),
);

/** Sets the new password, ends every other session of the account, and signs this browser in. */
passwordResetRouter.post(
  "/password-reset/:token",
  route(
    { access: "public", params: ZPasswordResetParams, body: ZPasswordReset },
    async ({ params, body, req }) => {
      assertSecureConnection(req);
      const user = await resetPassword(params.token, body.password);
      await signIn(req, user.id);
      return user;
    },
  ),
);
