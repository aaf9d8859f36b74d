import { PageTitle } from "../../components/PageTitle";

export default function ChatPage() {
  return <PageTitle title="Team Chat" />;
}
