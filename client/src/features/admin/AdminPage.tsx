import { PageTitle } from "../../components/PageTitle";

export default function AdminPage() {
  return (
    <div className="standalone-page">
      <PageTitle title="Admin Dashboard" />
    </div>
  );
}
