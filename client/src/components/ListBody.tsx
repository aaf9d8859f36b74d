import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Card, Empty, Result } from "antd";
import type { ComponentType, ReactNode } from "react";

type ListBodyProps<T> = {
  query: UseQueryResult<T[]>;
  /** The list's own layout class: the loading cards stand where the list will. */
  listClassName: string;
  loadingTestId: string;
  /** What each of the three loading cards shows. */
  skeleton: ReactNode;
  errorTitle: string;
  /** Shown when the list has nothing (an EmptyCard). */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
};

/**
 * The body of a list screen: three skeleton cards while loading, a warning with
 * "Try again" when the list could not be read, the empty card, else the list.
 */
export function ListBody<T>(props: ListBodyProps<T>) {
  const { query } = props;
  if (query.isPending) {
    return (
      <div className={props.listClassName} data-testid={props.loadingTestId}>
        {[0, 1, 2].map((n) => (
          <Card key={n} size="small">
            {props.skeleton}
          </Card>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={props.errorTitle}
        extra={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  }
  return query.data.length === 0 ? props.empty : props.children(query.data);
}

type EmptyCardProps = {
  /** The screen's class for it; `<className>__icon` and `<className>__title` style the parts. */
  className: string;
  testId: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: ReactNode;
  /** A button under the text, if the member may act. */
  action?: ReactNode;
};

/** A list screen's card for "nothing here": an icon, a title, a line of text. */
export function EmptyCard({ className, testId, icon: Icon, title, text, action }: EmptyCardProps) {
  return (
    <Card className={className} data-testid={testId}>
      <Empty
        image={<Icon className={`${className}__icon`} />}
        description={
          <>
            <div className={`${className}__title`}>{title}</div>
            <div>{text}</div>
          </>
        }
      >
        {action}
      </Empty>
    </Card>
  );
}
