import { type CompanyDTO, type TLogin, type TRegister, TRIAL_DAYS, type UserDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useNavigate } from "react-router";
import { apiJson, apiRequest, errorMessage, errorStatus, getQueryFn } from "../../lib/api";
import { COMPANIES_QUERY_KEY, USER_QUERY_KEY } from "../../lib/queryClient";
import { disconnectSocket } from "../../lib/socket";
import { useCompanyStore } from "../../stores/company";

/** The signed-in user, or null when signed out (401). Always stale: refetched on focus. */
export function useAuth() {
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<UserDTO>({ on401: "returnNull" }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

const CHECK_CREDENTIALS = "Please check your credentials";
/** One toast slot for sign-in, so success replaces an earlier failure. */
const LOGIN_TOAST_KEY = "login";

export function useLogin() {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: (credentials: TLogin) => apiJson<UserDTO>("POST", "/api/login", credentials),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      notification.success({ key: LOGIN_TOAST_KEY, title: "Logged in successfully" });
    },
    onError: (error) => {
      // Wrong e-mail or password says only that; a lockout or an outage explains itself.
      const status = errorStatus(error);
      const description =
        status === 400 || status === 401 ? CHECK_CREDENTIALS : errorMessage(error, CHECK_CREDENTIALS);
      notification.error({ key: LOGIN_TOAST_KEY, title: "Login failed", description });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: (account: TRegister) => apiJson<UserDTO>("POST", "/api/register", account),
    onSuccess: async (user) => {
      // The new account owns exactly one company: select it before the app shows the schedule.
      try {
        const companies = await queryClient.fetchQuery<CompanyDTO[]>({ queryKey: COMPANIES_QUERY_KEY });
        if (companies[0]) useCompanyStore.getState().selectCompany(companies[0].id);
      } catch {
        // The account exists and is signed in; the company picker asks if this list could not load.
      }
      queryClient.setQueryData(USER_QUERY_KEY, user);
      notification.success({
        title: "Account created",
        description: `Your ${TRIAL_DAYS}-day free trial has started`,
      });
    },
    onError: (error) => {
      notification.error({
        title: "Registration failed",
        description: errorMessage(error, "Please try again"),
      });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/logout"),
    onSuccess: () => {
      disconnectSocket();
      useCompanyStore.getState().resetSelection();
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, null);
      notification.success({ title: "Logged out successfully", description: "You have been signed out" });
      void navigate("/login", { replace: true });
    },
    onError: (error) => {
      notification.error({ title: "Logout failed", description: errorMessage(error, "Please try again") });
    },
  });
}
