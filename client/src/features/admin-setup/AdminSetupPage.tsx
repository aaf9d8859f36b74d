import { PageTitle } from "../../components/PageTitle";

export default function AdminSetupPage() {
  return (
    <div className="standalone-page">
      <PageTitle title="Admin Setup" />
    </div>
  );
}
