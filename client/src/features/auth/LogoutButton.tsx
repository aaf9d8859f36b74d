import { LogoutOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useLogout } from "./useLogout";

type LogoutButtonProps = {
  /** The class of the "Logout" text, which each top bar hides on small screens its own way. */
  labelClassName: string;
  testId?: string;
};

/** The top bars' Logout button: signs out and opens the sign-in page. */
export function LogoutButton({ labelClassName, testId }: LogoutButtonProps) {
  const logout = useLogout();
  return (
    <Button
      data-testid={testId}
      aria-label="Logout"
      icon={<LogoutOutlined aria-hidden />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <span className={labelClassName}>Logout</span>
    </Button>
  );
}
