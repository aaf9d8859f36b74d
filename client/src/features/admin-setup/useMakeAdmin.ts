import type { TMakeAdmin } from "@sched/shared-types";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { queryClient } from "../../lib/queryClient";
import { queryKeys } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";

const REFUSED = "Invalid credentials or user not found";

/** POST /api/make-admin with its success and failure toasts (docs/admin.md). */
export function useMakeAdmin() {
  const { notification } = useFeedback();
  return useMutation({
    mutationFn: (body: TMakeAdmin) => apiJson<{ email: string }>("POST", "/api/make-admin", body),
    onSuccess: ({ email }) => {
      notification.success({
        title: "Admin created successfully",
        description: `${email} is now a system administrator`,
      });
      // The signed-in user may be the one just promoted: /admin must see the new flag.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    },
    onError: (error) => {
      // Wrong password or unknown user say only REFUSED; disabled setup or a lockout explain themselves.
      const isRefused =
        error instanceof ApiError && (error.code === "validation" || error.code === "unauthorized");
      const description = isRefused ? REFUSED : errorMessage(error, REFUSED);
      notification.error({ title: "Failed to create admin", description });
    },
  });
}
