import { CalendarOutlined, DeleteOutlined, ThunderboltOutlined } from "@ant-design/icons";
import type { TemplateDTO } from "@sched/shared-types";
import { Button, Card, Tag } from "antd";
import { formatDate } from "../../lib/dates";
import { DangerConfirmButton } from "../../ui/DangerConfirmButton";

type TemplateCardProps = {
  template: TemplateDTO;
  canApply: boolean;
  canDelete: boolean;
  isDeleting: boolean;
  onApply: (template: TemplateDTO) => void;
  onDelete: (template: TemplateDTO) => void;
};

export function TemplateCard({
  template,
  canApply,
  canDelete,
  isDeleting,
  onApply,
  onDelete,
}: TemplateCardProps) {
  const jobCount = template.templateData.length;
  return (
    <Card className="template-card" data-testid="template-card" size="small">
      <div className="template-card__head">
        <h3 className="template-card__name">{template.name}</h3>
        <Tag color="blue">
          {jobCount} job{jobCount === 1 ? "" : "s"}
        </Tag>
      </div>
      <div className="template-card__created">
        <CalendarOutlined /> Created {formatDate(template.createdAt)}
      </div>
      <p className={`template-card__description${template.description ? "" : " is-empty"}`}>
        {template.description || "No description"}
      </p>
      {canApply || canDelete ? (
        <div className="template-card__actions">
          {canApply ? (
            <Button
              type="primary"
              icon={<ThunderboltOutlined aria-hidden />}
              onClick={() => onApply(template)}
            >
              Apply
            </Button>
          ) : null}
          {canDelete ? (
            <DangerConfirmButton
              question="Delete this template?"
              consequence="Jobs already created from it stay on the schedule."
              confirmText="Delete"
              onConfirm={() => onDelete(template)}
              icon={<DeleteOutlined aria-hidden />}
              loading={isDeleting}
              aria-label={`Delete ${template.name}`}
            >
              Delete
            </DangerConfirmButton>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
