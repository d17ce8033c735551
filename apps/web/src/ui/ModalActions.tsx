import type { ReactNode } from 'react';

/** One footer button of a dialog: its label, action and test id. */
export interface ModalAction {
  label: ReactNode;
  onClick(): void;
  disabled?: boolean;
  testId?: string;
}

/**
 * A dialog's footer pair: a plain Cancel-like button, then the primary action (red when it destroys
 * something). The `footer` every Cancel/confirm Modal passes.
 */
export function ModalActions({
  cancel,
  confirm,
  danger = false,
}: {
  cancel: ModalAction;
  confirm: ModalAction;
  danger?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={cancel.disabled}
        data-testid={cancel.testId}
        onClick={cancel.onClick}
      >
        {cancel.label}
      </button>
      <button
        type="button"
        className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
        disabled={confirm.disabled}
        data-testid={confirm.testId}
        onClick={confirm.onClick}
      >
        {confirm.label}
      </button>
    </>
  );
}
