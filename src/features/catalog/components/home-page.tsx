import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import type { ProductCollection } from '../../../../contract/catalog.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { compareFolded } from '../../../../contract/search-rules.ts';
import { POPULAR_CATEGORY_SLUGS } from '../../../../contract/catalog-rules.ts';
import { productCollectionQueryOptions } from '../api/get-products.ts';
import { taxonomyQueryOptions } from '../../../lib/catalog/get-taxonomy.ts';
import { imageSrcSet } from '../../../lib/catalog/image-srcset.ts';
import { FIRST_VIEW_MARK } from '../../../lib/ssr/first-view.ts';
import { ProductGrid } from '../../../components/products/product-grid.tsx';
import { useRecentlyViewed } from '../../../stores/recently-viewed.ts';
import { HOME_ROWS } from '../api/prefetch-home.ts';
import styles from './home-page.module.css';

/** Columns of a product row on wide screens (768 px and up) and on phones; rows hold multiples. */
export const HOME_ROW_COLUMNS = { wide: 4, narrow: 2 } as const;

/** The recently viewed row on home: one full row on wide screens. */
export const RECENTLY_VIEWED_ON_HOME = HOME_ROW_COLUMNS.wide;

/** A row as wide as its items: a short row never leaves empty columns after its last card. */
function rowColumns(items: number): CSSProperties {
  return {
    '--row-columns-wide': Math.max(1, Math.min(items, HOME_ROW_COLUMNS.wide)),
    '--row-columns-narrow': Math.max(1, Math.min(items, HOME_ROW_COLUMNS.narrow)),
  } as CSSProperties;
}

/** The rendered size of a category picture's file (it is shown at the tile's width). */
export const CATEGORY_IMAGE_SIZE = 400;

export function HomePage() {
  const { t } = useLingui();
  return (
    <main id="main" className={styles.home}>
      <Hero />
      <ProductRow
        id="top-products"
        collection="top"
        eyebrow={t`Top rated`}
        title={t`Top products`}
        text={t`The highest-rated products in the shop, as scored by the people who use them.`}
        sentinel
      />
      <Categories />
      <ProductRow
        id="bestsellers"
        collection="bestsellers"
        eyebrow={t`Most loved`}
        title={t`Bestsellers`}
        text={t`What Canadian athletes reorder again and again.`}
      />
      <ConsultancyCallToAction />
      <ProductRow
        id="new-arrivals"
        collection="new"
        eyebrow={t`Just landed`}
        title={t`New arrivals`}
        text={t`Fresh formulas and flavors, straight onto our shelves.`}
      />
      <RecentlyViewed />
      <Brands />
    </main>
  );
}

function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroInner}>
        <p className={styles.heroEyebrow}>
          <Trans>Sports nutrition · Shipped across Canada</Trans>
        </p>
        <h1 id="hero-title" className={styles.heroTitle}>
          <Trans>
            Fuel the work. <span>Forge the results.</span>
          </Trans>
        </h1>
        <p className={styles.heroText} {...FIRST_VIEW_MARK}>
          <Trans>
            Protein, creatine, pre-workout and recovery from brands we trust — licensed by Health
            Canada, fairly priced, and at your door in days.
          </Trans>
        </p>
        <div className={styles.heroActions}>
          <a href="#top-products" className={buttonClassName({ variant: 'primary' })}>
            <Trans>Shop top products</Trans>
          </a>
          <Link to="/consultancy" className={styles.heroSecondary}>
            <Trans>Get a free consultation</Trans>
          </Link>
        </div>
        <ul className={styles.perks}>
          <li>
            <Trans>Free shipping from $99</Trans>
          </li>
          <li>
            <Trans>30-day returns</Trans>
          </li>
          <li>
            <Trans>10 % off your first order</Trans>
          </li>
        </ul>
      </div>
    </section>
  );
}

function ProductRow({
  id,
  collection,
  eyebrow,
  title,
  text,
  sentinel = false,
}: {
  id: string;
  collection: ProductCollection;
  eyebrow: string;
  title: string;
  text: string;
  /** The header turns solid once this section passes under it. */
  sentinel?: boolean;
}) {
  const { t } = useLingui();
  const limit = HOME_ROWS[collection];
  const { data, isError } = useQuery(productCollectionQueryOptions(collection, limit));
  return (
    <section
      id={id}
      className={styles.section}
      aria-labelledby={`${id}-title`}
      data-header-sentinel={sentinel || undefined}
    >
      <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} text={text} />
      {data ? (
        <ProductGrid products={data} className={styles.row} style={rowColumns(data.length)} />
      ) : isError ? (
        <p className={styles.unavailable}>
          <Trans>These products could not be loaded right now.</Trans>
        </p>
      ) : (
        <ul
          className={styles.row}
          style={rowColumns(limit)}
          aria-busy="true"
          aria-label={t`Loading ${title}`}
        >
          {Array.from({ length: limit }, (_, index) => (
            <li key={index} className={styles.skeletonCard} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One row of what this shopper opened last (kept on the device): none on a first visit. */
function RecentlyViewed() {
  const { t } = useLingui();
  const products = useRecentlyViewed().slice(0, RECENTLY_VIEWED_ON_HOME);
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recently-viewed-title">
      <SectionHeading
        id="recently-viewed-title"
        eyebrow={t`Pick up where you left off`}
        title={t`Recently viewed`}
      />
      <ProductGrid products={products} className={styles.row} style={rowColumns(products.length)} />
    </section>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}) {
  return (
    <div className={styles.heading}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {text ? <p className={styles.text}>{text}</p> : null}
    </div>
  );
}

function Categories() {
  const { t } = useLingui();
  const { data = [] } = useQuery(taxonomyQueryOptions('categories'));
  const popular = POPULAR_CATEGORY_SLUGS.map((slug) => data.find((item) => item.slug === slug))
    .filter((category) => category !== undefined)
    .slice(0, 6);
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <SectionHeading
        id="categories-title"
        eyebrow={t`Shop by goal`}
        title={t`Popular categories`}
        text={t`From your first scoop of protein to a dialled-in pre-workout stack.`}
      />
      <ul className={styles.categories}>
        {popular.length > 0
          ? popular.map((category) => (
              <li key={category.slug}>
                <Link
                  to="/category/$categorySlug"
                  params={{ categorySlug: category.slug }}
                  className={styles.category}
                >
                  {category.image ? (
                    <img
                      src={category.image}
                      srcSet={imageSrcSet(category.image)}
                      sizes="(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw"
                      alt=""
                      width={CATEGORY_IMAGE_SIZE}
                      height={CATEGORY_IMAGE_SIZE}
                      loading="lazy"
                      decoding="async"
                      className={styles.categoryImage}
                    />
                  ) : (
                    <span className={styles.categoryImage} />
                  )}
                  <span className={styles.categoryName}>{category.name}</span>
                </Link>
              </li>
            ))
          : POPULAR_CATEGORY_SLUGS.map((slug) => (
              <li key={slug} className={styles.categorySkeleton} aria-hidden="true" />
            ))}
      </ul>
    </section>
  );
}

function ConsultancyCallToAction() {
  return (
    <section className={styles.cta} aria-labelledby="cta-title">
      <div className={styles.ctaInner}>
        <div>
          <p className={styles.ctaEyebrow}>
            <Trans>Free 30-minute consultation</Trans>
          </p>
          <h2 id="cta-title" className={styles.ctaTitle}>
            <Trans>Not sure where to start?</Trans>
          </h2>
          <p className={styles.ctaText}>
            <Trans>
              Talk to one of our coaches or our registered dietitian and leave with a supplement
              plan built around your training, your diet and your budget.
            </Trans>
          </p>
        </div>
        <Link to="/consultancy" className={buttonClassName({ variant: 'primary' })}>
          <Trans>Book a consultation</Trans>
        </Link>
      </div>
    </section>
  );
}

function Brands() {
  const { t } = useLingui();
  const { data = [] } = useQuery(taxonomyQueryOptions('brands'));
  if (data.length === 0) return null;
  const brands = [...data].sort((a, b) => compareFolded(a.name, b.name)).slice(0, 12);
  return (
    <section className={styles.section} aria-labelledby="brands-title">
      <SectionHeading id="brands-title" eyebrow={t`Trusted names`} title={t`Our brands`} />
      <ul className={styles.brands}>
        {brands.map((brand) => (
          <li key={brand.slug}>
            <Link
              to="/brand/$brandSlug"
              params={{ brandSlug: brand.slug }}
              className={styles.brand}
            >
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <Link to="/brands">
          <Trans>See all brands</Trans>
        </Link>
      </p>
    </section>
  );
}
