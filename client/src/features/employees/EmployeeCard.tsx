import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import type { EmployeeDTO } from "@sched/shared-types";
import { Button, Card, Tag, Tooltip } from "antd";
import { AVATAR_HEX, avatarColorOf, colorLabel } from "./avatarColors";
import { EmployeeAvatar } from "./EmployeeAvatar";

type EmployeeCardProps = {
  employee: EmployeeDTO;
  canManage: boolean;
  onEdit: (employee: EmployeeDTO) => void;
  onDelete: (employee: EmployeeDTO) => void;
};

export function EmployeeCard({ employee, canManage, onEdit, onDelete }: EmployeeCardProps) {
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
          <div className="employee-card__meta">
            <span className="employee-card__swatch" style={{ background: AVATAR_HEX[color] }} />
            {colorLabel(color)}
          </div>
          <Tag color={employee.isActive ? "green" : "default"} className="employee-card__status">
            {employee.isActive ? "Active" : "Inactive"}
          </Tag>
        </div>
        {canManage ? (
          <div className="employee-card__actions">
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
          </div>
        ) : null}
      </div>
    </Card>
  );
}
