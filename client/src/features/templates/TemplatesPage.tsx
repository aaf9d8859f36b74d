import { CopyOutlined, PlusOutlined } from "@ant-design/icons";
import type { TemplateDTO } from "@sched/shared-types";
import { Button, Skeleton } from "antd";
import { useState } from "react";
import { CompanyScreen } from "../../components/CompanyScreen";
import { EmptyCard, ListBody } from "../../components/ListBody";
import { PageTitle } from "../../components/PageTitle";
import { useCan } from "../../entities/company/useCompanies";
import { useFeedback } from "../../ui/feedback";
import { ApplyTemplateDialog } from "./ApplyTemplateDialog";
import { CreateTemplateDialog } from "./CreateTemplateDialog";
import { TemplateCard } from "./TemplateCard";
import { useDeleteTemplate, useTemplates } from "./useTemplates";
import "./templates.css";
import { useShowFailure } from "../../components/FailureNotice";
import { TrialLock } from "../../components/TrialLock";

export default function TemplatesPage() {
  return (
    <CompanyScreen title="Schedule Templates">
      {(companyId) => <TemplateLibrary companyId={companyId} />}
    </CompanyScreen>
  );
}

function TemplateLibrary({ companyId }: { companyId: string }) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const canManage = useCan("manageTemplates");
  // Applying a template adds jobs to a week.
  const canApply = useCan("manageJobs");
  const templatesQuery = useTemplates(companyId);
  const deleteTemplate = useDeleteTemplate();
  const [isCreating, setIsCreating] = useState(false);
  const [applying, setApplying] = useState<TemplateDTO | null>(null);

  const onDelete = (template: TemplateDTO) =>
    deleteTemplate.mutate(template.id, {
      onSuccess: () => notification.success({ title: "Success", description: "Template deleted" }),
      onError: (error) => showFailure("Failed to delete template. Please try again.", error),
    });

  const createButton = (label: string) =>
    canManage ? (
      <TrialLock action="manageTemplates">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIsCreating(true)}>
          {label}
        </Button>
      </TrialLock>
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

      <ListBody
        query={templatesQuery}
        listClassName="template-grid"
        loadingTestId="templates-loading"
        skeleton={<Skeleton active paragraph={{ rows: 2 }} />}
        errorTitle="Templates could not be loaded"
        empty={
          <EmptyCard
            className="templates-empty"
            testId="templates-empty"
            icon={CopyOutlined}
            title="No Templates Yet"
            text="Save a week's jobs as a template to plan a similar week in one click."
            action={createButton("Create Your First Template")}
          />
        }
      >
        {(templates) => (
          <div className="template-grid">
            {templates.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                canApply={canApply}
                canDelete={canManage}
                isDeleting={deleteTemplate.isPending && deleteTemplate.variables === template.id}
                onApply={setApplying}
                onDelete={onDelete}
              />
            ))}
          </div>
        )}
      </ListBody>

      <CreateTemplateDialog companyId={companyId} open={isCreating} onClose={() => setIsCreating(false)} />
      <ApplyTemplateDialog companyId={companyId} template={applying} onClose={() => setApplying(null)} />
    </div>
  );
}
