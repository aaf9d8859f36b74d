/**
 * The confirmation dialogs' holder, with the app's antd theme, in a chunk of its own so
 * that antd's Modal is not part of the first screens (./feedback.tsx).
 */
import { Modal } from "antd";
import { useEffect } from "react";
import type { HostProps, ModalHookAPI } from "./feedback";
import { Themed } from "./Themed";

function Holder({ onReady }: HostProps<ModalHookAPI>) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

export function ConfirmHost({ onReady }: HostProps<ModalHookAPI>) {
  return (
    <Themed>
      <Holder onReady={onReady} />
    </Themed>
  );
}
