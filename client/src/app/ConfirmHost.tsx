/**
 * The confirmation dialogs' holder, in a chunk of its own so that antd's Modal is not part
 * of the sign-in page (./feedback.tsx).
 */
import { Modal } from "antd";
import { useEffect } from "react";
import type { ModalHookAPI } from "./feedback";

export type ConfirmHostProps = { onReady: (api: ModalHookAPI) => void };

export function ConfirmHost({ onReady }: ConfirmHostProps) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
