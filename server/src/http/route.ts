/**
 * route(options, handler): the shape of every API handler. It checks the session,
 * passes the system administrator check when the options ask for one, parses the body,
 * query and path with shared zod schemas, passes the company access check (company id,
 * membership, authorize) when the options name an action, and hands the handler typed
 * input: no casts, no `!` on the user. A value the handler returns is sent as JSON.
 * See docs/architecture.md.
 */
import { loadScoped, type ScopedTable } from "@sched/core/db/scoped";
import { BadRequest, Forbidden, Unauthorized } from "@sched/core/errors";
import { type Action, authorize, isOpenToEveryMember } from "@sched/core/policies/authorize";
import { type CompanyAccess, isCompanyMember, loadCompanyAccess } from "@sched/core/policies/company-access";
import { assertSystemAdmin } from "@sched/core/policies/system-admin";
import { parseOrThrow } from "@sched/core/validation";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { companyIdOf } from "./company";
import { idempotencyKeyOf, requestFingerprint, runIdempotent } from "./idempotency";

export const COMPANY_ID_REQUIRED = "Company id is required";
export const NOT_A_MEMBER = "You are not a member of this company";

/**
 * Who may call: anyone, a signed-in user, a system administrator, a member of the request's
 * company allowed `company`, or a member of it for an action open to every member at all
 * times (`companyMember`: membership alone decides, so the role is not read).
 */
export type Access = "public" | "user" | "systemAdmin" | { company: Action } | { companyMember: Action };

/** Who the cheap check lets in: a member of the company, role not loaded. */
export type CompanyMember = Pick<CompanyAccess, "companyId" | "userId">;

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a handler returns: what its `response` schema describes (or nothing, having answered itself). */
type Answer<R> = R extends z.ZodType ? z.infer<R> | undefined : unknown;

type Caller<A extends Access> = A extends { company: Action }
  ? { userId: string; member: CompanyAccess }
  : A extends { companyMember: Action }
    ? { userId: string; member: CompanyMember }
    : A extends "user" | "systemAdmin"
      ? { userId: string }
      : { userId: string | undefined };

export type RouteInput<A extends Access, B, Q, P> = Caller<A> & {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  req: Request;
  res: Response;
};

type Options<A extends Access, B, Q, P, R> = {
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The success answer's schema (shared-types/src/schemas): the handler must return what it
   * describes, and the API's description names it (./openapi.ts).
   */
  response?: R;
  /** A create that honours `Idempotency-Key`: a repeat answers the first answer (./idempotency.ts). */
  idempotent?: boolean;
  /**
   * The answer's status when the handler succeeds: 201 for a create (the handler returns
   * what it made), 202 for work handed to the worker (an e-mail), 204 for nothing to say
   * (the handler returns nothing). Default 200.
   */
  status?: 201 | 202 | 204;
};

/** What a route() handler was made from: the API's description reads it (./openapi.ts). */
export type RouteSpec = {
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  idempotent?: boolean;
  status?: 201 | 202 | 204;
};

const routeSpecs = new WeakMap<RequestHandler, RouteSpec>();

/** The spec of a handler made by route(); undefined for any other middleware. */
export function routeSpecOf(handler: unknown): RouteSpec | undefined {
  return typeof handler === "function" ? routeSpecs.get(handler as RequestHandler) : undefined;
}

/** Replaces a request part with its parsed value (Express 5 makes req.query a getter). */
function setPart(req: Request, part: "body" | "query" | "params", value: unknown) {
  Object.defineProperty(req, part, { value, writable: true, configurable: true, enumerable: true });
}

/** The member of the request's company, authorized for `action`: 400 without a company, 403 outside it. */
export async function requireCompanyAccess(
  req: Request,
  userId: string,
  action: Action,
): Promise<CompanyAccess> {
  const companyId = companyIdOf(req);
  if (!companyId) throw new BadRequest(COMPANY_ID_REQUIRED);
  const member = await loadCompanyAccess(userId, companyId);
  if (!member) throw new Forbidden(NOT_A_MEMBER);
  authorize(member, action);
  return member;
}

/**
 * The company access check for an action every member may do, even after a trial ends: being a
 * member is the whole decision, one indexed read of company_user, so that the 3 s chat
 * poll stays cheap (docs/realtime.md). Same answers as requireCompanyAccess.
 */
async function requireCompanyMember(req: Request, userId: string): Promise<CompanyMember> {
  const companyId = companyIdOf(req);
  if (!companyId) throw new BadRequest(COMPANY_ID_REQUIRED);
  if (!(await isCompanyMember(userId, companyId))) throw new Forbidden(NOT_A_MEMBER);
  return { companyId, userId };
}

/**
 * The check of a row route: the row by id with the caller's membership of its company (404
 * `notFoundMessage` for a row outside the caller's companies, core/src/db/scoped.ts),
 * authorized for `action` on that row.
 */
export async function loadAuthorizedRow<T extends ScopedTable>(
  table: T,
  id: string,
  userId: string,
  action: Action,
  notFoundMessage: string,
) {
  const scoped = await loadScoped(table, id, userId, notFoundMessage);
  authorize(scoped.member, action, scoped.row);
  return scoped;
}

/** The member behind the request for company access kinds; undefined for the others. */
function accessCheckFor(access: Access, req: Request, userId: string): Promise<CompanyMember> | undefined {
  if (typeof access !== "object") return undefined;
  return "companyMember" in access
    ? requireCompanyMember(req, userId)
    : requireCompanyAccess(req, userId, access.company);
}

export function route<
  A extends Access,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(
  options: Options<A, B, Q, P, R>,
  handler: (input: RouteInput<A, B, Q, P>) => Answer<R> | Promise<Answer<R>>,
): RequestHandler {
  const { access } = options;
  // The role table decides which actions may skip the role: a wrong route fails at start-up.
  if (typeof access === "object" && "companyMember" in access && !isOpenToEveryMember(access.companyMember)) {
    throw new Error(
      `"${access.companyMember}" depends on the role: use { company: "${access.companyMember}" }`,
    );
  }
  const handle = async (req: Request, res: Response, _next: NextFunction) => {
    const userId = req.userId;
    if (access !== "public" && !userId) throw new Unauthorized();
    // Keys belong to a user: a signed-out call has none to check against.
    const idempotencyKey = options.idempotent && userId ? idempotencyKeyOf(req) : undefined;
    const bodyAsSent: unknown = req.body ?? {};
    // Before the input is read: someone else learns nothing about the admin routes' forms.
    if (access === "systemAdmin" && userId) await assertSystemAdmin(userId);
    if (options.params) setPart(req, "params", parseOrThrow(options.params, req.params));
    if (options.query) setPart(req, "query", parseOrThrow(options.query, req.query));
    if (options.body) setPart(req, "body", parseOrThrow(options.body, req.body ?? {}));
    const member = userId ? await accessCheckFor(access, req, userId) : undefined;
    const input = {
      userId,
      member,
      body: options.body ? req.body : undefined,
      query: options.query ? req.query : undefined,
      params: options.params ? req.params : undefined,
      req,
      res,
    } as unknown as RouteInput<A, B, Q, P>;
    const run = async () => {
      const result = await handler(input);
      if (options.status && !res.headersSent) res.status(options.status);
      return result;
    };
    const result =
      idempotencyKey && userId
        ? await runIdempotent(
            {
              req,
              res,
              userId,
              key: idempotencyKey,
              requestHash: requestFingerprint(req, bodyAsSent, member?.companyId),
            },
            run,
          )
        : await run();
    if (res.headersSent) return;
    if (result !== undefined) res.json(result);
    else if (options.status === 204) res.end();
  };
  routeSpecs.set(handle, options);
  return handle;
}
