import { PageTitle } from "../../components/PageTitle";

export default function HistoryPage() {
  return <PageTitle title="Schedule History" />;
}
