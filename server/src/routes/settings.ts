/** The company's settings (docs/settings.md): every member reads them, the owner changes them. */
import { saveCompanySettings } from "@sched/core/commands/save-company-settings";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { loadLearnedDriveSpeed } from "@sched/core/queries/drive-speed";
import { ZCompanySettings, ZCompanySettingsUpdate, ZLearnedDriveSpeed } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const settingsRouter = Router();

settingsRouter.get(
  "/companies/:companyId/settings",
  route({ access: { company: "read" }, response: ZCompanySettings }, ({ member }) =>
    loadCompanySettings(member.companyId),
  ),
);

settingsRouter.put(
  "/companies/:companyId/settings",
  route(
    { access: { company: "manageSettings" }, body: ZCompanySettingsUpdate, response: ZCompanySettings },
    ({ member, body }) => saveCompanySettings(member, body),
  ),
);

/** The average speed learned from the company's own On my way and Start taps (docs/places.md, "Drive time"). */
settingsRouter.get(
  "/companies/:companyId/drive-speed",
  route({ access: { company: "read" }, response: ZLearnedDriveSpeed }, ({ member }) =>
    loadLearnedDriveSpeed(member.companyId),
  ),
);
