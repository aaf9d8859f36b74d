import {
  BellOutlined,
  CalendarOutlined,
  CameraOutlined,
  CarOutlined,
  CheckCircleOutlined,
  CreditCardOutlined,
  DeleteOutlined,
  EditOutlined,
  FieldTimeOutlined,
  PlusCircleOutlined,
  StopOutlined,
  SwapOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
} from "@ant-design/icons";
import {
  can,
  localDateString,
  type NotificationDTO,
  type NotificationKind,
  weekStartOf,
} from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Dropdown, Spin } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentCompany } from "../entities/company/useCompanies";
import { findJob, jobPath } from "../entities/job/jobLink";
import { replanPath } from "../features/schedule/useOpenRequestedReplan";
import { isSickOn } from "../features/time-off/timeOffModel";
import { BellButton } from "./BellButton";
import { useMarkNotificationsRead, useNotifications } from "./useNotifications";

/** Each kind's icon, and the screen an entry leads to when it names no job. */
type KindLook = { icon: ReactNode; path?: string };

/**
 * Made when an entry is drawn, not when this module loads: the icons come from a chunk this
 * one may be evaluated before (a cycle between the frame's chunks), and an element made then
 * has an undefined type.
 */
const kindLooks = (): Record<NotificationKind, KindLook> => ({
  "job.assigned": { icon: <PlusCircleOutlined /> },
  "job.moved": { icon: <SwapOutlined /> },
  "job.changed": { icon: <EditOutlined /> },
  "job.reassigned_away": { icon: <UserSwitchOutlined /> },
  "job.cancelled": { icon: <StopOutlined /> },
  "job.deleted": { icon: <DeleteOutlined /> },
  "job.completed": { icon: <CheckCircleOutlined /> },
  "job.photo_added": { icon: <CameraOutlined /> },
  "job.on_my_way": { icon: <CarOutlined /> },
  "member.joined": { icon: <UserAddOutlined />, path: "/team" },
  "payment.updated": { icon: <CreditCardOutlined />, path: "/subscription" },
  "time_off.requested": { icon: <CalendarOutlined />, path: "/schedule" },
  "time_off.decided": { icon: <CalendarOutlined />, path: "/my-day" },
  "timesheet.clock_out_reminder": { icon: <FieldTimeOutlined />, path: "/my-day" },
});

function lookOf(kind: NotificationKind): KindLook {
  return kindLooks()[kind] ?? { icon: <BellOutlined /> };
}

/** The kind as a class name: "job.on_my_way" -> "job-on-my-way". */
const kindClass = (kind: string) => kind.replace(/[._]/g, "-");

/** "just now", "5 min ago", "3 h ago", then the date. */
function ago(createdAt: string): string {
  const minutes = dayjs().diff(dayjs(createdAt), "minute");
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return dayjs(createdAt).format("MMM D");
}

/**
 * The office's entry for a sick day that covers today offers "Re-plan the day" (Mark out…
 * for that person, docs/time-off.md) while the request stands.
 */
function replanOf(item: NotificationDTO, canPlan: boolean): string | null {
  const off = item.timeOff;
  if (!canPlan || item.kind !== "time_off.requested" || !off) return null;
  const today = localDateString();
  return isSickOn(off, today) ? replanPath(off.employeeId, today) : null;
}

/** A new request's entry opens the board at the request's week (the list of requests above it). */
function timeOffPath(item: NotificationDTO): string | null {
  const off = item.timeOff;
  return item.kind === "time_off.requested" && off ? `/schedule?week=${weekStartOf(off.startDate)}` : null;
}

function NotificationItem({
  item,
  onOpen,
  replan,
  onGo,
}: {
  item: NotificationDTO;
  onOpen: (item: NotificationDTO) => void;
  /** Where "Re-plan the day" leads, when the entry offers it. */
  replan: string | null;
  onGo: (path: string) => void;
}) {
  const kind = lookOf(item.kind);
  return (
    <li className="bell-panel__entry">
      <button
        type="button"
        className={`bell-item bell-item--${kindClass(item.kind)}${item.read ? "" : " is-unread"}`}
        data-testid="notification-item"
        data-kind={item.kind}
        data-read={item.read}
        onClick={() => onOpen(item)}
      >
        <span className="bell-item__icon" aria-hidden>
          {kind.icon}
        </span>
        <span className="bell-item__text">
          <span className="bell-item__title">{item.message}</span>
          <time className="bell-item__time" dateTime={item.createdAt}>
            {ago(item.createdAt)}
          </time>
        </span>
        {item.read ? null : <span className="bell-item__dot" role="img" aria-label="Unread" />}
      </button>
      {replan ? (
        <Button
          className="bell-item__action"
          size="small"
          type="primary"
          danger
          data-testid="notification-replan"
          onClick={() => onGo(replan)}
        >
          Re-plan the day
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The header bell (docs/realtime.md): what the selected company's changes mean for this
 * user, one sentence each, with an unread count, live, in antd's dropdown. An entry about a
 * job opens it: on My Day for a technician, on the board for those who plan.
 */
export function NotificationBell() {
  const { companyId, role } = useCurrentCompany();
  const { notifications, unreadCount, isPending, isError } = useNotifications(companyId);
  const markRead = useMarkNotificationsRead(companyId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const jobsScreen = role && can(role, "manageJobs") ? "schedule" : "my-day";
  const canPlan = Boolean(role && can(role, "manageTimeOff"));
  const go = (path: string) => {
    setIsOpen(false);
    void navigate(path);
  };

  const open = async (item: NotificationDTO) => {
    setIsOpen(false);
    // Opened is read: this entry only, the others keep their dot until seen.
    if (!item.read) markRead.mutate({ id: item.id });
    const kindPath = timeOffPath(item) ?? lookOf(item.kind).path;
    if (kindPath || !companyId) return void navigate(kindPath ?? "/schedule");
    const job = item.jobId ? await findJob(queryClient, companyId, item.jobId) : null;
    void navigate(jobPath(job, item.jobId ?? "", jobsScreen));
  };

  const body = !companyId ? (
    <div className="bell-panel__empty">Choose a company to see its notifications</div>
  ) : isPending ? (
    <div className="bell-panel__empty">
      <Spin size="small" />
    </div>
  ) : isError ? (
    <div className="bell-panel__empty">Notifications could not be loaded</div>
  ) : notifications.length === 0 ? (
    <div className="bell-panel__empty">No notifications yet</div>
  ) : (
    <ul className="bell-panel__list">
      {notifications.map((item) => (
        <NotificationItem
          key={item.id}
          item={item}
          onOpen={(entry) => void open(entry)}
          replan={replanOf(item, canPlan)}
          onGo={go}
        />
      ))}
    </ul>
  );

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottom"
      open={isOpen}
      onOpenChange={setIsOpen}
      popupRender={() => (
        <div className="bell-panel" data-testid="notification-panel">
          <div className="bell-panel__head">
            <span className="bell-panel__title">Notifications</span>
            {unreadCount > 0 ? (
              <Button
                type="link"
                size="small"
                // Never blocked while an earlier mark is on its way: marking up to the newest is safe twice.
                onClick={() => markRead.mutate({ upTo: notifications[0].id })}
              >
                Mark all as read
              </Button>
            ) : null}
          </div>
          {body}
        </div>
      )}
    >
      <BellButton unreadCount={unreadCount} />
    </Dropdown>
  );
}
