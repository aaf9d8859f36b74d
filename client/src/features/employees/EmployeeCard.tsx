import { DeleteOutlined, EditOutlined, UserAddOutlined } from "@ant-design/icons";
import type { EmployeeDTO } from "@sched/shared-types";
import { Button, Card, Tag, Tooltip } from "antd";
import { AVATAR_HEX, avatarColorOf, colorLabel } from "../../entities/employee/avatarColors";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";

type EmployeeCardProps = {
  employee: EmployeeDTO;
  canManage: boolean;
  onEdit: (employee: EmployeeDTO) => void;
  onDelete: (employee: EmployeeDTO) => void;
  /** The member who signs in as this employee, if any (docs/team-and-invitations.md). */
  memberName?: string | null;
  /** "Invite to sign in", for owners and admins while nobody signs in as them. */
  onInvite?: (employee: EmployeeDTO) => void;
};

export function EmployeeCard({
  employee,
  canManage,
  onEdit,
  onDelete,
  memberName,
  onInvite,
}: EmployeeCardProps) {
  const color = avatarColorOf(employee.avatarColor);
  return (
    <Card
      className={`employee-card${employee.isActive ? "" : " is-inactive"}`}
      data-testid="employee-card"
      size="small"
    >
      <div className="employee-card__body">
        <EmployeeAvatar initials={employee.initials} avatarColor={color} />
        <div className="employee-card__text">
          <div className="employee-card__name">{employee.name}</div>
          {employee.phone || employee.email ? (
            <div className="employee-card__contact" data-testid="employee-contact">
              {employee.phone ? (
                <a href={`tel:${employee.phone.replace(/[^0-9+]/g, "")}`} className="employee-card__phone">
                  {employee.phone}
                </a>
              ) : null}
              {employee.email ? <a href={`mailto:${employee.email}`}>{employee.email}</a> : null}
            </div>
          ) : null}
          <div className="employee-card__meta">
            <span className="employee-card__swatch" style={{ background: AVATAR_HEX[color] }} />
            {colorLabel(color)}
          </div>
          <Tag color={employee.isActive ? "green" : "default"} className="employee-card__status">
            {employee.isActive ? "Active" : "Inactive"}
          </Tag>
          {employee.skills?.length ? (
            <div className="employee-card__meta" data-testid="employee-skills-list">
              Skills: {employee.skills.join(", ")}
            </div>
          ) : null}
          {memberName ? (
            <div className="employee-card__meta" data-testid="employee-member">
              Signs in as {memberName}
            </div>
          ) : null}
        </div>
        {canManage || onInvite ? (
          <div className="employee-card__actions">
            {onInvite && !memberName ? (
              <Tooltip title="Invite to sign in">
                <Button
                  type="text"
                  icon={<UserAddOutlined />}
                  aria-label={`Invite ${employee.name} to sign in`}
                  onClick={() => onInvite(employee)}
                />
              </Tooltip>
            ) : null}
            {canManage ? (
              <>
                <Tooltip title="Edit">
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${employee.name}`}
                    onClick={() => onEdit(employee)}
                  />
                </Tooltip>
                <Tooltip title="Remove">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${employee.name}`}
                    onClick={() => onDelete(employee)}
                  />
                </Tooltip>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
