import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';
import styles from './info-page.module.css';

export function AboutPage() {
  const { t } = useLingui();
  return (
    <InfoPage
      eyebrow={t`About us`}
      title={t`Fuel that earns its place in your routine`}
      lede={
        <Trans>
          Forge Nutrition is an Ontario-based supplement shop run by athletes, coaches and a
          registered dietitian. We stock what we would take ourselves.
        </Trans>
      }
    >
      <KeyFacts
        facts={[
          { value: t`NPN`, label: t`every product licensed by Health Canada` },
          { value: t`1 day`, label: t`to ship most orders` },
          { value: t`30 days`, label: t`to return unopened products` },
        ]}
      />
      <InfoSection title={t`Our story`}>
        <p>
          <Trans>
            We started Forge Nutrition after years of training in gyms where the supplement shelf
            was a wall of loud labels and vague promises. We wanted a shop that explains what is in
            the tub, prices it fairly and ships it fast — so we built one.
          </Trans>
        </p>
        <p>
          <Trans>
            Today we carry protein, creatine, pre-workout, amino acids, energy drinks, carbs, joint
            support and more from brands we have vetted, and we ship them to every province and
            territory from our warehouse in Ontario.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`What we stand for`}>
        <ul className={styles.pillars}>
          <li>
            <Trans>
              <strong>Tested, licensed products.</strong> We only list products with a Health Canada
              Natural Product Number, and prefer brands with third-party testing for banned
              substances.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Clear labels.</strong> Every product page shows the full nutrition facts, so
              you can compare per serving, not per marketing claim.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Real advice.</strong> Not sure where to start? Book a free{' '}
              <Link to="/consultancy">consultation</Link> with our coaches.
            </Trans>
          </li>
        </ul>
      </InfoSection>
      <InfoSection title={t`Talk to us`}>
        <p>
          <Trans>
            Questions about a product, an order or a stack for your goal?{' '}
            <Link to="/contact">Send us a message</Link> — a real person answers within one business
            day.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
