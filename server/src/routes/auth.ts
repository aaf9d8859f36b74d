/** Signing up, in and out, and who is signed in (docs/auth.md). */
import { registerUser } from "@sched/core/commands/register-user";
import { BadRequest, Unauthorized } from "@sched/core/errors";
import { consume, registrationsByIp } from "@sched/core/limits";
import { presentUser } from "@sched/core/presenters/users";
import { findUserByLogin, getUser } from "@sched/core/queries/users";
import { refuseNul } from "@sched/core/validation";
import { type TLogin, ZLogin, ZRegister, ZUser } from "@sched/shared-types";
import { Router } from "express";
import { checkWithFailureLimit } from "../auth/rate-limit";
import { assertSecureConnection } from "../auth/secure-connection";
import { SESSION_COOKIE, signIn, signOut } from "../auth/session";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";

export const authRouter = Router();

const MISSING_CREDENTIALS = "Missing credentials";
const INVALID_LOGIN = "Invalid email or password";

authRouter.post(
  "/register",
  route({ access: "public", body: ZRegister, status: 201, response: ZUser }, async ({ body, req }) => {
    assertSecureConnection(req);
    // Each account can send invitations: how many one address may make is limited (docs/api.md).
    await consume(registrationsByIp, clientAddress(req));
    const { user } = await registerUser(body);
    await signIn(req, user.id);
    return presentUser(user);
  }),
);

/** Any unusable sign-in form answers the same 400, without saying which field is wrong. */
function credentialsOf(body: unknown): TLogin {
  refuseNul(body);
  const parsed = ZLogin.safeParse(body ?? {});
  if (!parsed.success) throw new BadRequest(MISSING_CREDENTIALS);
  return parsed.data;
}

authRouter.post(
  "/login",
  route({ access: "public", response: ZUser }, async ({ req }) => {
    assertSecureConnection(req);
    const { email, password } = credentialsOf(req.body);
    const attempt = { email, ip: clientAddress(req) };
    const user = await checkWithFailureLimit("login", attempt, INVALID_LOGIN, () =>
      findUserByLogin(email, password),
    );
    await signIn(req, user.id);
    return user;
  }),
);

authRouter.post(
  "/logout",
  route({ access: "public" }, async ({ req, res }) => {
    if (req.session) await signOut(req);
    res.clearCookie(SESSION_COOKIE);
    return { ok: true };
  }),
);

authRouter.get(
  "/user",
  route({ access: "user", response: ZUser }, async ({ userId }) => {
    const user = await getUser(userId);
    if (!user) throw new Unauthorized();
    return user;
  }),
);
