/**
 * The bell's wording and who hears what, as pure functions (core/src/notifications/):
 * every entry is a sentence with the job's time, type and address.
 */
import { describe, expect, it } from "vitest";
import {
  billingMessage,
  day,
  freeAccessMessage,
  jobMessages,
  memberJoinedMessage,
  personName,
  weekScheduledMessage,
} from "../src/notifications/messages";
import { type JobFacts, jobNotices, type Person, weekNotices } from "../src/notifications/recipients";

const job = { type: "Repair", location: "12 Oak Rd", date: "2025-11-24", time: "09:00" };
/** An American company's sentences: 12-hour, as its screens say them. */
const words = jobMessages("12h");

describe("the bell's wording", () => {
  it("says days as people say them, and times in the company's format", () => {
    expect(jobMessages("24h").assigned("Olive Owner", { ...job, time: "14:00" })).toBe(
      "Olive Owner assigned you a 14:00 Repair at 12 Oak Rd on Mon 24 Nov",
    );
    expect(jobMessages("12h").assigned("Olive Owner", { ...job, time: "14:00" })).toBe(
      "Olive Owner assigned you a 2:00 PM Repair at 12 Oak Rd on Mon 24 Nov",
    );
    expect(jobMessages("24h").moved(job, { ...job, time: "08:30" })).toBe(
      "Your 09:00 Repair at 12 Oak Rd moved to Mon 24 Nov 08:30",
    );
    expect(day("2025-11-25")).toBe("Tue 25 Nov");
    expect(day("2026-01-04")).toBe("Sun 4 Jan");
  });

  it("names the job by its time, type and address in every job sentence", () => {
    expect(words.assigned("Olive Owner", job)).toBe(
      "Olive Owner assigned you a 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov",
    );
    expect(words.moved(job, { ...job, date: "2025-11-25", time: "10:30" })).toBe(
      "Your 9:00 AM Repair at 12 Oak Rd moved to Tue 25 Nov 10:30 AM",
    );
    expect(words.changed(job, { ...job, location: "14 Elm St" })).toBe(
      "Your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov is now at 14 Elm St",
    );
    expect(words.changed(job, { ...job, type: "Inspection" })).toBe(
      "Your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov is now an Inspection",
    );
    expect(words.changed(job, { ...job, type: "Maintenance", location: "14 Elm St" })).toBe(
      "Your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov is now a Maintenance at 14 Elm St",
    );
    expect(words.reassignedAway("Olive Owner", job, "Sam Sparks")).toBe(
      "Olive Owner reassigned your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov to Sam Sparks",
    );
    expect(words.cancelled("Olive Owner", job)).toBe(
      "Olive Owner cancelled your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov",
    );
    expect(words.deleted("Olive Owner", job)).toBe(
      "Olive Owner removed your 9:00 AM Repair at 12 Oak Rd on Mon 24 Nov from the schedule",
    );
    expect(words.completed("Pat Plumber", job)).toBe("Pat Plumber completed the 9:00 AM Repair at 12 Oak Rd");
    expect(words.photoAdded("Pat Plumber", job, "after")).toBe(
      "Pat Plumber added an after photo to the 9:00 AM Repair at 12 Oak Rd",
    );
    expect(words.photoAdded("Pat Plumber", job, "before")).toBe(
      "Pat Plumber added a before photo to the 9:00 AM Repair at 12 Oak Rd",
    );
    expect(words.onMyWay("Pat Plumber", job)).toBe("Pat Plumber is on the way to 12 Oak Rd");
  });

  it("says what else changed when a job moved, and 'an' before 8, 11 and 18", () => {
    expect(jobMessages("24h").assigned("Olive Owner", { ...job, time: "18:30" })).toMatch(/you an 18:30/);
    expect(jobMessages("24h").assigned("Olive Owner", { ...job, time: "08:00" })).toMatch(/you an 08:00/);
    expect(words.assigned("Olive Owner", { ...job, time: "11:00" })).toMatch(/you an 11:00 AM/);
    expect(words.moved(job, { ...job, time: "11:00", location: "14 Elm St" })).toBe(
      "Your 9:00 AM Repair at 12 Oak Rd moved to Mon 24 Nov 11:00 AM and is now at 14 Elm St",
    );
    expect(words.assigned("Olive Owner", { ...job, time: "08:00" })).toBe(
      "Olive Owner assigned you an 8:00 AM Repair at 12 Oak Rd on Mon 24 Nov",
    );
    expect(words.assigned("Olive Owner", { ...job, time: "18:30" })).toMatch(/you a 6:30 PM/);
    expect(words.assigned("Olive Owner", { ...job, time: "01:00" })).toMatch(/you a 1:00 AM/);
  });

  it("counts a template's jobs for the week", () => {
    expect(weekScheduledMessage("Olive Owner", 1, "2025-11-24")).toBe(
      "Olive Owner scheduled 1 job for you in the week of Mon 24 Nov",
    );
    expect(weekScheduledMessage("Olive Owner", 5, "2025-11-24")).toBe(
      "Olive Owner scheduled 5 jobs for you in the week of Mon 24 Nov",
    );
  });

  it("keeps the billing and team sentences", () => {
    const trial = { status: "trial", planType: "basic" };
    const active = { status: "active", planType: "pro" };
    expect(billingMessage({ before: trial, after: active, planName: "Pro" })).toBe(
      "Subscription active. Thank you! The Pro plan is active.",
    );
    expect(
      billingMessage({ before: { status: "past_due", planType: "pro" }, after: active, planName: "Pro" }),
    ).toBe("Payment received. The Pro plan is active again.");
    expect(
      billingMessage({ before: active, after: { status: "unpaid", planType: "pro" }, planName: "Pro" }),
    ).toBe("Payment failed. Choose a plan on the Subscription page to keep making changes.");
    expect(
      billingMessage({ before: active, after: { ...active, planType: "basic" }, planName: "Basic" }),
    ).toBe("Plan changed to Basic");
    expect(billingMessage({ before: active, after: active, planName: "Pro" })).toBeNull();
    expect(billingMessage({ before: active, after: trial, planName: "Basic" })).toBeNull();
    expect(freeAccessMessage("granted")).toBe("Free access granted. Every feature, at no charge");
    expect(freeAccessMessage("ended_back_on_trial")).toBe("Free access ended. Back on the free trial");
    expect(memberJoinedMessage("Nora Newhire")).toBe("Nora Newhire joined the team");
    expect(personName("  ")).toBe("Someone");
  });
});

const owner: Person = { userId: "u-owner", role: "owner", employeeId: null, name: "Olive Owner" };
const admin: Person = { userId: "u-admin", role: "admin", employeeId: null, name: "Adam Admin" };
const pat: Person = { userId: "u-pat", role: "employee", employeeId: "e-pat", name: "Pat Plumber" };
const sam: Person = { userId: "u-sam", role: "employee", employeeId: "e-sam", name: "Sam Sparks" };
const people = [owner, admin, pat, sam];
const audience = { people, employeeNames: new Map([["e-sam", "Sam Sparks"]]), timeFormat: "12h" as const };

const facts: JobFacts = { ...job, id: "j1", employeeId: "e-pat", status: "scheduled", onMyWayAt: null };
const update = (after: Partial<JobFacts>, photos = {}) =>
  ({ type: "updated", before: facts, after: { ...facts, ...after }, photos }) as const;
const told = (notices: { recipientUserId: string; kind: string }[]) =>
  notices.map((notice) => [notice.recipientUserId, notice.kind]);

describe("who is told what", () => {
  it("tells the technician about the office's changes to their job, and nobody else", () => {
    expect(told(jobNotices({ type: "created", job: facts }, "u-owner", audience))).toEqual([
      ["u-pat", "job.assigned"],
    ]);
    expect(told(jobNotices(update({ date: "2025-11-25" }), "u-admin", audience))).toEqual([
      ["u-pat", "job.moved"],
    ]);
    expect(told(jobNotices(update({ location: "14 Elm St" }), "u-owner", audience))).toEqual([
      ["u-pat", "job.changed"],
    ]);
    expect(told(jobNotices(update({ status: "cancelled" }), "u-owner", audience))).toEqual([
      ["u-pat", "job.cancelled"],
    ]);
    expect(told(jobNotices({ type: "deleted", job: facts }, "u-owner", audience))).toEqual([
      ["u-pat", "job.deleted"],
    ]);
    expect(told(jobNotices(update({ employeeId: "e-sam" }), "u-owner", audience))).toEqual([
      ["u-sam", "job.assigned"],
      ["u-pat", "job.reassigned_away"],
    ]);
    // A description or payment change is nothing to ring the bell for.
    expect(jobNotices(update({ status: "in_progress" }), "u-owner", audience)).toEqual([]);
  });

  it("points job entries at the job, except a deleted one", () => {
    expect(jobNotices(update({ time: "10:00" }), "u-owner", audience)[0].jobId).toBe("j1");
    expect(jobNotices({ type: "deleted", job: facts }, "u-owner", audience)[0].jobId).toBeNull();
  });

  it("tells owners and admins about field work, not the technician who did it", () => {
    const completed = jobNotices(update({ status: "completed" }), "u-pat", audience);
    expect(told(completed)).toEqual([
      ["u-owner", "job.completed"],
      ["u-admin", "job.completed"],
    ]);
    expect(completed[0].message).toBe("Pat Plumber completed the 9:00 AM Repair at 12 Oak Rd");
    expect(told(jobNotices(update({ onMyWayAt: new Date() }), "u-pat", audience))).toEqual([
      ["u-owner", "job.on_my_way"],
      ["u-admin", "job.on_my_way"],
    ]);
    const photo = jobNotices(update({}, { after: { bytes: 1 } }), "u-pat", audience);
    expect(photo.map((notice) => notice.message)[0]).toBe(
      "Pat Plumber added an after photo to the 9:00 AM Repair at 12 Oak Rd",
    );
    // A removed photo (null) adds nothing.
    expect(jobNotices(update({}, { after: null }), "u-pat", audience)).toEqual([]);
  });

  it("counts an owner who does their own jobs as field work, an office completion of another's job not", () => {
    const doer: Person = { ...owner, employeeId: "e-pat" };
    const withDoer = { ...audience, people: [doer, admin, sam] };
    expect(told(jobNotices(update({ status: "completed" }), "u-owner", withDoer))).toEqual([
      ["u-admin", "job.completed"],
    ]);
    expect(jobNotices(update({ status: "completed" }), "u-admin", audience)).toEqual([]);
  });

  it("never tells the actor, and tells nobody about an employee linked to no member", () => {
    const self: Person = { ...admin, employeeId: "e-pat" };
    expect(
      jobNotices(update({ date: "2025-11-26" }), "u-admin", { ...audience, people: [owner, self] }),
    ).toEqual([]);
    const unlinked = { ...facts, employeeId: "e-nobody" };
    expect(jobNotices({ type: "created", job: unlinked }, "u-owner", audience)).toEqual([]);
  });

  it("sums a template's week per technician", () => {
    const notices = weekNotices(["e-pat", "e-sam", "e-pat", "e-nobody"], "2025-11-24", "u-owner", people);
    expect(notices.map((notice) => [notice.recipientUserId, notice.message, notice.jobId])).toEqual([
      ["u-pat", "Olive Owner scheduled 2 jobs for you in the week of Mon 24 Nov", null],
      ["u-sam", "Olive Owner scheduled 1 job for you in the week of Mon 24 Nov", null],
    ]);
  });
});
