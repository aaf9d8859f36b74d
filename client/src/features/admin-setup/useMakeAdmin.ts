import type { TMakeAdmin } from "@sched/shared-types";
import { useMutation } from "@tanstack/react-query";
import { App } from "antd";
import { apiJson, errorMessage, errorStatus } from "../../lib/api";
import { queryClient, USER_QUERY_KEY } from "../../lib/queryClient";

const REFUSED = "Invalid credentials or user not found";

/** POST /api/make-admin with SPEC's toasts. */
export function useMakeAdmin() {
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: (body: TMakeAdmin) => apiJson<{ email: string }>("POST", "/api/make-admin", body),
    onSuccess: ({ email }) => {
      notification.success({
        title: "Admin created successfully",
        description: `${email} is now a system administrator`,
      });
      // The signed-in user may be the one just promoted: /admin must see the new flag.
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      // Wrong password or unknown user say only SPEC's words; disabled setup or a lockout explain themselves.
      const status = errorStatus(error);
      const description = status === 400 || status === 401 ? REFUSED : errorMessage(error, REFUSED);
      notification.error({ title: "Failed to create admin", description });
    },
  });
}
