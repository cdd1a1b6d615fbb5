/**
 * A button that asks before it acts: it opens a modal dialog with a question, what will happen,
 * a way back (focused first, so Enter never confirms by accident) and the action itself, which
 * shows its progress and, if it fails, why, while the dialog stays open.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useChunk } from '../../hooks/use-chunk.ts';
import { buttonClassName } from './button.tsx';
import { afterMessages } from '../../lib/i18n/catalogs.ts';

/** The dialog is its own chunk: most pages that show the button never open it. */
const loadDialog = () => afterMessages(() => import('./confirm-dialog.tsx'));

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
  const loaded = useChunk(loadDialog);
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
      {open && loaded ? (
        <loaded.ConfirmDialog
          title={title}
          text={text}
          keepLabel={keepLabel}
          confirmLabel={confirmLabel}
          pending={pending}
          failure={failure}
          opener={opener}
          onClose={close}
          onConfirm={() => onConfirm(close)}
        />
      ) : null}
    </>
  );
}
