/** ConfirmButton's dialog: a chunk of its own, fetched as the button mounts. */
import type { RefObject } from 'react';
import { useId } from 'react';
import { Button } from './button.tsx';
import type { ConfirmButtonProps } from './confirm-button.tsx';
import { Dialog } from './dialog.tsx';
import { FormFailure } from './form-failure.tsx';
import styles from './confirm-button.module.css';

export type ConfirmDialogProps = Pick<
  ConfirmButtonProps,
  'title' | 'text' | 'keepLabel' | 'confirmLabel' | 'pending' | 'failure'
> & {
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onConfirm: () => void;
};

export function ConfirmDialog({
  title,
  text,
  keepLabel,
  confirmLabel,
  pending,
  failure,
  opener,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      returnFocusTo={opener}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <FormFailure message={failure} />
      <div className={styles.actions}>
        <Button variant="dark" data-autofocus onClick={onClose}>
          {keepLabel}
        </Button>
        <Button variant="primary" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
