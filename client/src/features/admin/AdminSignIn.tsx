import { Link } from "react-router";
import { SignInForm } from "../auth/SignInForm";

/** /admin when signed out: the admin login (both fields required: Missing credentials; docs/admin.md). */
export function AdminSignIn() {
  return (
    <SignInForm
      title="Admin Sign In"
      subtitle="Sign in with a system administrator account to manage companies and free access."
      footer={
        <>
          Not an administrator yet? <Link to="/admin-setup">Admin setup</Link>
        </>
      }
    />
  );
}
