import { PageTitle } from "../../components/PageTitle";

export default function SubscriptionPage() {
  return <PageTitle title="Subscription Management" />;
}
