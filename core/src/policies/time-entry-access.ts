/**
 * Who reads a time entry's history (docs/timesheets.md): the office any entry of its
 * company, a technician only the entries of the roster employee they are linked to.
 */
import { db } from "../db/client";
import { type CompanyAccess, isAllowed } from "./authorize";
import { linkedEmployeeOf } from "./job-progress";

export async function canReadTimeEntry(member: CompanyAccess, entry: { employeeId: string | null }) {
  if (isAllowed(member, "readAllTimesheets")) return true;
  return (await linkedEmployeeOf(db, member)) === entry.employeeId;
}
