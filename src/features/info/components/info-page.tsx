import type { ReactNode } from 'react';
import styles from './info-page.module.css';

interface InfoPageProps {
  eyebrow: string;
  title: string;
  lede: ReactNode;
  children: ReactNode;
}

/** The frame every policy and company page shares: a banner with the title, then prose. */
export function InfoPage({ eyebrow, title, lede, children }: InfoPageProps) {
  return (
    <main id="main" className={styles.page}>
      <header className={styles.banner}>
        <div className={styles.bannerInner}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lede}>{lede}</p>
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </main>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Short facts shown as a row of cards at the top of a policy page. */
export function KeyFacts({ facts }: { facts: { value: string; label: string }[] }) {
  return (
    <ul className={styles.facts}>
      {facts.map((fact) => (
        <li key={fact.label} className={styles.fact}>
          <span className={styles.factValue}>{fact.value}</span>
          <span className={styles.factLabel}>{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}
