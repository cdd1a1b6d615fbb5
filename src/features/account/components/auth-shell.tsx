import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styles from './auth.module.css';

/** The frame of the sign-in screens, which live outside the shop's header and footer. */
export function AuthShell({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main id="main" className={styles.shell}>
      <div className={styles.brandPanel}>
        <Link to="/" className={styles.wordmark}>
          Forge<span>Nutrition</span>
        </Link>
        <p className={styles.tagline}>
          <Trans>
            Fuel that earns its place in your routine. Licensed products, fair prices, shipped
            across Canada.
          </Trans>
        </p>
      </div>
      <div className={styles.formPanel}>
        <div className={styles.card}>
          <Link to="/" className={styles.mobileWordmark}>
            Forge<span>Nutrition</span>
          </Link>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
      </div>
    </main>
  );
}
