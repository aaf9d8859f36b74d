import { Skeleton } from "antd";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import type { TeamPerson } from "./useChat";

type TeamDirectoryProps = { people: TeamPerson[]; selfId: string | null; isLoading: boolean };

/** The team on the left (a strip on a phone): everyone who reads and writes here, and who is online now. */
export function TeamDirectory({ people, selfId, isLoading }: TeamDirectoryProps) {
  return (
    <aside className="chat-team" aria-labelledby="chat-team-title">
      <div className="chat-team__title" id="chat-team-title">
        Team members
      </div>
      {isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 1 }} className="chat-team__loading" />
      ) : (
        <ul className="chat-team__list" data-testid="chat-directory">
          {people.map((person) => (
            <li
              key={person.userId}
              className="chat-person"
              data-testid="chat-person"
              data-online={person.isOnline}
            >
              <EmployeeAvatar initials={person.initials} avatarColor={person.avatarColor} size={32} />
              <span className="chat-person__name">
                {person.name}
                {person.userId === selfId ? <span className="chat-person__you"> (you)</span> : null}
              </span>
              {person.isOnline ? (
                <span className="chat-person__online" data-testid="chat-person-online">
                  online
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
