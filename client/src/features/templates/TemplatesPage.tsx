import { CopyOutlined, PlusOutlined } from "@ant-design/icons";
import type { TemplateDTO } from "@sched/shared-types";
import { App, Button, Card, Empty, Result, Skeleton } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../company/useCompanies";
import { canManageRoster } from "../employees/roles";
import { ApplyTemplateDialog } from "./ApplyTemplateDialog";
import { CreateTemplateDialog } from "./CreateTemplateDialog";
import { TemplateCard } from "./TemplateCard";
import { useDeleteTemplate, useTemplates } from "./useTemplates";
import "./templates.css";

export default function TemplatesPage() {
  const { companyId } = useCurrentCompany();
  if (!companyId) {
    return (
      <>
        <PageTitle title="Schedule Templates" />
        <Result status="info" title="Please select a company first" />
      </>
    );
  }
  return <TemplateLibrary companyId={companyId} />;
}

function TemplateLibrary({ companyId }: { companyId: string }) {
  const { notification } = App.useApp();
  const { role } = useCurrentCompany();
  // Creating, applying and deleting templates belong to the roles that plan the schedule.
  const canManage = canManageRoster(role);
  const { data: templates, isPending, isError, refetch } = useTemplates(companyId);
  const deleteTemplate = useDeleteTemplate();
  const [isCreating, setIsCreating] = useState(false);
  const [applying, setApplying] = useState<TemplateDTO | null>(null);

  const onDelete = (template: TemplateDTO) =>
    deleteTemplate.mutate(template.id, {
      onSuccess: () => notification.success({ title: "Success", description: "Template deleted" }),
      onError: () =>
        notification.error({ title: "Error", description: "Failed to delete template. Please try again." }),
    });

  const createButton = (label: string) =>
    canManage ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
        {label}
      </Button>
    ) : null;

  return (
    <div className="templates-page">
      <div className="page-header">
        <PageTitle
          title="Schedule Templates"
          subtitle="Save a week that works and lay it onto any other week."
        />
        {createButton("Create Template")}
      </div>

      {isPending ? (
        <div className="template-grid" data-testid="templates-loading">
          {[0, 1, 2].map((n) => (
            <Card key={n} size="small">
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      ) : isError ? (
        <Result
          status="warning"
          title="Templates could not be loaded"
          extra={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : templates.length === 0 ? (
        <Card className="templates-empty" data-testid="templates-empty">
          <Empty
            image={<CopyOutlined className="templates-empty__icon" />}
            description={
              <>
                <div className="templates-empty__title">No Templates Yet</div>
                <div>Save a week's jobs as a template to plan a similar week in one click.</div>
              </>
            }
          >
            {createButton("Create Your First Template")}
          </Empty>
        </Card>
      ) : (
        <div className="template-grid">
          {templates.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              canApply={canManage}
              canDelete={canManage}
              isDeleting={deleteTemplate.isPending && deleteTemplate.variables === template.id}
              onApply={setApplying}
              onDelete={onDelete}
            />
          ))}
        </div>
      )}

      <CreateTemplateDialog companyId={companyId} open={isCreating} onClose={() => setIsCreating(false)} />
      <ApplyTemplateDialog companyId={companyId} template={applying} onClose={() => setApplying(null)} />
    </div>
  );
}
