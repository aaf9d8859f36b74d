/** What a company id looks like, in a module of its own: the early script (src/early/) reads the remembered one. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a real company id, false for the placeholder or an empty selection. */
export function isCompanyId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
