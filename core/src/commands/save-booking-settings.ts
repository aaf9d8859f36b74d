/**
 * Saving the online booking settings (docs/booking.md): owners and admins, on the version
 * they read (409 stale otherwise). The slug is unique across companies (409 when taken);
 * turning booking on needs a slug and a service; the reminder hour is the company's
 * notice setting `reminderTime`, written there (one setting, not two).
 */
import {
  BOOKING_MESSAGES,
  type BookingSettingsDTO,
  canonicalSkills,
  type TBookingSettingsUpdate,
  unknownSkillMessage,
} from "@sched/shared-types";
import { and, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { bookingSettings, companySettings } from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import { normalizePhone } from "../lib/phones";
import type { CompanyAccess } from "../policies/company-access";
import { presentBookingSettings } from "../presenters/booking";
import { presentCompanySettings } from "../presenters/company-settings";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { assertCurrentVersion, nextVersion } from "./versions";

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

const badField = (path: string, message: string) => new BadRequest(message, [{ path, message }]);

async function assertSlugFree(executor: Executor, companyId: string, slug: string) {
  const [taken] = await executor
    .select({ companyId: bookingSettings.companyId })
    .from(bookingSettings)
    .where(and(eq(bookingSettings.slug, slug), ne(bookingSettings.companyId, companyId)));
  if (taken) throw new Conflict(BOOKING_MESSAGES.slugTaken);
}

/** The services with their skills spelled as the company's list spells them; an unknown skill is a 400. */
function canonicalServices(services: NonNullable<TBookingSettingsUpdate["services"]>, skills: string[]) {
  return services.map((service, index) => {
    const result = canonicalSkills(service.requiredSkills, skills);
    if ("unknown" in result) {
      throw badField(`services.${index}.requiredSkills`, unknownSkillMessage(result.unknown));
    }
    return { ...service, requiredSkills: result.skills };
  });
}

/** PUT /api/companies/:companyId/booking-settings. */
export async function saveBookingSettings(
  member: CompanyAccess,
  input: TBookingSettingsUpdate,
): Promise<BookingSettingsDTO> {
  const { companyId } = member;
  const { version, companyId: _ignored, reminderHour, messages, phone, services, ...fields } = input;
  const company = await loadCompanySettings(companyId);
  const changes: Partial<typeof bookingSettings.$inferInsert> = { ...fields };
  if (services !== undefined) changes.services = canonicalServices(services, company.skills);
  if (phone !== undefined) {
    const e164 = phone === null || phone.trim() === "" ? null : normalizePhone(phone, company.country);
    if (phone && !e164?.startsWith("+")) throw badField("phone", BOOKING_MESSAGES.phone);
    changes.phone = e164;
  }
  if (fields.slug) await assertSlugFree(db, companyId, fields.slug);
  const run = () =>
    db.transaction(async (tx) => {
      await tx.insert(bookingSettings).values({ companyId }).onConflictDoNothing();
      const [locked] = await tx
        .select()
        .from(bookingSettings)
        .where(eq(bookingSettings.companyId, companyId))
        .for("update");
      await assertCurrentVersion(tx, locked, version, "booking page", () =>
        presentBookingSettings(locked, company.reminderTime),
      );
      const next = { ...locked, ...changes };
      if (next.enabled && !next.slug) throw badField("slug", BOOKING_MESSAGES.enableWithoutSlug);
      if (next.enabled && next.services.length === 0) {
        throw badField("services", BOOKING_MESSAGES.enableWithoutServices);
      }
      const [row] = await tx
        .update(bookingSettings)
        .set({
          ...changes,
          ...(messages ? { messages: { ...locked.messages, ...messages } } : {}),
          ...nextVersion(locked, member.userId),
        })
        .where(eq(bookingSettings.companyId, companyId))
        .returning();
      const reminderTime =
        reminderHour === undefined ? undefined : `${String(reminderHour).padStart(2, "0")}:00`;
      // Turning the page on turns the customer notices on: whoever books online is told
      // (confirmation, reminder, On my way). The owner may turn them off again in Settings.
      const noticesOn = fields.enabled === true && !locked.enabled ? { customerNotices: true } : {};
      const companyChanges = { ...(reminderTime ? { reminderTime } : {}), ...noticesOn };
      const [settings] =
        Object.keys(companyChanges).length > 0
          ? await tx
              .insert(companySettings)
              .values({ companyId, ...companyChanges })
              .onConflictDoUpdate({
                target: companySettings.companyId,
                set: { ...companyChanges, updatedAt: sql`now()` },
              })
              .returning()
          : [];
      return { row, settings };
    });
  const { row, settings } = await run().catch((error: unknown) => {
    // Two companies choosing one slug at once: the index keeps one.
    if (isUniqueViolation(error)) throw new Conflict(BOOKING_MESSAGES.slugTaken);
    throw error;
  });
  if (settings) {
    publish(companyId, "settings.updated", { ...presentCompanySettings(settings), companyId });
  }
  return presentBookingSettings(row, settings?.reminderTime ?? company.reminderTime);
}
