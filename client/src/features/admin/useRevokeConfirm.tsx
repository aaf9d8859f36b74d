import type { AdminCompanyDTO } from "@sched/shared-types";
import { useFeedback } from "../../ui/feedback";

const REVOKE_CONFIRMATION =
  "Are you sure you want to revoke free access? The company will revert to trial status.";

/** Asks the revoke question (docs/admin.md); `onConfirm` runs only after the admin says yes. */
export function useRevokeConfirm() {
  const { modal } = useFeedback();
  return (company: Pick<AdminCompanyDTO, "name">, onConfirm: () => void) => {
    modal.confirm({
      title: `Revoke free access for ${company.name}?`,
      content: REVOKE_CONFIRMATION,
      okText: "Revoke",
      okButtonProps: { danger: true },
      cancelText: "Cancel",
      // The mutation shows its own progress and toast; the dialog need not wait for it.
      onOk: onConfirm,
    });
  };
}
