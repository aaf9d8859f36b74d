import { PageTitle } from "../../components/PageTitle";

export default function TeamPage() {
  return <PageTitle title="Team Management" />;
}
