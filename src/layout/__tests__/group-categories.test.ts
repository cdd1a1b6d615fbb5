import { describe, expect, test } from 'vitest';
import { categoryPath, groupCategories, mobileCategoryPath } from '../group-categories.ts';

const cat = (slug: string | undefined, name?: string) => ({ _id: `c_${slug}`, slug, name });

describe('mega-menu grouping', () => {
  test('Popular holds only the popular slugs, in their listed order, at most 6', () => {
    const { popular } = groupCategories([
      cat('post-workout', 'Post-Workout'),
      cat('creatine', 'Creatine'),
      cat('protein-powder', 'Protein Powder'),
      cat('amino-acids-bcaa-eaa', 'Amino Acids'),
      cat('energy-drink', 'Energy Drink'),
      cat('pre-workout', 'Pre-Workout'),
      cat('carbs', 'Carbs'),
    ]);
    expect(popular.map((item) => item.slug)).toEqual([
      'protein-powder',
      'pre-workout',
      'creatine',
      'energy-drink',
      'amino-acids-bcaa-eaa',
      'post-workout',
    ]);
  });

  test('the rest are sorted by name and grouped A - E, F - M, N - T, U - Z', () => {
    const { groups, popular } = groupCategories([
      cat('zinc', 'Zinc'),
      cat('beta-alanine', 'Beta-Alanine'),
      cat('multivitamins', 'Multivitamins'),
      cat('carbs', 'Carbs'),
      cat('fat-burner', 'Fat Burner'),
      cat('nootropics', 'Nootropics'),
      cat('vitamins', 'vitamins'),
      cat('testosterone', 'Testosterone Support'),
      cat('electrolytes', 'Electrolytes'),
      cat('creatine', 'Creatine'),
    ]);
    expect(popular.map((item) => item.slug)).toEqual(['creatine']);
    expect(groups.map((group) => group.title)).toEqual(['A - E', 'F - M', 'N - T', 'U - Z']);
    expect(groups.map((group) => group.items.map((item) => item.name))).toEqual([
      ['Beta-Alanine', 'Carbs', 'Electrolytes'],
      ['Fat Burner', 'Multivitamins'],
      ['Nootropics', 'Testosterone Support'],
      ['vitamins', 'Zinc'],
    ]);
  });

  test('items without a slug, without a name (alphabetical lists) or starting with another letter are dropped', () => {
    const { groups, popular } = groupCategories([
      cat(undefined, 'No Slug'),
      cat('', 'Empty Slug'),
      cat('unnamed'),
      cat('omega-3', '3 Omega'),
      cat('eclair', 'Éclair'),
      cat('protein-powder'),
      cat('keto', 'Keto'),
    ]);
    expect(popular).toEqual([{ slug: 'protein-powder', name: 'protein-powder' }]);
    expect(groups.flatMap((group) => group.items.map((item) => item.slug))).toEqual(['keto']);
  });

  test('a load error or no data gives empty groups', () => {
    for (const input of [undefined, null, []]) {
      const result = groupCategories(input);
      expect(result.popular).toEqual([]);
      expect(result.groups.every((group) => group.items.length === 0)).toBe(true);
      expect(result.groups).toHaveLength(4);
    }
  });

  test('links go to /category/{slug}; the mobile menu uses the lowercased, hyphenated name', () => {
    expect(categoryPath('joint-health')).toBe('/category/joint-health');
    expect(mobileCategoryPath({ name: 'Joint Health', slug: 'joint-health' })).toBe(
      '/category/joint-health',
    );
    expect(mobileCategoryPath({ name: 'Protein  Powder' })).toBe('/category/protein-powder');
    expect(mobileCategoryPath({ name: 'Zinc & Magnesium', slug: 'zinc-magnesium' })).toBe(
      '/category/zinc-magnesium',
    );
  });
});
