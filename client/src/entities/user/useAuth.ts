/**
 * Who is signed in, and signing in: all the sign-in page needs. Registering and signing
 * out live in their own modules (useRegister, useLogout) so that page stays small.
 */
import type { TLogin, UserDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson, getQueryFn } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { queryKeys } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";

/**
 * Fresh for this long: each of the many components that read who is signed in would
 * otherwise ask again as it mounts (seven requests on a first load).
 */
const USER_FRESH_MS = 30_000;

/**
 * The signed-in user, or null when signed out (401). Asked again whenever the window gets
 * the focus, and at once when any other request answers 401 (lib/queryClient.ts).
 */
export function useAuth() {
  const query = useQuery({
    queryKey: queryKeys.user(),
    queryFn: getQueryFn<UserDTO>({ on401: "returnNull" }),
    staleTime: USER_FRESH_MS,
    refetchOnWindowFocus: "always",
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

const CHECK_CREDENTIALS = "Please check your credentials";
/** One toast slot for sign-in, so success replaces an earlier failure. */
const LOGIN_TOAST_KEY = "login";

export function useLogin() {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  return useMutation({
    mutationFn: (credentials: TLogin) => apiJson<UserDTO>("POST", "/api/login", credentials),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user(), user);
      notification.success({ key: LOGIN_TOAST_KEY, title: "Logged in successfully" });
    },
    onError: (error) => {
      // Wrong e-mail or password says only that; a lockout or an outage explains itself.
      const isRefused =
        error instanceof ApiError && (error.code === "validation" || error.code === "unauthorized");
      const description = isRefused ? CHECK_CREDENTIALS : errorMessage(error, CHECK_CREDENTIALS);
      notification.error({ key: LOGIN_TOAST_KEY, title: "Login failed", description });
    },
  });
}
