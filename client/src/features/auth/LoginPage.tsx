import { Link, useLocation } from "react-router";
import { SignInForm } from "./SignInForm";

export default function LoginPage() {
  const location = useLocation();
  return (
    <SignInForm
      title="Sign in"
      subtitle="Welcome back. Sign in to plan your crew's week."
      footer={
        <>
          New to Scheduler?{" "}
          <Link to="/register" state={location.state}>
            Create an account
          </Link>
        </>
      }
    />
  );
}
