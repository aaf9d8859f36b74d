import { PageTitle } from "../../components/PageTitle";

export default function SchedulePage() {
  return <PageTitle title="Weekly Schedule" />;
}
