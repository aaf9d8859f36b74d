/** The companies a signed-in user belongs to, as the API answers them. */
import { z } from "zod";
import { ROLES } from "../constants";
import { ZRowId } from "./common";

/** GET /api/companies: one company of the user. */
export const ZCompany = z
  .object({
    id: ZRowId,
    name: z.string(),
    role: z.enum(ROLES),
    employeeId: ZRowId.nullable().describe("The roster employee the user is linked to there; null when none"),
  })
  .meta({ id: "Company" });
export type CompanyDTO = z.infer<typeof ZCompany>;

/** GET /api/user/companies */
export const ZUserCompany = z.object({ companyId: ZRowId, role: z.enum(ROLES) }).meta({ id: "UserCompany" });
export type UserCompanyDTO = z.infer<typeof ZUserCompany>;
