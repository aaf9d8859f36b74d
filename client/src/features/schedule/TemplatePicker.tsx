import type { ApplyTemplateResultDTO, TemplateDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Empty, Modal, Spin } from "antd";
import { apiJson, isApiError } from "../../lib/api";
import { weekRangeLabel } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";
import "./template-picker.css";
import { useShowFailure } from "../../components/FailureNotice";
import { ButtonLink } from "../../ui/ButtonLink";

type TemplatePickerProps = { open: boolean; companyId: string; weekStart: string; onClose: () => void };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Quick Templates: pick a saved template and apply it to the week on screen. */
export function TemplatePicker({ open, companyId, weekStart, onClose }: TemplatePickerProps) {
  const { notification, modal } = useFeedback();
  const showFailure = useShowFailure();
  const queryClient = useQueryClient();
  const templates = useQuery<TemplateDTO[]>({ queryKey: queryKeys.templates(companyId), enabled: open });
  // One key per submit: a double click or a retry applies the template once.
  const submitKey = useSubmitKey();
  const apply = useMutation({
    mutationFn: ({ template, force }: { template: TemplateDTO; force: boolean }) => {
      const body = { companyId, weekStart, force };
      return apiJson<ApplyTemplateResultDTO>("POST", `/api/templates/${template.id}/apply`, body, {
        idempotencyKey: submitKey.keyFor({ id: template.id, body }),
      });
    },
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });

  const run = (template: TemplateDTO, force = false) => {
    apply.mutate(
      { template, force },
      {
        onSuccess: ({ created, skipped }) => {
          notification.success({
            title: "Applied template",
            description: `${template.name}: ${plural(created, "job")} created, ${skipped} skipped`,
          });
          onClose();
        },
        onError: (error) => {
          // The server refuses a second apply of the same template to the same week unless asked twice.
          if (isApiError(error, "conflict") && !force) {
            modal.confirm({
              title: "Apply this template again?",
              content: `${template.name} was already applied to this week. Applying it again adds its jobs a second time.`,
              okText: "Apply again",
              onOk: () => run(template, true),
            });
            return;
          }
          showFailure("Failed to apply template: {message}", error);
        },
      },
    );
  };

  const list = templates.data ?? [];
  return (
    <Modal
      open={open}
      title="Quick Templates"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      className="template-picker"
      destroyOnHidden
    >
      <p className="template-picker__intro">Apply a saved week to {weekRangeLabel(weekStart)}.</p>
      {templates.isPending ? (
        <div className="template-picker__loading">
          <Spin />
        </div>
      ) : templates.isError ? (
        <p role="alert">Could not load templates: {errorMessage(templates.error, "Please try again.")}</p>
      ) : list.length === 0 ? (
        <Empty
          description={
            <>
              <strong>No templates yet.</strong>
              <br />
              Plan a week, then save it on the Templates page with Create Template.
            </>
          }
        >
          <ButtonLink to="/templates" type="primary">
            Go to Templates
          </ButtonLink>
        </Empty>
      ) : (
        <ul className="template-picker__list">
          {list.map((template) => (
            <li key={template.id} className="template-picker__item">
              <div className="template-picker__text">
                <div className="template-picker__name">{template.name}</div>
                {template.description ? (
                  <div className="template-picker__desc">{template.description}</div>
                ) : null}
                <div className="template-picker__count">{plural(template.templateData.length, "job")}</div>
              </div>
              <Button
                type="primary"
                loading={apply.isPending && apply.variables?.template.id === template.id}
                onClick={() => run(template)}
              >
                Apply
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
