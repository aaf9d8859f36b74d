import { CrownOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import type { Role } from "@sched/shared-types";
import { Card } from "antd";
import type { ReactNode } from "react";
import { ROLE_LABELS } from "./MemberList";

/** What each role may do, in the words the Team screen shows (docs/team-and-invitations.md). */
const PERMISSIONS: { role: Role; icon: ReactNode; items: string[] }[] = [
  {
    role: "owner",
    icon: <CrownOutlined />,
    items: [
      "Full access",
      "Billing and subscription",
      "Invite/remove members",
      "Edit schedules and employees",
    ],
  },
  {
    role: "admin",
    icon: <SafetyCertificateOutlined />,
    items: [
      "Manage schedules",
      "Add/edit employees",
      "Create job assignments",
      "Team chat",
      "View all company data",
    ],
  },
  {
    role: "employee",
    icon: <UserOutlined />,
    items: ["View schedules", "Team chat", "Update job status", "Upload job photos", "View company calendar"],
  },
];

export function RoleCards({ currentRole }: { currentRole: Role | null }) {
  return (
    <section className="team-roles" aria-labelledby="team-roles-title">
      <h2 id="team-roles-title" className="team-section-title">
        Role Permissions
      </h2>
      <div className="team-roles__grid">
        {PERMISSIONS.map(({ role, icon, items }) => (
          <Card
            key={role}
            size="small"
            className={`team-role-card team-role-card--${role}${role === currentRole ? " is-current" : ""}`}
            data-testid={`role-card-${role}`}
            title={
              <span className="team-role-card__title">
                {icon} {ROLE_LABELS[role]}
                {role === currentRole ? <span className="team-role-card__you">Your role</span> : null}
              </span>
            }
          >
            <ul className="team-role-card__list">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}
