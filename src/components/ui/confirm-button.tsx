/**
 * A button that asks before it acts: it opens a modal dialog with a question, what will happen,
 * a way back (focused first, so Enter never confirms by accident) and the action itself, which
 * shows its progress and, if it fails, why, while the dialog stays open.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClassName } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormFailure } from './form-failure.tsx';
import styles from './confirm-button.module.css';

export interface ConfirmButtonProps {
  /** The button's own label, e.g. "Cancel order". */
  label: string;
  disabled?: boolean;
  /** The dialog's heading: the question. */
  title: ReactNode;
  /** What confirming will do. */
  text: ReactNode;
  /** The way back, e.g. "Keep order". */
  keepLabel: string;
  /** The action, e.g. "Yes, cancel order". */
  confirmLabel: string;
  pending: boolean;
  /** Why the action failed, shown in the dialog; null while nothing failed. */
  failure: string | null;
  /** Called as the dialog opens, to forget an earlier attempt's failure. */
  onOpen?: () => void;
  /** Runs the action; call `close` once it succeeded. */
  onConfirm: (close: () => void) => void;
}

export function ConfirmButton({
  label,
  disabled,
  title,
  text,
  keepLabel,
  confirmLabel,
  pending,
  failure,
  onOpen,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={buttonClassName({ variant: 'outline' })}
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open ? (
        <Dialog
          labelledBy={`${id}-title`}
          describedBy={`${id}-text`}
          onClose={close}
          returnFocusTo={opener}
        >
          <h2 id={`${id}-title`}>{title}</h2>
          <p id={`${id}-text`}>{text}</p>
          <FormFailure message={failure} />
          <div className={styles.actions}>
            <Button variant="dark" data-autofocus onClick={close}>
              {keepLabel}
            </Button>
            <Button variant="primary" loading={pending} onClick={() => onConfirm(close)}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
