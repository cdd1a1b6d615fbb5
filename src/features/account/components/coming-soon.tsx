/**
 * Exports: ComingSoon — an honest placeholder screen for login-only pages whose content ships in a
 * later release (checkout, orders): heading, a short explanation and a link back.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import styles from './coming-soon.module.css';

export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className={styles.page}>
      <p className={styles.eyebrow}>Your account</p>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.card}>
        {children}
        <div className={styles.actions}>
          <Link to="/" className={buttonClassName({ variant: 'dark' })}>
            Continue shopping
          </Link>
        </div>
      </div>
    </main>
  );
}

export { styles as comingSoonStyles };
