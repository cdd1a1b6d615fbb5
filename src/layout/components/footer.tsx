/**
 * The main layout's footer (docs/product.md, Info pages and footer): the six category links, Quick
 * links and Policy links to real pages, the contact group (an Ontario street address and two social
 * links), the ten payment methods and the copyright line. Below 768 px each group collapses and
 * expands by tapping its title.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { DESKTOP_BREAKPOINT_PX, FOOTER_CATEGORY_SLUGS } from '../../lib/constants.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import styles from './footer.module.css';
import { ChevronDownIcon, Logo } from './icons.tsx';
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
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo light />
          <p>
            Clean, tested sports nutrition for people who train. Protein, creatine, pre-workout and
            more, shipped across Canada.
          </p>
        </div>

        <FooterGroup title="Categories">
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

        <FooterGroup title="Quick links">
          <ul className={styles.links}>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/consultancy">Consultancy</Link>
            </li>
            <li>
              <Link to="/brands">Brands</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </FooterGroup>

        <FooterGroup title="Policy">
          <ul className={styles.links}>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/returns">Return</Link>
            </li>
            <li>
              <Link to="/shipping">Shipping</Link>
            </li>
            <li>
              <Link to="/discounts">Discount</Link>
            </li>
          </ul>
        </FooterGroup>

        <FooterGroup title="Contact">
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
                Follow us on Instagram
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer">
                Follow us on Facebook
              </a>
            </li>
          </ul>
        </FooterGroup>
      </div>

      <div className={styles.bottom}>
        <PaymentIcons className={styles.payments} />
        <p className={styles.copyright}>© 2025 Forge Nutrition. All rights reserved.</p>
      </div>
    </footer>
  );
}
