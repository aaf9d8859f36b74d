import { Result } from "antd";
import { PageTitle } from "../../components/PageTitle";
import { ButtonLink } from "../../ui/ButtonLink";

export default function NotFoundPage() {
  return (
    <div className="standalone-page standalone-page--center">
      <Result
        status="404"
        title={<PageTitle title="Page not found" />}
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <ButtonLink type="primary" to="/schedule">
            Back to schedule
          </ButtonLink>
        }
      />
    </div>
  );
}
