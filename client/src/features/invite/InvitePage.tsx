import { PageTitle } from "../../components/PageTitle";

export default function InvitePage() {
  return (
    <div className="standalone-page">
      <PageTitle title="Accept Invitation" />
    </div>
  );
}
