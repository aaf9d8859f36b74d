import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  MailOutlined,
  PhoneOutlined,
} from "@ant-design/icons";
import { Alert, Button, Card, Result, Skeleton, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { doesFieldWork } from "../../entities/company/screenAccess";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { placeWords } from "../../entities/place/usePlaces";
import { isApiError } from "../../lib/api";
import { ButtonLink } from "../../ui/ButtonLink";
import { DangerConfirmButton } from "../../ui/DangerConfirmButton";
import { useFeedback } from "../../ui/feedback";
import { mapsLink, telLink } from "../my-day/links";
import { CustomerChannels } from "./CustomerChannels";
import { CustomerFormDialog } from "./CustomerFormDialog";
import { CustomerCalls, CustomerJobs } from "./CustomerHistory";
import { useCustomer, useDeleteCustomer } from "./useCustomers";
import "./customers.css";
import { useShowFailure } from "../../components/FailureNotice";
import { errorMessage } from "../../lib/errorText";

/** One customer (docs/customers.md): how to reach them, and their jobs and calls. */
export default function CustomerPage() {
  const { customerId } = useParams();
  const { companyId, role } = useCurrentCompany();
  const canManage = useCan("manageCustomers");
  // Quotes are the office's money (docs/quotes.md).
  const canQuote = useCan("manageMoney");
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const navigate = useNavigate();
  const customer = useCustomer(customerId);
  const remove = useDeleteCustomer();
  const [isEditing, setIsEditing] = useState(false);
  if (!companyId) return null;

  const back = (
    <Link to="/customers" className="customer-page__back">
      <ArrowLeftOutlined aria-hidden /> Customers
    </Link>
  );
  if (customer.isPending) {
    return (
      <div className="customer-page">
        {back}
        <Card size="small">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </div>
    );
  }
  if (customer.isError) {
    return (
      <div className="customer-page">
        {back}
        {isApiError(customer.error, "not_found") ? (
          <Result status="404" title="Customer not found" subTitle="They may have been deleted." />
        ) : (
          <Alert
            type="error"
            showIcon
            title="Could not load the customer"
            description={errorMessage(customer.error, "Please try again.")}
            action={<Button onClick={() => void customer.refetch()}>Retry</Button>}
          />
        )}
      </div>
    );
  }

  const data = customer.data;
  const onDelete = () =>
    remove.mutate(data.id, {
      onSuccess: () => {
        notification.success({ title: "Customer deleted", description: "Their jobs and calls stay." });
        navigate("/customers");
      },
      onError: (error) => showFailure("Failed to delete the customer.", error),
    });
  const where = doesFieldWork(role) ? "my-day" : "schedule";

  return (
    <div className="customer-page">
      {back}
      <div className="customers-header">
        <PageTitle title={data.name} />
        {canManage ? (
          <div className="customers-header__actions">
            {canQuote ? (
              <ButtonLink to={`/quotes/new?customerId=${data.id}`} icon={<FileTextOutlined aria-hidden />}>
                New quote
              </ButtonLink>
            ) : null}
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setIsEditing(true)}>
              Edit
            </Button>
            <DangerConfirmButton
              question="Delete this customer?"
              consequence="Their jobs and calls stay, with the contact details they were booked with."
              confirmText="Delete"
              onConfirm={onDelete}
              icon={<DeleteOutlined aria-hidden />}
              loading={remove.isPending}
            >
              Delete
            </DangerConfirmButton>
          </div>
        ) : null}
      </div>

      <Card size="small" className="customer-contact" data-testid="customer-contact">
        <ul className="customer-contact__list">
          {data.phone ? (
            <li>
              <PhoneOutlined aria-hidden /> <span>{data.phone}</span>
            </li>
          ) : null}
          {data.email ? (
            <li>
              <MailOutlined aria-hidden /> <span>{data.email}</span>
            </li>
          ) : null}
          {data.address ? (
            <li>
              <EnvironmentOutlined aria-hidden /> <span>{data.address}</span>{" "}
              <Typography.Text type="secondary" data-testid="customer-place-words">
                ({placeWords(data.place)})
              </Typography.Text>
            </li>
          ) : null}
          {!data.phone && !data.email && !data.address ? <li>No contact details yet.</li> : null}
        </ul>
        <div className="customer-contact__actions">
          {data.phone ? (
            <Button href={telLink(data.phone)} icon={<PhoneOutlined aria-hidden />}>
              Call
            </Button>
          ) : null}
          {data.email ? (
            <Button href={`mailto:${data.email}`} icon={<MailOutlined aria-hidden />}>
              E-mail
            </Button>
          ) : null}
          {data.address ? (
            <Button
              href={mapsLink(data.address)}
              target="_blank"
              rel="noreferrer"
              icon={<EnvironmentOutlined aria-hidden />}
            >
              Open in Maps
            </Button>
          ) : null}
        </div>
        {data.notes ? <p className="customer-contact__notes">{data.notes}</p> : null}
        <CustomerChannels channels={data.channels} />
      </Card>

      <div className="customer-history-grid">
        <CustomerJobs
          title="Upcoming Jobs"
          jobs={data.upcomingJobs}
          empty="No upcoming jobs."
          where={where}
        />
        <CustomerJobs title="Past Jobs" jobs={data.pastJobs} empty="No past jobs." where={where} />
        <CustomerCalls calls={data.calls} />
      </div>

      <CustomerFormDialog
        companyId={companyId}
        customer={data}
        open={isEditing}
        onClose={() => setIsEditing(false)}
      />
    </div>
  );
}
