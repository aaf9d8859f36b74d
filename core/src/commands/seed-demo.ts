/**
 * The demo company a newcomer sees at first start: Acme Plumbing with an owner, an
 * admin and an employee login, six technicians and a living week of jobs. The employee
 * login (tech@example.com) is Luis Garcia on the roster, so My Day shows his jobs.
 */
import { JOB_TYPES, type JobStatus, type PaymentStatus } from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { type Db, db, type Tx } from "../db/client";
import { MIGRATION_LOCK_KEY } from "../db/migrate";
import {
  callRecords,
  chatMessages,
  companyUsers,
  employees,
  jobs,
  users,
  weeklySchedules,
} from "../db/schema";
import { addDays, toDateString, weekName, weekStartOf } from "../lib/dates";
import { normalizeAddress } from "../places/normalize";
import { placeColumns } from "../places/on-save";
import { resolveOffline } from "../places/resolve-offline";
import { createCompanyForOwner } from "./create-company";
import { startCompanySettings } from "./save-company-settings";

export const DEMO_COMPANY = "Acme Plumbing";
export const DEMO_LOGINS = [
  {
    role: "owner",
    email: "demo@example.com",
    password: "demo-password-1",
    firstName: "Dana",
    lastName: "Owens",
  },
  {
    role: "admin",
    email: "dispatch@example.com",
    password: "demo-password-1",
    firstName: "Sam",
    lastName: "Rivera",
  },
  {
    role: "employee",
    email: "tech@example.com",
    password: "demo-password-1",
    firstName: "Luis",
    lastName: "Garcia",
  },
] as const;

const TECHNICIANS = [
  { name: "Luis Garcia", initials: "LG", avatarColor: "blue" },
  { name: "Maria Chen", initials: "MC", avatarColor: "green" },
  { name: "Tom Becker", initials: "TB", avatarColor: "purple" },
  { name: "Aisha Khan", initials: "AK", avatarColor: "orange" },
  { name: "Jon Park", initials: "JP", avatarColor: "teal" },
  { name: "Eve Walsh", initials: "EW", avatarColor: "pink" },
] as const;

const STREETS = ["Oak St", "Maple Ave", "Pine Rd", "Cedar Ln", "Elm Ct", "Birch Way", "Lake Dr", "Hill St"];
/**
 * Towns around Springfield, Illinois, with their ZIP codes: the demo's jobs get approximate
 * places from the data that ships with the app (docs/places.md), so the map, drive times
 * and Optimize have something to show with no geocoder configured.
 */
const TOWNS = [
  "Springfield, IL 62701",
  "Springfield, IL 62704",
  "Chatham, IL 62629",
  "Springfield, IL 62702",
  "Rochester, IL 62563",
  "Springfield, IL 62711",
  "Sherman, IL 62684",
  "Springfield, IL 62703",
  "Riverton, IL 62561",
  "Springfield, IL 62707",
  "Auburn, IL 62615",
  "Springfield, IL 62712",
  "Williamsville, IL 62693",
];
/** The company's skills; the first two technicians hold some (docs/schedule.md, "Skills"). */
const SKILLS = ["gas", "backflow tester"];
const TECHNICIAN_SKILLS: Record<string, string[]> = {
  "Luis Garcia": ["gas"],
  "Maria Chen": ["gas", "backflow tester"],
  "Tom Becker": ["backflow tester"],
};
const TIMES = ["08:00", "09:30", "11:00", "13:00", "14:30", "16:00"];
const WORK = [
  "Replace kitchen faucet",
  "Water heater flush",
  "Clear main drain",
  "Install dishwasher line",
  "Fix running toilet",
  "Annual backflow test",
  "Burst pipe under sink",
  "Inspect sump pump",
];

/**
 * Creates the demo company unless the demo owner's e-mail is taken (then returns false).
 * Two web processes started together on an empty database both seed: the check and the
 * inserts run under the migrations' advisory lock, so the second waits and finds it made.
 */
export async function seedDemoCompany(today = new Date(), database: Db = db): Promise<boolean> {
  const password = await hashPassword(DEMO_LOGINS[0].password);
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = 'demo@example.com'`);
    if (existing.length > 0) return false;
    await insertDemoCompany(tx, password, today);
    return true;
  });
}

/** A demo address and its place from the offline data (a ZIP code's centre). */
const located = (location: string) => ({
  location,
  ...placeColumns(resolveOffline(location, "US"), normalizeAddress(location)),
});

export async function insertDemoCompany(tx: Tx, password: string, today: Date): Promise<void> {
  const people = await tx
    .insert(users)
    .values(
      DEMO_LOGINS.map((l) => ({ email: l.email, password, firstName: l.firstName, lastName: l.lastName })),
    )
    .returning();
  const company = await createCompanyForOwner(tx, people[0].id, DEMO_COMPANY, today);
  await startCompanySettings(tx, company.id, { skills: SKILLS });
  await tx.insert(companyUsers).values([
    { companyId: company.id, userId: people[1].id, role: "admin" },
    { companyId: company.id, userId: people[2].id, role: "employee" },
  ]);
  const roster = await tx
    .insert(employees)
    .values(
      TECHNICIANS.map((t) => ({ ...t, companyId: company.id, skills: TECHNICIAN_SKILLS[t.name] ?? [] })),
    )
    .returning();
  const technician = people[2];
  // The technician login is the first roster employee (same name), who has jobs every day this week.
  await tx
    .update(companyUsers)
    .set({ employeeId: roster[0].id })
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, technician.id)));

  const monday = weekStartOf(toDateString(today));
  const todayText = toDateString(today);
  const rows: (typeof jobs.$inferInsert)[] = [];
  roster.forEach((employee, e) => {
    // This week and next, Monday to Saturday: past days done, the rest ahead.
    for (const day of [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]) {
      const count = 1 + ((e + day) % 3);
      for (let j = 0; j < count; j++) {
        const n = e * 17 + day * 5 + j;
        const date = addDays(monday, day);
        const isPast = date < todayText;
        const status: JobStatus = isPast
          ? "completed"
          : date === todayText && j === 0
            ? "in_progress"
            : "scheduled";
        const paymentStatus: PaymentStatus = isPast ? (n % 3 === 0 ? "billed" : "paid") : "pending";
        rows.push({
          companyId: company.id,
          employeeId: employee.id,
          type: JOB_TYPES[n % JOB_TYPES.length],
          ...located(
            `${100 + ((n * 37) % 900)} ${STREETS[n % STREETS.length]}, ${TOWNS[(n * 7) % TOWNS.length]}`,
          ),
          description: WORK[n % WORK.length],
          date,
          time: TIMES[(j * 2 + e) % TIMES.length],
          status,
          paymentStatus,
          completedAt: status === "completed" ? new Date(`${date}T17:00:00Z`) : null,
          amount: n % 4 === 0 ? null : String(95 + ((n * 45) % 400)),
        });
      }
    }
  });
  await tx.insert(jobs).values(rows);
  await tx.insert(weeklySchedules).values(
    [monday, addDays(monday, 7)].map((weekStartDate) => ({
      companyId: company.id,
      weekStartDate,
      weekEndDate: addDays(weekStartDate, 6),
      name: weekName(weekStartDate),
    })),
  );
  await tx.insert(chatMessages).values([
    { companyId: company.id, employeeId: roster[1].id, message: "Running 10 minutes late to Maple Ave." },
    {
      companyId: company.id,
      employeeId: roster[0].id,
      senderUserId: technician.id,
      message: "No problem, customer is home all morning.",
    },
  ]);
  await tx.insert(callRecords).values({
    companyId: company.id,
    customerName: "Priya Natarajan",
    customerPhone: "(555) 201-4433",
    customerEmail: "priya@example.com",
    customerAddress: "42 Willow St",
    serviceType: "estimate",
    notes: "Wants a quote for a tankless water heater.",
    callDate: todayText,
    callTime: "09:15",
  });
}
