import { describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES, FLAVORS, PRODUCT_FAMILIES } from './seed-data.ts';
import {
  BRANDS_FR,
  CATEGORIES_FR,
  FAMILIES_FR,
  FLAVORS_FR,
  MIDDLES_FR,
  OPENERS_FR,
  SIZE_LABELS_FR,
  flavorDescriptionFr,
  flavorLineFr,
} from './seed-data-fr.ts';

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();
/** The digits of a number as either language writes it: '0.5 g' and '0,5 g' both give '05'. */
const digits = (text: string) => text.replace(/\D/g, '');

/**
 * French texts that may equal their English one: names that are the same word in both languages
 * (categories, flavors, nutrition rows) and serving sizes counted in capsules.
 */
const SAME_IN_FRENCH = new Set([
  'Glutamine',
  'Cola',
  'Calories',
  'Sodium',
  'Calcium',
  'Potassium',
  'Zinc',
  'EPA',
  'DHA',
  'MSM',
  'MCT',
  'Ashwagandha',
  'Citicoline',
  '1 capsule',
  '2 capsules',
  '3 capsules',
  '4 capsules',
]);
/** Size labels made only of numbers and units, written the same way in French. */
const UNITS_ONLY = /^\d+( × \d+)? (lb|g|kg|mL|capsules)$/;

const familySizeLabels = sorted(PRODUCT_FAMILIES.flatMap((f) => f.sizes.map((s) => s.label)));

/** Every French text with the English one it translates, and where it comes from. */
function pairs(): { where: string; en: string; fr: string }[] {
  const list: { where: string; en: string; fr: string }[] = [];
  for (const c of CATEGORIES) {
    const fr = CATEGORIES_FR[c.slug];
    list.push({ where: `category ${c.slug} name`, en: c.name, fr: fr?.name ?? '' });
    list.push({ where: `category ${c.slug}`, en: c.description, fr: fr?.description ?? '' });
  }
  for (const b of BRANDS)
    list.push({
      where: `brand ${b.slug}`,
      en: b.description,
      fr: BRANDS_FR[b.slug]?.description ?? '',
    });
  for (const f of FLAVORS)
    list.push({ where: `flavor ${f.slug}`, en: f.name, fr: FLAVORS_FR[f.slug] ?? '' });
  for (const family of PRODUCT_FAMILIES) {
    const fr = FAMILIES_FR[family.key];
    list.push({ where: `family ${family.key} pitch`, en: family.pitch, fr: fr?.pitch ?? '' });
    list.push({
      where: `family ${family.key} serving size`,
      en: family.nutrition.servingSize,
      fr: fr?.nutrition.servingSize ?? '',
    });
    family.nutrition.rows.forEach((row, i) =>
      list.push({
        where: `family ${family.key} row ${i}`,
        en: row.name,
        fr: fr?.nutrition.rows[i]?.name ?? '',
      }),
    );
  }
  return list;
}

describe('French seed catalog: coverage', () => {
  it('has a French category for every category slug, and no other', () => {
    expect(sorted(Object.keys(CATEGORIES_FR))).toEqual(sorted(CATEGORIES.map((c) => c.slug)));
  });

  it('has a French brand description for every brand slug, and no other', () => {
    expect(sorted(Object.keys(BRANDS_FR))).toEqual(sorted(BRANDS.map((b) => b.slug)));
  });

  it('has a French flavor name for every flavor slug, and no other', () => {
    expect(sorted(Object.keys(FLAVORS_FR))).toEqual(sorted(FLAVORS.map((f) => f.slug)));
  });

  it('has a French family for every product family key, and no other', () => {
    expect(sorted(Object.keys(FAMILIES_FR))).toEqual(sorted(PRODUCT_FAMILIES.map((f) => f.key)));
  });

  it('has a French size label for every size label a family uses, and no other', () => {
    expect(sorted(Object.keys(SIZE_LABELS_FR))).toEqual(familySizeLabels);
  });

  it('has as many openers and middles as productDescription in seed.ts (3 and 4)', () => {
    // The English counts in seed.ts's productDescription: the same random index picks both.
    expect(OPENERS_FR).toHaveLength(3);
    expect(MIDDLES_FR).toHaveLength(4);
  });
});

describe('French seed catalog: nutrition labels', () => {
  for (const family of PRODUCT_FAMILIES) {
    it(`${family.key}: the same numbers and rows as the English label`, () => {
      const en = family.nutrition;
      const fr = FAMILIES_FR[family.key]!.nutrition;
      expect(fr.servingsPerContainer).toBe(en.servingsPerContainer);
      expect(digits(fr.servingSize)).toBe(digits(en.servingSize));
      expect(fr.rows).toHaveLength(en.rows.length);
      en.rows.forEach((row, i) => {
        const frRow = fr.rows[i]!;
        expect(digits(frRow.amount), `${row.name} amount`).toBe(digits(row.amount));
        expect('dailyValue' in frRow, `${row.name} daily value`).toBe('dailyValue' in row);
        expect(digits(frRow.dailyValue ?? ''), `${row.name} daily value`).toBe(
          digits(row.dailyValue ?? ''),
        );
      });
    });
  }

  it('writes decimals with a comma and percentages with a space', () => {
    for (const family of Object.values(FAMILIES_FR)) {
      const { servingSize, rows } = family.nutrition;
      for (const text of [servingSize, ...rows.flatMap((r) => [r.amount, r.dailyValue ?? ''])]) {
        expect(text).not.toMatch(/\d\.\d/);
        expect(text).not.toMatch(/\d%/);
      }
    }
  });
});

describe('French seed catalog: translated text', () => {
  it('translates every text, except names spelled the same in both languages', () => {
    const untranslated = pairs().filter(
      ({ en, fr }) => fr === '' || (fr === en && !SAME_IN_FRENCH.has(en)),
    );
    expect(untranslated).toEqual([]);
  });

  it('translates size labels with words in them', () => {
    for (const label of familySizeLabels) {
      const fr = SIZE_LABELS_FR[label]!;
      expect(digits(fr)).toBe(digits(label));
      if (!UNITS_ONLY.test(label)) expect(fr, label).not.toBe(label);
    }
  });

  it('uses typographic apostrophes in French text', () => {
    const straight = pairs().filter(({ fr }) => fr.includes("'"));
    expect(straight).toEqual([]);
    expect(MIDDLES_FR.filter((m) => m.includes("'"))).toEqual([]);
  });

  it('finds vanilla as « vanille » and protein products as « protéine(s) »', () => {
    expect(FLAVORS_FR.vanilla).toBe('Vanille');
    for (const family of PRODUCT_FAMILIES.filter((f) => f.tags.includes('protein')))
      expect(FAMILIES_FR[family.key]!.pitch, family.key).toMatch(/protéines?\b/);
    for (const slug of [
      'protein-powder',
      'protein-vegan',
      'protein-hydrolized',
      'casein-protein',
      'protein-bars',
      'whey-isolate',
    ])
      expect(CATEGORIES_FR[slug]!.description, slug).toMatch(/protéines?\b/i);
  });
});

describe('French seed catalog: description sentences', () => {
  const brandNames = BRANDS.map((b) => b.name);

  it('reads as a sentence for every opener, brand and pitch', () => {
    for (const opener of OPENERS_FR)
      for (const brandName of brandNames)
        for (const { pitch } of Object.values(FAMILIES_FR)) {
          const sentence = opener(brandName, 'Whey Protein Isolate', pitch);
          expect(sentence).toContain(pitch);
          expect(sentence).toMatch(/^[A-ZÀ-Ý].*[^.]\.$/);
          expect(sentence).not.toMatch(/ {2}| \.|\.\.|,,/);
          // « de » is elided before a vowel: « d’Apex Labs », never « de Apex Labs ».
          expect(sentence).not.toMatch(/\bde [AEIOUaeiouÀ-Ýà-ý]/);
        }
  });

  it('starts every pitch in lower case, so it reads mid-sentence', () => {
    for (const [key, { pitch }] of Object.entries(FAMILIES_FR))
      expect(pitch, key).toMatch(/^[a-zà-ý0-9]/);
  });

  it('elides « de » before a brand starting with a vowel', () => {
    expect(OPENERS_FR[1]!('Apex Labs', 'Thermo Shred', 'un thermogénique')).toBe(
      'Découvrez Thermo Shred d’Apex Labs : un thermogénique.',
    );
    expect(OPENERS_FR[1]!('Bolt Energy', 'Volt Energy Drink', 'une boisson')).toBe(
      'Découvrez Volt Energy Drink de Bolt Energy : une boisson.',
    );
  });

  it('writes the flavour sentence for several flavors, one flavor, or none', () => {
    expect(flavorLineFr(['Vanille', 'Chocolat', 'Fraise'])).toBe(
      'Offert aux saveurs Vanille, Chocolat et Fraise.',
    );
    expect(flavorLineFr(['Vanille', 'Chocolat'])).toBe('Offert aux saveurs Vanille et Chocolat.');
    expect(flavorLineFr(['Vanille'])).toBe('Offert à la saveur Vanille.');
    expect(flavorLineFr([FLAVORS_FR.unflavored!])).toBe(
      'Sans saveur, il se fond dans n’importe quelle boisson.',
    );
    // Unflavored among others is just one more flavor.
    expect(flavorLineFr(['Sans saveur', 'Citron-lime'])).toBe(
      'Offert aux saveurs Sans saveur et Citron-lime.',
    );
  });

  it('describes a flavor by its kind, with its French name', () => {
    for (const kind of ['sweet', 'fruity', 'plain'] as const) {
      const text = flavorDescriptionFr(kind, 'Vanille');
      expect(text.startsWith('Vanille : ')).toBe(true);
      expect(text.endsWith('.')).toBe(true);
    }
    expect(
      new Set((['sweet', 'fruity', 'plain'] as const).map((k) => flavorDescriptionFr(k, 'X'))).size,
    ).toBe(3);
  });
});
