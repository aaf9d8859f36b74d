import type { InvitationLookupDTO, UserDTO } from "@sched/shared-types";
import { Alert, Button } from "antd";
import { Link, useLocation, useParams } from "react-router";
import { PageSpinner } from "../../components/PageSpinner";
import type { SignInState } from "../../entities/user/signInState";
import { useAuth } from "../../entities/user/useAuth";
import { isApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { AuthCard } from "../auth/AuthCard";
import { SignUpForm } from "../auth/SignUpForm";
import { useLogout } from "../auth/useLogout";
import { useAcceptInvitation, useInvitationLookup } from "./useInvitation";
import "./invite.css";

const ROLE_PHRASE = { admin: "an admin", employee: "an employee" } as const;

/** /invite/:token, outside the signed-in frame: both the signed-in and the new-person paths. */
export default function InvitePage() {
  const { token = "" } = useParams();
  const lookup = useInvitationLookup(token);
  const { user, isLoading } = useAuth();

  if (lookup.isPending || isLoading) {
    return (
      <main className="auth-page">
        <PageSpinner />
      </main>
    );
  }
  if (lookup.isError) {
    const isUnknown = isApiError(lookup.error, "not_found");
    return (
      <AuthCard
        title={isUnknown ? "Invitation not found" : "The invitation could not be loaded"}
        subtitle={errorMessage(lookup.error, "Please try again in a moment.")}
        footer={<Link to={user ? "/schedule" : "/login"}>{user ? "Open Scheduler" : "Go to sign in"}</Link>}
      >
        {isUnknown ? null : (
          <Button block size="large" onClick={() => void lookup.refetch()}>
            Try again
          </Button>
        )}
      </AuthCard>
    );
  }
  return <Invitation token={token} invitation={lookup.data} user={user} />;
}

type InvitationProps = { token: string; invitation: InvitationLookupDTO; user: UserDTO | null };

function Invitation({ token, invitation, user }: InvitationProps) {
  const location = useLocation();
  const accept = useAcceptInvitation(token);
  // Signed in as someone else: sign out but stay, so the right person can accept here.
  const signOut = useLogout({ redirectTo: null });
  const { companyName, email, role, status } = invitation;
  const appLink = <Link to={user ? "/schedule" : "/login"}>{user ? "Open Scheduler" : "Go to sign in"}</Link>;

  if (status === "expired") {
    return (
      <AuthCard
        title="This invitation has expired"
        subtitle={`Ask someone at ${companyName} to send you a new invitation.`}
        footer={appLink}
      >
        {null}
      </AuthCard>
    );
  }
  if (status === "used") {
    return (
      <AuthCard
        title="This invitation has already been used"
        subtitle={`Sign in as ${email} to open ${companyName}.`}
        footer={appLink}
      >
        {null}
      </AuthCard>
    );
  }

  const subtitle = `You have been invited to join ${companyName} as ${ROLE_PHRASE[role]}.`;
  if (user) {
    const isInvitee = user.email.toLowerCase() === email.toLowerCase();
    return (
      <AuthCard title={`Join ${companyName}`} subtitle={subtitle} footer={appLink}>
        {isInvitee ? (
          <>
            <p className="invite-signed-in">
              Signed in as <strong>{user.email}</strong>
            </p>
            <Button
              type="primary"
              size="large"
              block
              loading={accept.isPending}
              onClick={() => accept.mutate(undefined)}
            >
              Accept Invitation
            </Button>
          </>
        ) : (
          <>
            <Alert
              className="auth-card__alert"
              type="warning"
              showIcon
              title="This invitation is for another account"
              description={`It was sent to ${email}, but you are signed in as ${user.email}. Sign out to accept it as ${email}.`}
            />
            <Button size="large" block loading={signOut.isPending} onClick={() => signOut.mutate()}>
              Sign out
            </Button>
          </>
        )}
      </AuthCard>
    );
  }

  const backHere: SignInState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return (
    <AuthCard
      title={`Join ${companyName}`}
      subtitle={subtitle}
      footer={
        <>
          Already have an account for {email}?{" "}
          <Link to="/login" state={backHere}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm
        invitedEmail={email}
        submitLabel="Create account and join"
        isPending={accept.isPending}
        onSubmit={(values) => accept.mutate(values)}
      />
    </AuthCard>
  );
}
