import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';
import styles from './info-page.module.css';

export function AboutPage() {
  return (
    <InfoPage
      eyebrow="About us"
      title="Fuel that earns its place in your routine"
      lede="Forge Nutrition is an Ontario-based supplement shop run by athletes, coaches and a registered dietitian. We stock what we would take ourselves."
    >
      <KeyFacts
        facts={[
          { value: 'NPN', label: 'every product licensed by Health Canada' },
          { value: '1 day', label: 'to ship most orders' },
          { value: '30 days', label: 'to return unopened products' },
        ]}
      />
      <InfoSection title="Our story">
        <p>
          We started Forge Nutrition after years of training in gyms where the supplement shelf was
          a wall of loud labels and vague promises. We wanted a shop that explains what is in the
          tub, prices it fairly and ships it fast — so we built one.
        </p>
        <p>
          Today we carry protein, creatine, pre-workout, amino acids, energy drinks, carbs, joint
          support and more from brands we have vetted, and we ship them to every province and
          territory from our warehouse in Ontario.
        </p>
      </InfoSection>
      <InfoSection title="What we stand for">
        <ul className={styles.pillars}>
          <li>
            <strong>Tested, licensed products.</strong> We only list products with a Health Canada
            Natural Product Number, and prefer brands with third-party testing for banned
            substances.
          </li>
          <li>
            <strong>Clear labels.</strong> Every product page shows the full nutrition facts, so you
            can compare per serving, not per marketing claim.
          </li>
          <li>
            <strong>Real advice.</strong> Not sure where to start? Book a free{' '}
            <Link to="/consultancy">consultation</Link> with our coaches.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Talk to us">
        <p>
          Questions about a product, an order or a stack for your goal?{' '}
          <Link to="/contact">Send us a message</Link> — a real person answers within one business
          day.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
