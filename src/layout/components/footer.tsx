/**
 * The main layout's footer (docs/product.md, Info pages and footer): the six category links, Quick
 * links and Policy links to real pages, the contact group (an Ontario street address and two social
 * links), the ten payment methods and the copyright line. Below 768 px each group collapses and
 * expands by tapping its title.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { DESKTOP_BREAKPOINT_PX, FOOTER_CATEGORY_SLUGS } from '../../lib/constants.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import styles from './footer.module.css';
import { ChevronDownIcon, Logo } from './icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { PaymentIcons } from './payment-icons.tsx';

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function FooterGroup({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const desktop = useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`);
  if (desktop) {
    return (
      <section className={`${styles.group} ${styles.groupOpen}`}>
        <h2 className={styles.groupHeading}>{title}</h2>
        <div className={styles.groupBody}>{children}</div>
      </section>
    );
  }
  return (
    <section className={[styles.group, open && styles.groupOpen].filter(Boolean).join(' ')}>
      <h2 className={styles.groupTitle}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <span className={styles.chevron}>
            <ChevronDownIcon />
          </span>
        </button>
      </h2>
      <div id={id} className={styles.groupBody}>
        {children}
      </div>
    </section>
  );
}

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo light />
          <p>
            <Trans>
              Clean, tested sports nutrition for people who train. Protein, creatine, pre-workout
              and more, shipped across Canada.
            </Trans>
          </p>
          {/* Up here rather than in the bottom row, whose corners the floating buttons take. */}
          <LanguageSwitch className={styles.language} />
        </div>

        <FooterGroup title={t`Categories`}>
          <ul className={styles.links}>
            {FOOTER_CATEGORY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to="/category/$categorySlug" params={{ categorySlug: slug }}>
                  {titleCase(slug)}
                </Link>
              </li>
            ))}
          </ul>
        </FooterGroup>

        <FooterGroup title={t`Quick links`}>
          <ul className={styles.links}>
            <li>
              <Link to="/about">
                <Trans>About Us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/consultancy">
                <Trans>Consultancy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/brands">
                <Trans>Brands</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact">
                <Trans>Contact Us</Trans>
              </Link>
            </li>
          </ul>
        </FooterGroup>

        <FooterGroup title={t`Policy`}>
          <ul className={styles.links}>
            <li>
              <Link to="/privacy">
                <Trans>Privacy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/returns">
                <Trans>Return</Trans>
              </Link>
            </li>
            <li>
              <Link to="/shipping">
                <Trans>Shipping</Trans>
              </Link>
            </li>
            <li>
              <Link to="/discounts">
                <Trans>Discount</Trans>
              </Link>
            </li>
            <li>
              <Link to="/terms">
                <Trans>Terms of Sale</Trans>
              </Link>
            </li>
          </ul>
        </FooterGroup>

        <FooterGroup title={t`Contact`}>
          <address className={styles.address}>
            Forge Nutrition
            <br />
            412 King Street West, Unit 3
            <br />
            Toronto, Ontario M5V 1K2, Canada
            <br />
            <a href="mailto:hello@forgenutrition.ca">hello@forgenutrition.ca</a>
          </address>
          <ul className={styles.social}>
            <li>
              <a href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer">
                <Trans>Follow us on Instagram</Trans>
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer">
                <Trans>Follow us on Facebook</Trans>
              </a>
            </li>
          </ul>
        </FooterGroup>
      </div>

      <div className={styles.bottom}>
        <PaymentIcons className={styles.payments} />
        <p className={styles.copyright}>
          <Trans>© 2025 Forge Nutrition. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
