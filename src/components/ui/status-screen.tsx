/**
 * A centred message screen (big `code`, `title`, `children` text, `actions`); `dark` fills the
 * viewport in charcoal (used outside the main layout).
 */
import type { ReactNode } from 'react';
import styles from './status-screen.module.css';

export interface StatusScreenProps {
  code?: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  dark?: boolean;
}

export function StatusScreen({ code, title, children, actions, dark }: StatusScreenProps) {
  return (
    <main id="main" className={[styles.screen, dark && styles.full].filter(Boolean).join(' ')}>
      <div className={styles.inner}>
        {code ? (
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.text}>{children}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </main>
  );
}
