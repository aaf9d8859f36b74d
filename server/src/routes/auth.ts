import { ZLogin, ZRegister } from "@sched/shared-types";
import { eq, sql } from "drizzle-orm";
import { Router } from "express";
import { verifyPassword } from "../auth/passwords";
import { assertNotLocked, clearFailures, recordFailure } from "../auth/rate-limit";
import { requireUser, signIn, signOut } from "../auth/session";
import { registerUser } from "../commands/register-user";
import { db } from "../db/client";
import { users } from "../db/schema";
import { BadRequest, Unauthorized } from "../errors";
import { parseOrThrow, validate } from "../middleware/validate";
import { presentUser } from "../presenters/users";

export const authRouter = Router();

authRouter.post("/register", validate(ZRegister), async (req, res) => {
  const { user } = await registerUser(req.body);
  await signIn(req, user.id);
  res.status(201).json(presentUser(user));
});

const MISSING_CREDENTIALS = "Missing credentials";
const INVALID_LOGIN = "Invalid email or password";

authRouter.post("/login", async (req, res) => {
  const body = req.body ?? {};
  if (!body.email || !body.password) throw new BadRequest(MISSING_CREDENTIALS);
  let credentials: { email: string; password: string };
  try {
    credentials = parseOrThrow(ZLogin, body);
  } catch {
    throw new BadRequest(MISSING_CREDENTIALS);
  }
  const ip = req.ip ?? "unknown";
  await assertNotLocked("login", credentials.email, ip);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${credentials.email}`)
    .limit(1);
  const isValid = await verifyPassword(credentials.password, user?.password);
  if (!user || !isValid) {
    await recordFailure("login", credentials.email, ip);
    throw new Unauthorized(INVALID_LOGIN);
  }
  await clearFailures("login", credentials.email);
  await signIn(req, user.id);
  res.json(presentUser(user));
});

authRouter.post("/logout", async (req, res) => {
  if (req.session) await signOut(req);
  res.clearCookie("sched.sid");
  res.json({ ok: true });
});

authRouter.get("/user", requireUser, async (req, res) => {
  const [user] = await db.select().from(users).where(eq(users.id, req.userId!)).limit(1);
  if (!user) throw new Unauthorized();
  res.json(presentUser(user));
});
