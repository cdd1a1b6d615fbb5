/**
 * Which flavor and size a shopper can pick on a product page. Only combinations that exist as a
 * variant are offered; combinations without stock are offered but marked, so the shopper sees
 * the product exists in that size while the add button stays disabled.
 */

export interface SelectableVariant {
  _id: string;
  flavor: { slug: string; name: string };
  size: string;
  stock: number;
  price: number;
  compareAtPrice: number | null;
}

export interface Choice {
  value: string;
  label: string;
  inStock: boolean;
}

export interface Selection<V extends SelectableVariant> {
  flavor: string | undefined;
  size: string | undefined;
  variant: V | undefined;
}

function distinct<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function flavorChoices(variants: SelectableVariant[]): Choice[] {
  return distinct(variants, (v) => v.flavor.slug).map((v) => ({
    value: v.flavor.slug,
    label: v.flavor.name,
    inStock: variants.some((other) => other.flavor.slug === v.flavor.slug && other.stock > 0),
  }));
}

/** Sizes that exist for the given flavor (every size when no flavor is chosen). */
export function sizeChoices(variants: SelectableVariant[], flavor: string | undefined): Choice[] {
  const forFlavor = flavor ? variants.filter((v) => v.flavor.slug === flavor) : variants;
  return distinct(forFlavor, (v) => v.size).map((v) => ({
    value: v.size,
    label: v.size,
    inStock: forFlavor.some((other) => other.size === v.size && other.stock > 0),
  }));
}

/**
 * The variant a product opens on when nothing is asked for: the cheapest one in stock, since that
 * is the price its card shows ("From $X"). Equal prices go to the discounted one, as the card's
 * compare-at price does, then to the first listed. Sold out everywhere: the first listed.
 */
export function defaultVariant<V extends SelectableVariant>(variants: V[]): V | undefined {
  let best: V | undefined;
  for (const variant of variants) {
    if (variant.stock <= 0) continue;
    if (
      !best ||
      variant.price < best.price ||
      (variant.price === best.price && (variant.compareAtPrice ?? 0) > (best.compareAtPrice ?? 0))
    ) {
      best = variant;
    }
  }
  return best ?? variants[0];
}

/**
 * Resolves what is selected from what was asked for (for example from the URL). An unknown or
 * missing flavor falls back to the default variant's flavor (or, with only a size asked for, the
 * first flavor with that size in stock); a size the flavor does not come in falls back to the
 * first size of that flavor with stock. So every selection names a real variant.
 */
export function resolveSelection<V extends SelectableVariant>(
  variants: V[],
  wanted: { flavor?: string | undefined; size?: string | undefined },
): Selection<V> {
  if (variants.length === 0) return { flavor: undefined, size: undefined, variant: undefined };
  const fallback = defaultVariant(variants)!;
  const askedFlavor = variants.some((v) => v.flavor.slug === wanted.flavor);
  if (!askedFlavor && wanted.size === undefined) {
    return { flavor: fallback.flavor.slug, size: fallback.size, variant: fallback };
  }
  const flavor = askedFlavor
    ? wanted.flavor!
    : (variants.find((v) => v.stock > 0 && v.size === wanted.size) ?? fallback).flavor.slug;

  const ofFlavor = variants.filter((v) => v.flavor.slug === flavor);
  const variant =
    ofFlavor.find((v) => v.size === wanted.size) ??
    ofFlavor.find((v) => v.stock > 0) ??
    ofFlavor[0]!;

  return { flavor, size: variant.size, variant };
}

/** The selection after the shopper picks another flavor: the size is kept when that flavor has it. */
export function pickFlavor<V extends SelectableVariant>(
  variants: V[],
  current: Selection<V>,
  flavor: string,
): Selection<V> {
  return resolveSelection(variants, { flavor, size: current.size });
}

export function pickSize<V extends SelectableVariant>(
  variants: V[],
  current: Selection<V>,
  size: string,
): Selection<V> {
  return resolveSelection(variants, { flavor: current.flavor, size });
}
