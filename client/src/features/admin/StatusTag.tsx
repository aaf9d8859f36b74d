import { type AdminCompanyDTO, type AdminStatusLabel, adminStatusLabel } from "@sched/shared-types";
import { Tag } from "antd";

const COLORS: Record<AdminStatusLabel, string> = {
  FREE: "green",
  PAID: "blue",
  TRIAL: "gold",
  INACTIVE: "default",
};

/** FREE / PAID / TRIAL / INACTIVE (docs/admin.md). */
export function StatusTag({
  company,
}: {
  company: Pick<AdminCompanyDTO, "isFreeAccount" | "subscriptionStatus">;
}) {
  const label = adminStatusLabel(company);
  return (
    <Tag color={COLORS[label]} className="admin-status" data-testid="admin-status">
      {label}
    </Tag>
  );
}
