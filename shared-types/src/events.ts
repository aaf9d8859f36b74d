/**
 * Realtime events: one map from event name to payload. The server publishes to the
 * room `company:<id>` after commit; the client's useRealtime hook applies them.
 */
import { z } from "zod";
import type {
  CallRecordDTO,
  ChatMessageDTO,
  DailyCallDTO,
  EmployeeDTO,
  InvitationDTO,
  JobDTO,
  MemberDTO,
  NotificationDTO,
  TemplateDTO,
  WeeklyScheduleDTO,
} from "./api";
import { ZCompanyId, ZDate } from "./schemas/common";
import type { CustomerDTO } from "./schemas/customers";
import type { CompanySettingsDTO } from "./schemas/settings";
import type { TimeOffSignal } from "./schemas/time-off";

export type Deleted = { id: string; companyId: string };

export type PresenceUser = { userId: string; firstName: string; lastName: string };

export type ServerEvents = {
  "job.created": JobDTO;
  "job.updated": JobDTO;
  "job.deleted": Deleted;
  /**
   * Many occurrences of a recurring job were made, changed or removed at once: one event
   * instead of one per job; the board refetches (docs/schedule.md, "Recurring jobs").
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
};

export type ServerEventName = keyof ServerEvents;

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
export const userRoom = (userId: string) => `user:${userId}`;
/**
 * The sockets opened with one sign-in session, named by a digest of the session id (never
 * the id itself): logout and expiry disconnect them (docs/realtime.md).
 */
export const sessionRoom = (sessionDigest: string) => `session:${sessionDigest}`;
/** The sockets that show a board of the company (presence); see docs/realtime.md. */
export const presenceRoom = (companyId: string) => `presence:${companyId}`;
