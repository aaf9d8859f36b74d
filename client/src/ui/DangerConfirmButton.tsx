import { Button, type ButtonProps, Popconfirm, type PopconfirmProps } from "antd";
import type { ReactNode } from "react";

type DangerConfirmButtonProps = Omit<ButtonProps, "danger" | "onClick"> & {
  /** The question asked, e.g. "Delete this customer?". */
  question: ReactNode;
  /** What follows from it, under the question. */
  consequence?: ReactNode;
  /** The confirming button's words, e.g. "Delete". */
  confirmText: string;
  cancelText?: string;
  placement?: PopconfirmProps["placement"];
  onConfirm: () => void;
};

/**
 * antd's danger Button that asks first (Popconfirm, its confirming button danger too): how
 * the app deletes or removes something that cannot come back.
 */
export function DangerConfirmButton({
  question,
  consequence,
  confirmText,
  cancelText,
  placement,
  onConfirm,
  ...button
}: DangerConfirmButtonProps) {
  return (
    <Popconfirm
      title={question}
      description={consequence}
      okText={confirmText}
      okButtonProps={{ danger: true }}
      cancelText={cancelText}
      placement={placement}
      onConfirm={onConfirm}
    >
      <Button danger {...button} />
    </Popconfirm>
  );
}
