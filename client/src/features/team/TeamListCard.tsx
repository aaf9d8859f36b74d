import { Card } from "antd";
import type { ReactNode } from "react";

type TeamListCardProps<T> = {
  /** The card's title; the count follows it once the list is in: "Team Members (3)". */
  title: string;
  testId: string;
  items: T[] | undefined;
  isPending: boolean;
  /** What stands in for the list while it loads. */
  skeleton: ReactNode;
  children: (items: T[]) => ReactNode;
};

/** A card of the Team screen that lists people (members, pending invitations). */
export function TeamListCard<T>({
  title,
  testId,
  items,
  isPending,
  skeleton,
  children,
}: TeamListCardProps<T>) {
  return (
    <Card title={`${title}${items ? ` (${items.length})` : ""}`} className="team-card" data-testid={testId}>
      {isPending || !items ? skeleton : children(items)}
    </Card>
  );
}
