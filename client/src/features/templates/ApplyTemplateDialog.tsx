import type { TemplateDTO } from "@sched/shared-types";
import { Alert, Modal } from "antd";
import { useEffect, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { isApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { describeApplyResult, useApplyTemplate } from "./useTemplates";
import { thisWeekStart, WeekStepper } from "./WeekStepper";

type ApplyTemplateDialogProps = { companyId: string; template: TemplateDTO | null; onClose: () => void };

/**
 * Apply: pick the week (this week by default). Applying to a week that already got this
 * template would duplicate its jobs, so the server refuses and the dialog asks first.
 */
export function ApplyTemplateDialog({ companyId, template, onClose }: ApplyTemplateDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const applyTemplate = useApplyTemplate(companyId);
  const [week, setWeek] = useState(thisWeekStart);
  const [alreadyApplied, setAlreadyApplied] = useState<string | null>(null);

  useEffect(() => {
    if (!template) return;
    setWeek(thisWeekStart());
    setAlreadyApplied(null);
  }, [template]);

  if (!template) return null;

  const apply = () =>
    applyTemplate.mutate(
      { id: template.id, weekStart: week, force: alreadyApplied !== null },
      {
        onSuccess: (result) => {
          notification.success({ title: "Applied template", description: describeApplyResult(result) });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, "conflict")) {
            setAlreadyApplied(errorMessage(error, "That week already has this template's jobs"));
            return;
          }
          showFailure("Failed to apply template", error);
        },
      },
    );

  return (
    <Modal
      open
      title={`Apply "${template.name}"`}
      okText={alreadyApplied ? "Apply Again" : "Apply"}
      okButtonProps={{ loading: applyTemplate.isPending, danger: alreadyApplied !== null }}
      onOk={apply}
      onCancel={onClose}
      data-testid="apply-template-dialog"
    >
      <p className="apply-template__lead">
        Adds {template.templateData.length} job{template.templateData.length === 1 ? "" : "s"} to the week you
        pick, on the same days and times.
      </p>
      <WeekStepper
        value={week}
        onChange={(next) => {
          setWeek(next);
          setAlreadyApplied(null);
        }}
      />
      {alreadyApplied ? (
        <Alert
          className="apply-template__warning"
          type="warning"
          showIcon
          title={alreadyApplied}
          description="Applying it again adds the same jobs a second time."
        />
      ) : null}
    </Modal>
  );
}
