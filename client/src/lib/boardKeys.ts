/**
 * The query keys of the board's first screen, on their own (lib/queryKeys.ts is the list of
 * them all and takes these): the early script (src/early/) asks for the same URLs before
 * the app's code has loaded, and carries only these.
 */
const api = (root: string) => `/api/${root}`;

export const boardKeys = {
  /** The signed-in user (null when signed out). */
  user: () => [api("user")] as const,
  companies: () => [api("companies")] as const,
  /** The company's settings: time zone and country (docs/settings.md). */
  settings: (companyId: string) => [api("companies"), companyId, "settings"] as const,
  /** The jobs of `startDate` to `endDate`, both included. */
  jobs: (companyId: string, startDate: string, endDate: string) =>
    [api("jobs"), { companyId, startDate, endDate }] as const,
  /** The whole roster, inactive people included. */
  employees: (companyId: string) => [api("employees"), { companyId }] as const,
};
