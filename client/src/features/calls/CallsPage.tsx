import { PageTitle } from "../../components/PageTitle";

export default function CallsPage() {
  return <PageTitle title="Call Log" />;
}
