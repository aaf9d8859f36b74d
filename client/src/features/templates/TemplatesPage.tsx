import { PageTitle } from "../../components/PageTitle";

export default function TemplatesPage() {
  return <PageTitle title="Schedule Templates" />;
}
