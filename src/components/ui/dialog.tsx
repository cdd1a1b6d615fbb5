/**
 * A modal following the WAI-ARIA dialog pattern: role="dialog", aria-modal, labelled by
 * `labelledBy` (an element id inside it), focus moved inside on open (the element with
 * `data-autofocus`, else the first focusable), Tab and Shift+Tab kept inside, Escape and the close
 * button call `onClose`, focus returned to the opener on close (`returnFocusTo`, else whatever had
 * focus as it opened — give the opener when it loses focus before the dialog is there, as a button
 * that is disabled while it loads does), page scroll locked.
 * Render it only while open: `{open ? <Dialog ...>...</Dialog> : null}`.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function Dialog({
  labelledBy,
  describedBy,
  onClose,
  children,
  className,
  closeLabel,
  returnFocusTo,
}: DialogProps) {
  const { t } = useLingui();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // Read once, as the dialog opens.
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect, so the focus is inside by the time the dialog is on screen: a passive effect
  // can run a frame later, after a keystroke meant for the dialog went to the page behind it.
  useLayoutEffect(() => {
    const opener =
      returnFocusRef.current?.current ?? (document.activeElement as HTMLElement | null);
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    document.body.classList.add('scroll-locked');

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.classList.remove('scroll-locked');
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={[styles.panel, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <button
          type="button"
          className={styles.close}
          aria-label={closeLabel ?? t`Close`}
          onClick={onClose}
        >
          ×
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
