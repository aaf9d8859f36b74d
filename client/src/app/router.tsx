import { lazy } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { OfficeScreen } from "./OfficeScreen";
import { preloadableLazy } from "./preloadableLazy";
import { RedirectIfSignedIn, RequireAuth } from "./RequireAuth";
import { Root } from "./Root";
import { ErrorBoundary } from "./RouteError";

// Every screen is its own chunk: the sign-in page must not pay for the schedule.
const appLayout = preloadableLazy(() => import("./AppLayout"));
const myDayPage = preloadableLazy(() => import("../features/my-day/MyDayPage"));
const AppLayout = appLayout.Component;
const LoginPage = lazy(() => import("../features/auth/LoginPage"));
const RegisterPage = lazy(() => import("../features/auth/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../features/auth/ResetPasswordPage"));
const Home = lazy(() => import("./Home"));
const SchedulePage = lazy(() => import("../features/schedule/SchedulePage"));
const MyDayPage = myDayPage.Component;
const SettingsPage = lazy(() => import("../features/settings/SettingsPage"));
const EmployeesPage = lazy(() => import("../features/employees/EmployeesPage"));
const TemplatesPage = lazy(() => import("../features/templates/TemplatesPage"));
const HistoryPage = lazy(() => import("../features/history/HistoryPage"));
const HistoryWeekPage = lazy(() => import("../features/history/HistoryWeekPage"));
const ChatPage = lazy(() => import("../features/chat/ChatPage"));
const TeamPage = lazy(() => import("../features/team/TeamPage"));
const CallsPage = lazy(() => import("../features/calls/CallsPage"));
const CustomersPage = lazy(() => import("../features/customers/CustomersPage"));
const CustomerPage = lazy(() => import("../features/customers/CustomerPage"));
const QuotesPage = lazy(() => import("../features/quotes/QuotesPage"));
const QuotePage = lazy(() => import("../features/quotes/QuotePage"));
const QuoteEditorPage = lazy(() => import("../features/quotes/QuoteEditorPage"));
const InvoicesPage = lazy(() => import("../features/invoices/InvoicesPage"));
const InvoicePage = lazy(() => import("../features/invoices/InvoicePage"));
const TimesheetsPage = lazy(() => import("../features/timesheets/TimesheetsPage"));
const NumbersPage = lazy(() => import("../features/numbers/NumbersPage"));
const SubscriptionPage = lazy(() => import("../features/subscription/SubscriptionPage"));
const SubscriptionSuccessPage = lazy(() => import("../features/subscription/SubscriptionSuccessPage"));
const AdminSetupPage = lazy(() => import("../features/admin-setup/AdminSetupPage"));
const AdminPage = lazy(() => import("../features/admin/AdminPage"));
const InvitePage = lazy(() => import("../features/invite/InvitePage"));
const UnsubscribePage = lazy(() => import("../features/unsubscribe/UnsubscribePage"));
const NotFoundPage = lazy(() => import("../features/not-found/NotFoundPage"));

/**
 * The installed app opening on My Day from what the phone kept (docs/offline.md): the frame's
 * and My Day's code start loading now, beside the entry's, rather than each once the screen
 * above it has rendered (on a slow phone two waits one after the other). Resolves once both
 * are in; a render after that draws both in one pass (preloadableLazy).
 */
export function loadMyDayCode(): Promise<unknown> {
  return Promise.all([appLayout.preload(), myDayPage.preload()]);
}

/**
 * Every screen of the app, with registration and invitations (docs/auth.md lists them).
 */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <RedirectIfSignedIn />, children: [{ path: "login", element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: "my-day", element: <MyDayPage /> },
              { index: true, element: <Home /> },
              { path: "schedule", element: <SchedulePage /> },
              { path: "employees", element: <EmployeesPage /> },
              { path: "templates", element: <TemplatesPage /> },
              {
                path: "history",
                element: (
                  <OfficeScreen path="/history">
                    <HistoryPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "history/:weekStart",
                element: (
                  <OfficeScreen path="/history">
                    <HistoryWeekPage />
                  </OfficeScreen>
                ),
              },
              { path: "chat", element: <ChatPage /> },
              {
                path: "team",
                element: (
                  <OfficeScreen path="/team">
                    <TeamPage />
                  </OfficeScreen>
                ),
              },
              { path: "calls", element: <CallsPage /> },
              { path: "customers", element: <CustomersPage /> },
              { path: "customers/:customerId", element: <CustomerPage /> },
              {
                path: "quotes",
                element: (
                  <OfficeScreen path="/quotes">
                    <QuotesPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "quotes/new",
                element: (
                  <OfficeScreen path="/quotes">
                    <QuoteEditorPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "quotes/:quoteId",
                element: (
                  <OfficeScreen path="/quotes">
                    <QuotePage />
                  </OfficeScreen>
                ),
              },
              {
                path: "quotes/:quoteId/edit",
                element: (
                  <OfficeScreen path="/quotes">
                    <QuoteEditorPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "invoices",
                element: (
                  <OfficeScreen path="/invoices">
                    <InvoicesPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "invoices/:invoiceId",
                element: (
                  <OfficeScreen path="/invoices">
                    <InvoicePage />
                  </OfficeScreen>
                ),
              },
              {
                path: "timesheets",
                element: (
                  <OfficeScreen path="/timesheets">
                    <TimesheetsPage />
                  </OfficeScreen>
                ),
              },
              {
                path: "numbers",
                element: (
                  <OfficeScreen path="/numbers">
                    <NumbersPage />
                  </OfficeScreen>
                ),
              },
              { path: "subscription", element: <SubscriptionPage /> },
              { path: "subscription-success", element: <SubscriptionSuccessPage /> },
              { path: "settings", element: <SettingsPage /> },
            ],
          },
        ],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: "register", element: <RegisterPage /> },
          { path: "forgot-password", element: <ForgotPasswordPage /> },
        ],
      },
      // A reset link works signed in or out: it signs in the account it belongs to.
      { path: "reset-password/:token", element: <ResetPasswordPage /> },
      // These handle signed-out visitors themselves (the admin page shows its own sign-in form).
      { path: "invite/:token", element: <InvitePage /> },
      { path: "unsubscribe/:token", element: <UnsubscribePage /> },
      { path: "admin-setup", element: <AdminSetupPage /> },
      { path: "admin", element: <AdminPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's routes. Declarative routing (BrowserRouter) rather than a data router: the
 * screens load their own data with TanStack Query, and it keeps the sign-in bundle smaller.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{element}</ErrorBoundary>;
}
