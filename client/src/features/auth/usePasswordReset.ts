/** Asking for a reset link and choosing a new password with it (docs/auth.md). */
import type { TPasswordResetRequest, UserDTO } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

/** POST /api/password-reset: the answer's words are the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: TPasswordResetRequest) =>
      apiJson<{ message: string }>("POST", "/api/password-reset", input),
  });
}

/** POST /api/password-reset/:token: sets the password and signs this browser in. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiJson<UserDTO>("POST", `/api/password-reset/${encodeURIComponent(token)}`, { password }),
    onSuccess: (user) => {
      // Whatever another account left in this browser's cache is not this person's.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user(), user);
    },
  });
}
