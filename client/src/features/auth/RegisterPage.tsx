import { TRIAL_DAYS } from "@sched/shared-types";
import { Link, useLocation } from "react-router";
import { AuthCard } from "./AuthCard";
import { SignUpForm } from "./SignUpForm";
import { useRegister } from "./useRegister";

export default function RegisterPage() {
  const location = useLocation();
  const register = useRegister();
  return (
    <AuthCard
      title="Create your account"
      subtitle={`Start a ${TRIAL_DAYS}-day free trial. No card needed.`}
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" state={location.state}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm
        submitLabel="Create account"
        isPending={register.isPending}
        onSubmit={(values) => register.mutate(values)}
      />
    </AuthCard>
  );
}
