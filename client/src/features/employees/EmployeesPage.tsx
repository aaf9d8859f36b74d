import { PageTitle } from "../../components/PageTitle";

export default function EmployeesPage() {
  return <PageTitle title="Employee Management" />;
}
