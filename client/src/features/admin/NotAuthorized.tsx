import { LockOutlined } from "@ant-design/icons";
import type { UserDTO } from "@sched/shared-types";
import { Button } from "antd";
import { Link } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { ButtonLink } from "../../ui/ButtonLink";
import { useLogout } from "../auth/useLogout";

/** /admin for a signed-in user who is not a system administrator. */
export function NotAuthorized({ user }: { user: UserDTO }) {
  // Sign out, then come back here to sign in with an administrator account.
  const logout = useLogout({ redirectTo: "/admin" });
  return (
    <main className="standalone-page standalone-page--center">
      <section className="admin-denied" data-testid="admin-not-authorized">
        <LockOutlined className="admin-denied__icon" aria-hidden />
        <PageTitle title="Not authorized" />
        <p>
          You are signed in as <strong>{user.email}</strong>, which is not a system administrator account. The
          admin dashboard is only for the people who run Scheduler.
        </p>
        <p className="admin-denied__hint">
          Have the setup password? Make an account an administrator in{" "}
          <Link to="/admin-setup">Admin setup</Link>.
        </p>
        <div className="admin-denied__actions">
          <ButtonLink to="/schedule" type="primary">
            Back to schedule
          </ButtonLink>
          <Button loading={logout.isPending} onClick={() => logout.mutate()}>
            Sign in as an administrator
          </Button>
        </div>
      </section>
    </main>
  );
}
