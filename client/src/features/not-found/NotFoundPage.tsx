import { Result } from "antd";
import { LinkButton } from "../../components/LinkButton";
import { PageTitle } from "../../components/PageTitle";

export default function NotFoundPage() {
  return (
    <div className="standalone-page standalone-page--center">
      <Result
        status="404"
        title={<PageTitle title="Page not found" />}
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <LinkButton variant="primary" to="/schedule">
            Back to schedule
          </LinkButton>
        }
      />
    </div>
  );
}
