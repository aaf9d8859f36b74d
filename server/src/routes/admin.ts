/**
 * Platform administration (docs/admin.md). Every /api/admin route is for a signed-in
 * system administrator (access "systemAdmin"). POST /api/make-admin turns an existing
 * user into one with the server's setup password; GET /api/admin-setup says whether the
 * server has one.
 */

import { grantFreeAccess } from "@sched/core/commands/grant-free-access";
import { makeSystemAdmin } from "@sched/core/commands/make-admin";
import { revokeFreeAccess } from "@sched/core/commands/revoke-free-access";
import { config } from "@sched/core/config";
import { Forbidden } from "@sched/core/errors";
import { adminOverview, listCompaniesForAdmin, listFreeAccessCompanies } from "@sched/core/queries/admin";
import { parseOrThrow } from "@sched/core/validation";
import {
  ZAdminCompany,
  ZAdminOverview,
  ZGrantFreeAccess,
  ZMakeAdmin,
  ZRevokeFreeAccess,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { checkWithFailureLimit } from "../auth/rate-limit";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";

export const SETUP_DISABLED = "Admin setup is disabled: set ADMIN_SETUP_PASSWORD on the server to enable it";
export const SETUP_REFUSED = "Invalid credentials or user not found";

export const adminSetupRouter = Router();

/** No setup password configured means nobody can become an administrator this way. */
function setupPasswordOrRefuse(): string {
  if (!config.adminSetupPassword) throw new Forbidden(SETUP_DISABLED);
  return config.adminSetupPassword;
}

/** Tells /admin-setup whether this server has a setup password, so it can say setup is off. */
adminSetupRouter.get(
  "/admin-setup",
  route({ access: "public" }, () => ({ enabled: Boolean(config.adminSetupPassword) })),
);

adminSetupRouter.post(
  "/make-admin",
  route({ access: "public" }, ({ req }) => {
    // Checked before the form: a server without setup says so whatever is sent.
    const setupPassword = setupPasswordOrRefuse();
    const { email, adminPassword } = parseOrThrow(ZMakeAdmin, req.body ?? {});
    const attempt = { email, ip: clientAddress(req) };
    return checkWithFailureLimit("make-admin", attempt, SETUP_REFUSED, () =>
      makeSystemAdmin(email, adminPassword, setupPassword),
    );
  }),
);

export const adminRouter = Router();

adminRouter.get(
  "/companies",
  route({ access: "systemAdmin", response: z.array(ZAdminCompany) }, () => listCompaniesForAdmin()),
);

adminRouter.get(
  "/free-access-companies",
  route({ access: "systemAdmin", response: z.array(ZAdminCompany) }, () => listFreeAccessCompanies()),
);

adminRouter.get(
  "/overview",
  route({ access: "systemAdmin", response: ZAdminOverview }, () => adminOverview()),
);

adminRouter.post(
  "/grant-free-access",
  route({ access: "systemAdmin", body: ZGrantFreeAccess }, ({ userId, body }) =>
    grantFreeAccess(body.companyId, userId, body.notes),
  ),
);

adminRouter.post(
  "/revoke-free-access",
  route({ access: "systemAdmin", body: ZRevokeFreeAccess }, ({ userId, body }) =>
    revokeFreeAccess(body.companyId, userId),
  ),
);
