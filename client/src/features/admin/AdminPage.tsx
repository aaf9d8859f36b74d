import { PageSpinner } from "../../components/PageSpinner";
import { useAuth } from "../../entities/user/useAuth";
import { AdminDashboard } from "./AdminDashboard";
import { AdminSignIn } from "./AdminSignIn";
import { NotAuthorized } from "./NotAuthorized";
// The panels first: admin.css ends with the small-screen rules that override them.
import "./admin-panels.css";
import "./admin.css";

/**
 * /admin (docs/admin.md): a sign-in form when signed out, a clear refusal for anyone
 * who is not a system administrator, the dashboard otherwise. The server checks the
 * same flag on every call; this only decides what to show.
 */
export default function AdminPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <AdminSignIn />;
  if (!user.isSystemAdmin) return <NotAuthorized user={user} />;
  return <AdminDashboard user={user} />;
}
