import type { ReactNode } from 'react';
import { Modal } from '../../ui/Modal';
import { PeoplePicker, type PeoplePickerProps } from './PeoplePicker';

export interface PeoplePickerDialogProps extends PeoplePickerProps {
  open: boolean;
  title: ReactNode;
}

/** The picker in a modal. Closing the modal (Escape, ×, overlay) counts as 取消. */
export function PeoplePickerDialog({ open, title, ...picker }: PeoplePickerDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(v) => !v && picker.onCancel()}
      title={title}
      width={640}
      initialFocus="[data-testid='picker-search']"
    >
      {/* Remount per opening so a new session starts with a fresh selection and keyword. */}
      {open && <PeoplePicker {...picker} />}
    </Modal>
  );
}
