import type { EmployeeDTO } from "@sched/shared-types";
import { Skeleton } from "antd";
import { Link } from "react-router";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";

type SenderListProps = {
  senders: EmployeeDTO[];
  selectedId: string | null;
  isLoading: boolean;
  onSelect: (employeeId: string) => void;
};

/** The team on the left (a strip on a phone): who the next message is sent as. */
export function SenderList({ senders, selectedId, isLoading, onSelect }: SenderListProps) {
  return (
    <aside className="chat-senders" aria-labelledby="chat-senders-title">
      <div className="chat-senders__title" id="chat-senders-title">
        Team members
      </div>
      {isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 1 }} className="chat-senders__loading" />
      ) : senders.length === 0 ? (
        <p className="chat-senders__empty">
          No team members yet. <Link to="/employees">Add employees</Link> to chat as them.
        </p>
      ) : (
        <fieldset className="chat-senders__list">
          <legend className="visually-hidden">Send as</legend>
          {senders.map((employee) => {
            const isSelected = employee.id === selectedId;
            return (
              <label key={employee.id} className={`chat-sender${isSelected ? " is-selected" : ""}`}>
                <input
                  type="radio"
                  name="chat-sender"
                  className="visually-hidden"
                  value={employee.id}
                  checked={isSelected}
                  onChange={() => onSelect(employee.id)}
                />
                <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={32} />
                <span className="chat-sender__name">{employee.name}</span>
              </label>
            );
          })}
        </fieldset>
      )}
    </aside>
  );
}
