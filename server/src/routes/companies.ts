import { createCompany } from "@sched/core/commands/create-company";
import { companiesByIp, companiesByUser, consumeAll } from "@sched/core/limits";
import { presentCompany, presentUserCompany } from "@sched/core/presenters/users";
import { loadCompany } from "@sched/core/queries/companies";
import { listMemberships } from "@sched/core/queries/memberships";
import { type UserCompanyDTO, ZCompany, ZCompanyCreate, ZUserCompany } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";

export const companiesRouter = Router();

companiesRouter.get(
  "/companies",
  route({ access: "user", response: z.array(ZCompany) }, async ({ userId }) => {
    const memberships = await listMemberships(userId);
    return memberships.map((membership) => presentCompany(membership, membership));
  }),
);

companiesRouter.get(
  "/user/companies",
  route(
    { access: "user", response: z.array(ZUserCompany) },
    async ({ userId }): Promise<UserCompanyDTO[]> => {
      const memberships = await listMemberships(userId);
      return memberships.map(presentUserCompany);
    },
  ),
);

/**
 * Each company sends its own invitations: how many companies one account and one address
 * may add is limited (docs/api.md), so more companies never mean more e-mails.
 */
companiesRouter.post(
  "/companies",
  route(
    { access: "user", body: ZCompanyCreate, idempotent: true, status: 201, response: ZCompany },
    async ({ userId, body, req }) => {
      await consumeAll([
        [companiesByUser, userId],
        [companiesByIp, clientAddress(req)],
      ]);
      return createCompany(userId, body);
    },
  ),
);

/** One company the user belongs to, with their role there (the header shows its name). */
companiesRouter.get(
  "/companies/:companyId",
  route({ access: { company: "read" }, response: ZCompany }, ({ member }) => loadCompany(member)),
);
