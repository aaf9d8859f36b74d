import {
  CalendarOutlined,
  CheckCircleFilled,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  MailOutlined,
  PhoneOutlined,
} from "@ant-design/icons";
import type { CallRecordDTO } from "@sched/shared-types";
import { Button, Card, Tag } from "antd";
import { Link } from "react-router";
import { formatTime } from "../../lib/dates";
import { DangerConfirmButton } from "../../ui/DangerConfirmButton";

const SERVICE_TYPE_LABELS = { service: "Service", estimate: "Estimate" } as const;

type CallRecordCardProps = {
  record: CallRecordDTO;
  canManage: boolean;
  isDeleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onBookJob: () => void;
};

function bookedLabel(count: number) {
  return count === 1 ? "Job booked" : `${count} jobs booked`;
}

/** One logged call: who called, how to reach them, what they need, and whether a job was booked. */
export function CallRecordCard({
  record,
  canManage,
  isDeleting,
  onEdit,
  onDelete,
  onBookJob,
}: CallRecordCardProps) {
  const booked = record.bookedJobIds.length;
  return (
    <Card className="call-card" data-testid="call-card" size="small">
      <div className="call-card__head">
        <div className="call-card__who">
          {record.customerId ? (
            // The caller's customer page: their other calls and jobs (docs/customers.md).
            <Link
              className="call-card__name"
              to={`/customers/${record.customerId}`}
              data-testid="call-customer-link"
            >
              {record.customerName}
            </Link>
          ) : (
            <span className="call-card__name">{record.customerName}</span>
          )}
          <span className="call-card__time">{formatTime(record.callTime)}</span>
        </div>
        <div className="call-card__tags">
          <Tag color={record.serviceType === "estimate" ? "purple" : "blue"}>
            {SERVICE_TYPE_LABELS[record.serviceType]}
          </Tag>
          {booked > 0 ? (
            <Tag color="success" icon={<CheckCircleFilled />} data-testid="job-booked">
              {bookedLabel(booked)}
            </Tag>
          ) : null}
        </div>
      </div>
      <ul className="call-card__contact">
        <li>
          <PhoneOutlined aria-hidden />
          <a href={`tel:${record.customerPhone.replace(/[^\d+]/g, "")}`}>{record.customerPhone}</a>
        </li>
        {record.customerEmail ? (
          <li>
            <MailOutlined aria-hidden />
            <a href={`mailto:${record.customerEmail}`}>{record.customerEmail}</a>
          </li>
        ) : null}
        {record.customerAddress ? (
          <li>
            <EnvironmentOutlined aria-hidden />
            <span>{record.customerAddress}</span>
          </li>
        ) : null}
      </ul>
      {record.notes ? <p className="call-card__notes">{record.notes}</p> : null}
      {canManage ? (
        <div className="call-card__actions">
          <Button
            type={booked > 0 ? "default" : "primary"}
            icon={<CalendarOutlined aria-hidden />}
            onClick={onBookJob}
          >
            {booked > 0 ? "Book Another Job" : "Book Job"}
          </Button>
          <span className="call-card__spacer" />
          <Button
            icon={<EditOutlined aria-hidden />}
            onClick={onEdit}
            aria-label={`Edit call from ${record.customerName}`}
          >
            <span className="call-card__label">Edit</span>
          </Button>
          <DangerConfirmButton
            question="Are you sure you want to delete this call record?"
            confirmText="Delete"
            cancelText="Cancel"
            placement="topRight"
            onConfirm={onDelete}
            icon={<DeleteOutlined aria-hidden />}
            loading={isDeleting}
            aria-label={`Delete call from ${record.customerName}`}
          >
            <span className="call-card__label">Delete</span>
          </DangerConfirmButton>
        </div>
      ) : null}
    </Card>
  );
}
