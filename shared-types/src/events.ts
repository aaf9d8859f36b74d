/**
 * Realtime events: one map from event name to payload, and one from event name to who
 * hears it (EVENT_AUDIENCE). The server publishes after commit to the rooms the audience
 * names; the client's useRealtime hook applies them (docs/realtime.md).
 */
import { z } from "zod";
import type { Role } from "./constants";
import { type Action, can } from "./roles";
import type { BookingRequestDTO } from "./schemas/booking";
import type { CallRecordDTO, DailyCallDTO } from "./schemas/call-records";
import type { ChatMessageDTO } from "./schemas/chat";
import { ZCompanyId, ZDate } from "./schemas/common";
import type { CustomerDTO } from "./schemas/customers";
import type { EmployeeDTO } from "./schemas/employees";
import type { WeeklyScheduleDTO } from "./schemas/history";
import type { InvoiceSummaryDTO } from "./schemas/invoices";
import type { JobDTO } from "./schemas/jobs";
import type { NotificationDTO } from "./schemas/notifications";
import type { QuoteSummaryDTO } from "./schemas/quotes";
import type { CompanySettingsDTO } from "./schemas/settings";
import type { InvitationDTO, MemberDTO } from "./schemas/team";
import type { TemplateDTO } from "./schemas/templates";
import type { TimeOffSignal } from "./schemas/time-off";

export type Deleted = { id: string; companyId: string };

export type PresenceUser = { userId: string; firstName: string; lastName: string };

export type ServerEvents = {
  "job.created": JobDTO;
  "job.updated": JobDTO;
  "job.deleted": Deleted;
  /**
   * Many occurrences of a recurring job were made, changed or removed at once: one event
   * instead of one per job; the board refetches (docs/schedule.md).
   */
  "jobSeries.changed": { companyId: string; seriesId: string };
  "employee.created": EmployeeDTO;
  "employee.updated": EmployeeDTO;
  "employee.deleted": Deleted;
  "template.created": TemplateDTO;
  "template.deleted": Deleted;
  "template.applied": {
    companyId: string;
    templateId: string;
    weekStart: string;
    created: number;
    skipped: number;
  };
  "weeklySchedule.created": WeeklyScheduleDTO;
  "weeklySchedule.updated": WeeklyScheduleDTO;
  "chat.message": ChatMessageDTO;
  "callRecord.created": CallRecordDTO;
  "callRecord.updated": CallRecordDTO;
  "callRecord.deleted": Deleted;
  "customer.created": CustomerDTO;
  "customer.updated": CustomerDTO;
  "customer.deleted": Deleted;
  /** One event for a whole import rather than one per row (docs/customers.md). */
  "customer.imported": { companyId: string; created: number; updated: number };
  "dailyCall.updated": DailyCallDTO;
  "member.joined": MemberDTO & { companyId: string };
  "member.removed": { companyId: string; userId: string };
  /** A member's roster link changed (docs/team-and-invitations.md). */
  "member.updated": MemberDTO & { companyId: string };
  "invitation.created": InvitationDTO & { companyId: string };
  "invitation.deleted": Deleted;
  "subscription.updated": { companyId: string };
  "settings.updated": CompanySettingsDTO & { companyId: string };
  "notification.created": NotificationDTO & { companyId: string };
  /** To the user's own room: another tab of theirs marked the bell as read. */
  "notification.read": { companyId: string };
  "presence.updated": { companyId: string; weekStart: string; users: PresenceUser[] };
  /** A member's socket opened or closed: who is online may have changed (docs/realtime.md). */
  "presence.online": { companyId: string };
  /** A person's week of hours changed: a clock tap, a correction, an approval (docs/timesheets.md). */
  "timesheet.changed": { companyId: string; employeeId: string; weekStart: string };
  /**
   * Time off asked for, decided, entered or removed (docs/time-off.md): who, never why (the
   * whole company hears it); boards and My Day refetch what they show.
   */
  "time_off.created": TimeOffSignal;
  "time_off.updated": TimeOffSignal;
  "time_off.deleted": TimeOffSignal;
  /** An online booking waits for the office's approval (docs/booking.md): the requests badge grows. */
  "booking.requested": BookingRequestDTO;
  /** A request was approved or declined: it leaves the list. */
  "booking.updated": BookingRequestDTO;
  /** An invoice's money or state changed: a payment, a refund, overdue (docs/money.md). */
  "invoice.updated": InvoiceSummaryDTO;
  /** A quote saved, sent, viewed, approved, declined or deleted (docs/quotes.md). */
  "quote.updated": QuoteSummaryDTO;
};

export type ServerEventName = keyof ServerEvents;

/**
 * Who hears an event, so that a socket receives only what its member may read through the
 * API (docs/realtime.md):
 * - `company`: every member; the payload is what every role reads.
 * - `office`: owners and admins only (the room `office:<id>`).
 * - `officeAndSignal`: owners and admins get the payload; every other member gets only
 *   `{companyId}` (a CompanySignal), and their screens read again what they may.
 * - `user`: one user's own sockets (publishToUser), never a company's room.
 */
export type EventAudience = "company" | "office" | "officeAndSignal" | "user";

/** Every event's audience: a new event does not compile until it is given one. */
export const EVENT_AUDIENCE = {
  "job.created": "company",
  "job.updated": "company",
  "job.deleted": "company",
  "jobSeries.changed": "company",
  "employee.created": "company",
  "employee.updated": "company",
  "employee.deleted": "company",
  "template.created": "company",
  "template.deleted": "company",
  "template.applied": "company",
  // The past weeks are History, the office's screen (readHistory).
  "weeklySchedule.created": "office",
  "weeklySchedule.updated": "office",
  "chat.message": "company",
  "callRecord.created": "company",
  "callRecord.updated": "company",
  "callRecord.deleted": "company",
  // A technician reads only the customers of their own jobs (readAllCustomers); the signal
  // lets their customer pages and job cards (customerName) read again.
  "customer.created": "officeAndSignal",
  "customer.updated": "officeAndSignal",
  "customer.deleted": "officeAndSignal",
  "customer.imported": "officeAndSignal",
  "dailyCall.updated": "company",
  // Members carry e-mails (readTeam); chat's directory and a technician's own roster link
  // read again on the signal.
  "member.joined": "officeAndSignal",
  "member.removed": "company",
  "member.updated": "officeAndSignal",
  "invitation.created": "office",
  "invitation.deleted": "office",
  "subscription.updated": "company",
  "settings.updated": "company",
  "notification.created": "user",
  "notification.read": "user",
  "presence.updated": "company",
  "presence.online": "company",
  // Ids only: who and which week, readable on the roster; the hours are read through the API.
  "timesheet.changed": "company",
  "time_off.created": "company",
  "time_off.updated": "company",
  "time_off.deleted": "company",
  // A customer's name, phone and e-mail: the office's, like every customer (readAllCustomers).
  "booking.requested": "office",
  "booking.updated": "office",
  // Invoices are the office's reading (manageMoney), like the price book.
  "invoice.updated": "office",
  // Quotes are the office's, like invoices (manageMoney).
  "quote.updated": "office",
} as const satisfies Record<ServerEventName, EventAudience>;

/** The events published to a company's rooms (every audience but `user`). */
export type CompanyEventName = {
  [E in ServerEventName]: (typeof EVENT_AUDIENCE)[E] extends "user" ? never : E;
}[ServerEventName];

/** What the members outside the office hear of an `officeAndSignal` event: which company. */
export type CompanySignal = { companyId: string };

/** What a socket may receive for each event: an `officeAndSignal` event may be its signal only. */
export type ReceivedEvents = {
  [E in ServerEventName]: (typeof EVENT_AUDIENCE)[E] extends "officeAndSignal"
    ? ServerEvents[E] | CompanySignal
    : ServerEvents[E];
};

/**
 * The reads that make a member "the office" on sockets: a role that may do all of them
 * joins `office:<id>` (owners and admins in the role table).
 */
const OFFICE_READS: readonly Action[] = ["readAllCustomers", "readTeam", "readInvitations", "readHistory"];

export function isOfficeRole(role: Role): boolean {
  return OFFICE_READS.every((action) => can(role, action));
}

/** What the gateway answers a client event with (Socket.IO acknowledgement). */
export type ClientAck = (result: { ok: true } | { ok: false; message: string }) => void;

/** What a client may send to the gateway; the acknowledgement is optional. */
export type ClientEvents = {
  "presence.join": (payload: { companyId: string; weekStart: string }, ack?: ClientAck) => void;
  "presence.leave": (payload: { companyId: string }, ack?: ClientAck) => void;
};

/** presence.join: a company of the user's and the Monday of the week on screen. */
export const ZPresenceJoin = z.object({
  companyId: ZCompanyId,
  weekStart: ZDate.refine((value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1, {
    message: "weekStart must be a Monday",
  }),
});
export const ZPresenceLeave = z.object({ companyId: ZCompanyId });

export const companyRoom = (companyId: string) => `company:${companyId}`;
/** The sockets of a company's owners and admins (isOfficeRole): docs/realtime.md. */
export const officeRoom = (companyId: string) => `office:${companyId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/**
 * The sockets opened with one sign-in session, named by a digest of the session id (never
 * the id itself): logout and expiry disconnect them (docs/realtime.md).
 */
export const sessionRoom = (sessionDigest: string) => `session:${sessionDigest}`;
/** The sockets that show a board of the company (presence); see docs/realtime.md. */
export const presenceRoom = (companyId: string) => `presence:${companyId}`;
