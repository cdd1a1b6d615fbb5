/**
 * The raw material of the seed catalog: taxonomy, product families and the fixed products that
 * tests and demos rely on. `seed.ts` turns it into rows with a fixed-seed random generator.
 */
import type { NutritionFacts } from '../modules/catalog/tables.ts';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
}

/**
 * Every slug the docs name (docs/product.md, Header and menus; Info pages and footer), plus enough
 * others that each menu group (A–E, F–M, N–T, U–Z, after the six popular ones are taken out) has
 * entries. Where it reads well the slug is the name lowercased with hyphens, which is how the
 * mobile menu builds its links.
 */
export const CATEGORIES: CategorySeed[] = [
  {
    slug: 'protein-powder',
    name: 'Protein Powder',
    description: 'Whey, casein and blends to hit your daily protein target.',
  },
  {
    slug: 'pre-workout',
    name: 'Pre-Workout',
    description: 'Energy, focus and pump before you train.',
  },
  {
    slug: 'creatine',
    name: 'Creatine',
    description: 'The most researched supplement for strength and power.',
  },
  {
    slug: 'energy-drink',
    name: 'Energy Drink',
    description: 'Ready-to-drink energy with and without sugar.',
  },
  {
    slug: 'amino-acids-bcaa-eaa',
    name: 'Amino Acids (BCAA/EAA)',
    description: 'Branched-chain and essential amino acids for training and recovery.',
  },
  {
    slug: 'post-workout',
    name: 'Post-Workout',
    description: 'Refuel and recover after hard sessions.',
  },
  {
    slug: 'protein-vegan',
    name: 'Protein Vegan',
    description: 'Plant-based proteins from pea, rice, hemp and soy.',
  },
  {
    slug: 'protein-hydrolized',
    name: 'Protein Hydrolized',
    description: 'Pre-digested hydrolyzed proteins for the fastest absorption.',
  },
  {
    slug: 'joint-health',
    name: 'Joint Health',
    description: 'Glucosamine, collagen and more for joints that keep up.',
  },
  {
    slug: 'fat-burner',
    name: 'Fat Burner',
    description: 'Thermogenics and stimulant-free support for a cut.',
  },
  {
    slug: 'carbs',
    name: 'Carbs',
    description: 'Fast and slow carbohydrates to fuel long sessions.',
  },
  {
    slug: 'beta-alanine',
    name: 'Beta-Alanine',
    description: 'Buffers acid build-up for more reps at the end of a set.',
  },
  {
    slug: 'casein-protein',
    name: 'Casein Protein',
    description: 'Slow-digesting protein for long gaps between meals.',
  },
  {
    slug: 'collagen',
    name: 'Collagen',
    description: 'Collagen peptides for skin, hair, tendons and joints.',
  },
  {
    slug: 'digestive-health',
    name: 'Digestive Health',
    description: 'Enzymes and probiotics for a happy gut.',
  },
  {
    slug: 'electrolytes',
    name: 'Electrolytes',
    description: 'Sodium, potassium and magnesium to replace what you sweat out.',
  },
  { slug: 'glutamine', name: 'Glutamine', description: 'L-glutamine for recovery and gut health.' },
  {
    slug: 'greens',
    name: 'Greens',
    description: 'Superfood powders packed with vegetables, fruit and fibre.',
  },
  { slug: 'hydration', name: 'Hydration', description: 'Drink mixes that help you stay hydrated.' },
  { slug: 'keto', name: 'Keto', description: 'MCT oil, ketones and low-carb fuel.' },
  {
    slug: 'multivitamins',
    name: 'Multivitamins',
    description: 'Daily vitamins and minerals in one serving.',
  },
  {
    slug: 'nootropics',
    name: 'Nootropics',
    description: 'Focus and cognition support without the crash.',
  },
  { slug: 'omega-3', name: 'Omega-3', description: 'Fish and algae oils rich in EPA and DHA.' },
  { slug: 'protein-bars', name: 'Protein Bars', description: 'High-protein snacks for the road.' },
  {
    slug: 'sleep-support',
    name: 'Sleep Support',
    description: 'ZMA, magnesium and calming herbs for deeper sleep.',
  },
  {
    slug: 'testosterone-support',
    name: 'Testosterone Support',
    description: 'Zinc, vitamin D and herbal support for men.',
  },
  {
    slug: 'vitamins',
    name: 'Vitamins',
    description: 'Single vitamins and minerals, from D3 to B12.',
  },
  {
    slug: 'weight-gainers',
    name: 'Weight Gainers',
    description: 'Calorie-dense shakes for hard gainers.',
  },
  {
    slug: 'whey-isolate',
    name: 'Whey Isolate',
    description: 'Filtered whey with more protein and less lactose.',
  },
  {
    slug: 'zinc-magnesium',
    name: 'Zinc & Magnesium',
    description: 'ZMA and minerals for recovery and sleep.',
  },
];

export interface BrandSeed {
  slug: string;
  name: string;
  color: string;
  description: string;
}

export const BRANDS: BrandSeed[] = [
  {
    slug: 'ironclad-nutrition',
    name: 'Ironclad Nutrition',
    color: '#1d3557',
    description: 'Lab-tested staples for serious lifters since 2009.',
  },
  {
    slug: 'apex-labs',
    name: 'Apex Labs',
    color: '#e63946',
    description: 'Clinically dosed formulas with nothing to hide.',
  },
  {
    slug: 'northern-forge',
    name: 'Northern Forge',
    color: '#2a9d8f',
    description: 'Made in Canada, tested for banned substances.',
  },
  {
    slug: 'titan-performance',
    name: 'Titan Performance',
    color: '#f4a261',
    description: 'Performance nutrition for strength athletes.',
  },
  {
    slug: 'purevita',
    name: 'PureVita',
    color: '#8ab17d',
    description: 'Clean-label vitamins and plant proteins.',
  },
  {
    slug: 'kinetic-sports',
    name: 'Kinetic Sports',
    color: '#264653',
    description: 'Endurance fuel for runners, cyclists and triathletes.',
  },
  {
    slug: 'maple-muscle',
    name: 'Maple Muscle',
    color: '#bc4749',
    description: 'Canadian-made protein with a sweet tooth.',
  },
  {
    slug: 'summit-supplements',
    name: 'Summit Supplements',
    color: '#457b9d',
    description: 'Peak-quality supplements at honest prices.',
  },
  {
    slug: 'vanguard-nutrition',
    name: 'Vanguard Nutrition',
    color: '#6d597a',
    description: 'Innovative formulas backed by research.',
  },
  {
    slug: 'blueline-athletics',
    name: 'BlueLine Athletics',
    color: '#0077b6',
    description: 'Built for hockey players and team-sport athletes.',
  },
  {
    slug: 'evolve-plant-power',
    name: 'Evolve Plant Power',
    color: '#588157',
    description: 'Vegan performance nutrition that tastes great.',
  },
  {
    slug: 'raw-origin',
    name: 'Raw Origin',
    color: '#b08968',
    description: 'Single-ingredient, unflavored, third-party tested.',
  },
  {
    slug: 'stormfront-labs',
    name: 'Stormfront Labs',
    color: '#3a0ca3',
    description: 'High-stimulant pre-workouts for experienced users.',
  },
  {
    slug: 'granite-nutrition',
    name: 'Granite Nutrition',
    color: '#6c757d',
    description: 'No-nonsense basics in big tubs.',
  },
  {
    slug: 'velocity-fuel',
    name: 'Velocity Fuel',
    color: '#ff6b35',
    description: 'Energy drinks and carbs for fast days.',
  },
  {
    slug: 'olympus-pro',
    name: 'Olympus Pro',
    color: '#c9a227',
    description: 'Premium formulas for competitive athletes.',
  },
  {
    slug: 'nordic-peak',
    name: 'Nordic Peak',
    color: '#4cc9f0',
    description: 'Omega-3 and wellness from cold northern waters.',
  },
  {
    slug: 'bolt-energy',
    name: 'Bolt Energy',
    color: '#ffd60a',
    description: 'Zero-sugar energy with natural caffeine.',
  },
  {
    slug: 'cedar-and-stone',
    name: 'Cedar & Stone',
    color: '#7f5539',
    description: 'Small-batch recovery and joint formulas.',
  },
  {
    slug: 'zenith-health',
    name: 'Zenith Health',
    color: '#9d4edd',
    description: 'Daily wellness for active people.',
  },
  {
    slug: 'primal-fuel',
    name: 'Primal Fuel',
    color: '#d00000',
    description: 'Keto and paleo friendly fuel.',
  },
  {
    slug: 'crest-nutrition',
    name: 'Crest Nutrition',
    color: '#00b4d8',
    description: 'Hydration and electrolytes for every sweat.',
  },
  {
    slug: 'aurora-wellness',
    name: 'Aurora Wellness',
    color: '#ff70a6',
    description: 'Collagen, greens and beauty-from-within.',
  },
  {
    slug: 'rebel-strength',
    name: 'Rebel Strength',
    color: '#222222',
    description: 'Loud flavours, heavy doses.',
  },
];

export interface FlavorSeed {
  slug: string;
  name: string;
  color: string;
}

/** Accented names (Crème Brûlée, Açaí Berry, Piña Colada) let search prove it ignores accents. */
export const FLAVORS: FlavorSeed[] = [
  { slug: 'unflavored', name: 'Unflavored', color: '#e9e4d8' },
  { slug: 'chocolate', name: 'Chocolate', color: '#5d3a1a' },
  { slug: 'double-rich-chocolate', name: 'Double Rich Chocolate', color: '#3e2311' },
  { slug: 'vanilla', name: 'Vanilla', color: '#f3e5ab' },
  { slug: 'french-vanilla', name: 'French Vanilla', color: '#f0d9a0' },
  { slug: 'strawberry', name: 'Strawberry', color: '#e8505b' },
  { slug: 'cookies-and-cream', name: 'Cookies & Cream', color: '#4a4a4a' },
  { slug: 'banana', name: 'Banana', color: '#f7e26b' },
  { slug: 'salted-caramel', name: 'Salted Caramel', color: '#c68642' },
  { slug: 'peanut-butter', name: 'Peanut Butter', color: '#b5804a' },
  { slug: 'mocha', name: 'Mocha', color: '#7b4b2a' },
  { slug: 'mint-chocolate-chip', name: 'Mint Chocolate Chip', color: '#98d7c2' },
  { slug: 'birthday-cake', name: 'Birthday Cake', color: '#f7a8d8' },
  { slug: 'cinnamon-roll', name: 'Cinnamon Roll', color: '#b5651d' },
  { slug: 'creme-brulee', name: 'Crème Brûlée', color: '#e3b869' },
  { slug: 'maple-pecan', name: 'Maple Pecan', color: '#a0522d' },
  { slug: 'matcha-latte', name: 'Matcha Latte', color: '#8db255' },
  { slug: 'iced-coffee', name: 'Iced Coffee', color: '#6f4e37' },
  { slug: 'acai-berry', name: 'Açaí Berry', color: '#5b2a6e' },
  { slug: 'pina-colada', name: 'Piña Colada', color: '#f5e6a8' },
  { slug: 'blue-raspberry', name: 'Blue Raspberry', color: '#1e90ff' },
  { slug: 'fruit-punch', name: 'Fruit Punch', color: '#d62839' },
  { slug: 'watermelon', name: 'Watermelon', color: '#fc6c85' },
  { slug: 'green-apple', name: 'Green Apple', color: '#8dc63f' },
  { slug: 'lemon-lime', name: 'Lemon Lime', color: '#c7e55d' },
  { slug: 'pink-lemonade', name: 'Pink Lemonade', color: '#ff9ecb' },
  { slug: 'mango', name: 'Mango', color: '#ffb347' },
  { slug: 'tropical-punch', name: 'Tropical Punch', color: '#ff7f50' },
  { slug: 'sour-gummy', name: 'Sour Gummy', color: '#a3e635' },
  { slug: 'grape', name: 'Grape', color: '#6f2da8' },
  { slug: 'orange-burst', name: 'Orange Burst', color: '#ff8c00' },
  { slug: 'cherry-limeade', name: 'Cherry Limeade', color: '#c2185b' },
  { slug: 'cola', name: 'Cola', color: '#4b2e20' },
  { slug: 'peach-mango', name: 'Peach Mango', color: '#ffad73' },
  { slug: 'kiwi-strawberry', name: 'Kiwi Strawberry', color: '#b8d86b' },
];

export const SWEET = [
  'chocolate',
  'double-rich-chocolate',
  'vanilla',
  'french-vanilla',
  'strawberry',
  'cookies-and-cream',
  'banana',
  'salted-caramel',
  'peanut-butter',
  'mocha',
  'mint-chocolate-chip',
  'birthday-cake',
  'cinnamon-roll',
  'creme-brulee',
  'maple-pecan',
  'matcha-latte',
  'iced-coffee',
];
export const FRUITY = [
  'blue-raspberry',
  'fruit-punch',
  'watermelon',
  'green-apple',
  'lemon-lime',
  'pink-lemonade',
  'mango',
  'tropical-punch',
  'sour-gummy',
  'grape',
  'orange-burst',
  'cherry-limeade',
  'acai-berry',
  'pina-colada',
  'peach-mango',
  'kiwi-strawberry',
];
const DRINKS = [
  'cola',
  'blue-raspberry',
  'tropical-punch',
  'orange-burst',
  'cherry-limeade',
  'peach-mango',
  'lemon-lime',
  'acai-berry',
  'iced-coffee',
];
const UNFLAVORED = ['unflavored'];

export interface SizeSeed {
  label: string;
  /** Price of this size in cents before brand and product jitter. */
  price: number;
  /** Short code used in SKUs. */
  code: string;
}

export interface ProductFamily {
  key: string;
  /** Product names of this family; a line word may be put in front to vary them. */
  names: string[];
  categories: string[];
  flavors: string[];
  sizes: SizeSeed[];
  /** How often this family is picked relative to the others. */
  weight: number;
  tags: string[];
  pitch: string;
  nutrition: NutritionFacts;
}

/** A nutrition label from its serving, servings and rows `[name, amount, daily value?]`. */
export const facts = (
  servingSize: string,
  servingsPerContainer: number,
  rows: [string, string, string?][],
): NutritionFacts => ({
  servingSize,
  servingsPerContainer,
  rows: rows.map(([name, amount, dailyValue]) =>
    dailyValue ? { name, amount, dailyValue } : { name, amount },
  ),
});

const powderSizes: SizeSeed[] = [
  { label: '2 lb', price: 4499, code: '2LB' },
  { label: '5 lb', price: 8999, code: '5LB' },
  { label: '10 lb', price: 15999, code: '10LB' },
];
const servingSizes = (base: number): SizeSeed[] => [
  { label: '30 servings', price: base, code: '30SV' },
  { label: '60 servings', price: Math.round(base * 1.8), code: '60SV' },
];
const capsuleSizes = (base: number): SizeSeed[] => [
  { label: '60 capsules', price: base, code: '60CP' },
  { label: '120 capsules', price: Math.round(base * 1.7), code: '120CP' },
  { label: '240 capsules', price: Math.round(base * 3), code: '240CP' },
];

export const PRODUCT_FAMILIES: ProductFamily[] = [
  {
    key: 'whey',
    names: ['Whey Protein', '100% Whey', 'Whey Blend', 'Lean Whey', 'Gold Whey', 'Grass-Fed Whey'],
    categories: ['protein-powder'],
    flavors: SWEET,
    sizes: powderSizes,
    weight: 14,
    tags: ['protein', 'whey', 'muscle-building', 'gluten-free'],
    pitch: 'a smooth whey protein with 24 g of protein per scoop that mixes in seconds',
    nutrition: facts('1 scoop (32 g)', 30, [
      ['Calories', '130'],
      ['Protein', '24 g', '48%'],
      ['Total Carbohydrate', '4 g', '1%'],
      ['Total Fat', '2 g', '3%'],
      ['Sodium', '120 mg', '5%'],
    ]),
  },
  {
    key: 'isolate',
    names: [
      'Whey Protein Isolate',
      'Iso Whey',
      'Isolate Zero',
      'Clear Whey Isolate',
      'Native Whey Isolate',
    ],
    categories: ['protein-powder', 'whey-isolate'],
    flavors: SWEET,
    sizes: powderSizes,
    weight: 10,
    tags: ['protein', 'whey', 'isolate', 'low-lactose', 'low-carb'],
    pitch: 'a cross-flow filtered whey isolate with 27 g of protein and under 1 g of sugar',
    nutrition: facts('1 scoop (30 g)', 33, [
      ['Calories', '110'],
      ['Protein', '27 g', '54%'],
      ['Total Carbohydrate', '1 g', '0%'],
      ['Total Fat', '0.5 g', '1%'],
      ['Sodium', '90 mg', '4%'],
    ]),
  },
  {
    key: 'hydrolyzed',
    names: ['Hydrolyzed Whey', 'Hydro Whey', 'Hydrolized Isolate', 'Peptide Whey'],
    categories: ['protein-powder', 'protein-hydrolized'],
    flavors: SWEET,
    sizes: powderSizes.slice(0, 2),
    weight: 5,
    tags: ['protein', 'whey', 'hydrolyzed', 'fast-absorbing'],
    pitch: 'a hydrolyzed whey that is pre-digested for the fastest absorption after training',
    nutrition: facts('1 scoop (32 g)', 28, [
      ['Calories', '120'],
      ['Protein', '25 g', '50%'],
      ['Total Carbohydrate', '2 g', '1%'],
      ['Total Fat', '1 g', '1%'],
    ]),
  },
  {
    key: 'vegan',
    names: [
      'Vegan Protein',
      'Plant Protein',
      'Pea & Rice Protein',
      'Organic Plant Protein',
      'Hemp Protein',
    ],
    categories: ['protein-vegan', 'protein-powder'],
    flavors: [
      'chocolate',
      'vanilla',
      'salted-caramel',
      'peanut-butter',
      'matcha-latte',
      'acai-berry',
      'unflavored',
      'creme-brulee',
    ],
    sizes: [
      { label: '1 lb', price: 2999, code: '1LB' },
      { label: '2 lb', price: 4999, code: '2LB' },
    ],
    weight: 7,
    tags: ['protein', 'vegan', 'plant-based', 'dairy-free', 'non-gmo'],
    pitch: 'a plant protein from pea and brown rice with a complete amino acid profile',
    nutrition: facts('1 scoop (35 g)', 26, [
      ['Calories', '140'],
      ['Protein', '22 g', '44%'],
      ['Total Carbohydrate', '5 g', '2%'],
      ['Dietary Fibre', '2 g', '7%'],
      ['Iron', '6 mg', '33%'],
    ]),
  },
  {
    key: 'casein',
    names: ['Casein Protein', 'Night Casein', 'Micellar Casein'],
    categories: ['casein-protein', 'protein-powder'],
    flavors: ['chocolate', 'vanilla', 'cookies-and-cream', 'peanut-butter', 'cinnamon-roll'],
    sizes: powderSizes.slice(0, 2),
    weight: 4,
    tags: ['protein', 'casein', 'slow-release', 'night-time'],
    pitch: 'a slow-digesting micellar casein that feeds your muscles through the night',
    nutrition: facts('1 scoop (34 g)', 28, [
      ['Calories', '120'],
      ['Protein', '24 g', '48%'],
      ['Calcium', '600 mg', '46%'],
    ]),
  },
  {
    key: 'preworkout',
    names: [
      'Pre-Workout',
      'Pump Pre-Workout',
      'Stim-Free Pre-Workout',
      'Nitro Pre',
      'Ignite Pre-Workout',
      'Focus Pre',
    ],
    categories: ['pre-workout'],
    flavors: FRUITY,
    sizes: servingSizes(3999),
    weight: 10,
    tags: ['pre-workout', 'energy', 'pump', 'focus'],
    pitch: 'a fully dosed pre-workout with citrulline, beta-alanine and 250 mg of caffeine',
    nutrition: facts('1 scoop (12 g)', 30, [
      ['Calories', '5'],
      ['L-Citrulline', '6 g'],
      ['Beta-Alanine', '3.2 g'],
      ['Caffeine', '250 mg'],
    ]),
  },
  {
    key: 'creatine',
    names: [
      'Creatine Monohydrate',
      'Micronized Creatine',
      'Creatine HCl',
      'Creapure Creatine',
      'Creatine Gummies',
    ],
    categories: ['creatine'],
    flavors: [...UNFLAVORED, 'blue-raspberry', 'fruit-punch', 'watermelon', 'lemon-lime'],
    sizes: [
      { label: '300 g', price: 2999, code: '300G' },
      { label: '500 g', price: 4299, code: '500G' },
      { label: '1 kg', price: 6999, code: '1KG' },
    ],
    weight: 8,
    tags: ['creatine', 'strength', 'power', 'vegan'],
    pitch: 'pure creatine monohydrate, 5 g per serving, for more strength and power',
    nutrition: facts('1 scoop (5 g)', 60, [['Creatine Monohydrate', '5 g']]),
  },
  {
    key: 'energy',
    names: [
      'Energy Drink',
      'Zero Sugar Energy',
      'Focus Energy',
      'Clean Energy',
      'Sparkling Energy',
    ],
    categories: ['energy-drink'],
    flavors: DRINKS,
    sizes: [
      { label: '12 × 355 mL', price: 3299, code: '12PK' },
      { label: '24 × 355 mL', price: 5999, code: '24PK' },
    ],
    weight: 6,
    tags: ['energy', 'caffeine', 'zero-sugar', 'ready-to-drink'],
    pitch: 'a zero-sugar sparkling energy drink with 200 mg of natural caffeine',
    nutrition: facts('1 can (355 mL)', 1, [
      ['Calories', '10'],
      ['Caffeine', '200 mg'],
      ['Sugars', '0 g'],
      ['Vitamin B12', '2.4 µg', '100%'],
    ]),
  },
  {
    key: 'amino',
    names: ['BCAA 2:1:1', 'EAA Complex', 'Amino Recovery', 'Intra-Workout Aminos', 'Amino Energy'],
    categories: ['amino-acids-bcaa-eaa'],
    flavors: FRUITY,
    sizes: servingSizes(2999),
    weight: 7,
    tags: ['amino-acids', 'bcaa', 'eaa', 'recovery'],
    pitch: 'essential and branched-chain amino acids in a 2:1:1 ratio to sip through training',
    nutrition: facts('1 scoop (10 g)', 30, [
      ['L-Leucine', '3 g'],
      ['L-Isoleucine', '1.5 g'],
      ['L-Valine', '1.5 g'],
      ['Electrolytes', '500 mg'],
    ]),
  },
  {
    key: 'postworkout',
    names: ['Post-Workout Recovery', 'Recovery Matrix', 'Rebuild Post-Workout'],
    categories: ['post-workout'],
    flavors: [...FRUITY.slice(0, 6), 'chocolate', 'vanilla'],
    sizes: servingSizes(4499),
    weight: 4,
    tags: ['post-workout', 'recovery', 'carbs', 'protein'],
    pitch: 'a recovery shake with fast carbs, protein and glutamine for after training',
    nutrition: facts('1 scoop (45 g)', 20, [
      ['Calories', '170'],
      ['Protein', '15 g', '30%'],
      ['Total Carbohydrate', '25 g', '9%'],
      ['L-Glutamine', '5 g'],
    ]),
  },
  {
    key: 'joint',
    names: ['Joint Support', 'Glucosamine & Chondroitin', 'Joint Flex', 'Turmeric Joint Complex'],
    categories: ['joint-health'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(2499),
    weight: 5,
    tags: ['joint-health', 'glucosamine', 'mobility'],
    pitch: 'glucosamine, chondroitin and MSM to keep your joints moving',
    nutrition: facts('3 capsules', 30, [
      ['Glucosamine Sulfate', '1500 mg'],
      ['Chondroitin Sulfate', '1200 mg'],
      ['MSM', '500 mg'],
    ]),
  },
  {
    key: 'fatburner',
    names: ['Thermo Fat Burner', 'Shred Matrix', 'L-Carnitine', 'CLA 1000', 'Stim-Free Burn'],
    categories: ['fat-burner'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(3499),
    weight: 5,
    tags: ['fat-burner', 'weight-loss', 'thermogenic'],
    pitch: 'a thermogenic with green tea extract and L-carnitine to support a cut',
    nutrition: facts('2 capsules', 30, [
      ['Green Tea Extract', '500 mg'],
      ['L-Carnitine Tartrate', '1000 mg'],
      ['Caffeine', '150 mg'],
    ]),
  },
  {
    key: 'carbs',
    names: ['Cyclic Dextrin', 'Carb Fuel', 'Highly Branched Carbs', 'Oat Carbs', 'Endurance Carbs'],
    categories: ['carbs'],
    flavors: [...UNFLAVORED, 'lemon-lime', 'orange-burst', 'tropical-punch', 'cherry-limeade'],
    sizes: [
      { label: '1 kg', price: 3499, code: '1KG' },
      { label: '2 kg', price: 5999, code: '2KG' },
    ],
    weight: 4,
    tags: ['carbs', 'endurance', 'energy', 'intra-workout'],
    pitch: 'fast-absorbing cluster dextrin carbohydrates to fuel long sessions',
    nutrition: facts('1 scoop (50 g)', 20, [
      ['Calories', '190'],
      ['Total Carbohydrate', '47 g', '17%'],
      ['Sodium', '150 mg', '7%'],
    ]),
  },
  {
    key: 'gainer',
    names: ['Mass Gainer', 'Serious Mass', 'Lean Gainer', 'Bulk Gainer'],
    categories: ['weight-gainers', 'carbs'],
    flavors: ['chocolate', 'vanilla', 'strawberry', 'cookies-and-cream', 'banana', 'peanut-butter'],
    sizes: [
      { label: '6 lb', price: 5999, code: '6LB' },
      { label: '12 lb', price: 9999, code: '12LB' },
    ],
    weight: 4,
    tags: ['weight-gainer', 'mass', 'calories', 'carbs'],
    pitch: 'a mass gainer with 1,250 calories and 50 g of protein per serving',
    nutrition: facts('4 scoops (334 g)', 8, [
      ['Calories', '1250'],
      ['Protein', '50 g', '100%'],
      ['Total Carbohydrate', '252 g', '92%'],
    ]),
  },
  {
    key: 'multivitamin',
    names: ["Men's Multivitamin", "Women's Multivitamin", 'Daily Multi', 'Sport Multivitamin'],
    categories: ['multivitamins', 'vitamins'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(1999),
    weight: 4,
    tags: ['vitamins', 'multivitamin', 'wellness'],
    pitch: 'a complete daily multivitamin with chelated minerals',
    nutrition: facts('2 tablets', 30, [
      ['Vitamin A', '900 µg', '100%'],
      ['Vitamin C', '250 mg', '278%'],
      ['Vitamin D3', '50 µg', '250%'],
      ['Zinc', '15 mg', '136%'],
    ]),
  },
  {
    key: 'vitamin',
    names: ['Vitamin D3 + K2', 'Vitamin C 1000', 'B-Complex', 'Magnesium Glycinate'],
    categories: ['vitamins'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(1499),
    weight: 3,
    tags: ['vitamins', 'immune-support', 'wellness'],
    pitch: 'a single-nutrient formula to fill the gaps in your diet',
    nutrition: facts('1 capsule', 60, [
      ['Vitamin D3', '25 µg', '125%'],
      ['Vitamin K2', '100 µg', '83%'],
    ]),
  },
  {
    key: 'greens',
    names: ['Super Greens', 'Daily Greens', 'Greens + Reds'],
    categories: ['greens'],
    flavors: ['unflavored', 'green-apple', 'lemon-lime', 'mango', 'acai-berry'],
    sizes: servingSizes(3999),
    weight: 3,
    tags: ['greens', 'superfood', 'vegan', 'wellness'],
    pitch: '40 superfoods, probiotics and digestive enzymes in one scoop',
    nutrition: facts('1 scoop (10 g)', 30, [
      ['Calories', '35'],
      ['Dietary Fibre', '2 g', '7%'],
      ['Spirulina', '1 g'],
    ]),
  },
  {
    key: 'omega',
    names: ['Omega-3 Fish Oil', 'Triple Strength Omega', 'Algae Omega-3'],
    categories: ['omega-3'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(2299),
    weight: 3,
    tags: ['omega-3', 'fish-oil', 'heart-health'],
    pitch: 'molecularly distilled fish oil with 1,000 mg of EPA and DHA per serving',
    nutrition: facts('2 softgels', 60, [
      ['EPA', '650 mg'],
      ['DHA', '450 mg'],
    ]),
  },
  {
    key: 'testo',
    names: ['Test Booster', 'Tribulus Complex', 'Testo Support'],
    categories: ['testosterone-support'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(3999),
    weight: 2,
    tags: ['testosterone', 'mens-health', 'zinc'],
    pitch: 'zinc, vitamin D, ashwagandha and fenugreek for healthy testosterone levels',
    nutrition: facts('4 capsules', 30, [
      ['Ashwagandha', '600 mg'],
      ['Fenugreek', '500 mg'],
      ['Zinc', '30 mg', '273%'],
    ]),
  },
  {
    key: 'electrolytes',
    names: ['Electrolyte Hydration', 'Hydration Mix', 'Electrolyte Sticks'],
    categories: ['electrolytes', 'hydration'],
    flavors: FRUITY.slice(0, 10),
    sizes: servingSizes(2499),
    weight: 3,
    tags: ['electrolytes', 'hydration', 'sugar-free'],
    pitch: 'a sugar-free electrolyte mix with 1,000 mg of sodium for salty sweaters',
    nutrition: facts('1 stick (6 g)', 30, [
      ['Sodium', '1000 mg', '43%'],
      ['Potassium', '200 mg', '4%'],
      ['Magnesium', '60 mg', '14%'],
    ]),
  },
  {
    key: 'collagen',
    names: ['Collagen Peptides', 'Marine Collagen', 'Collagen Joint Complex'],
    categories: ['collagen', 'joint-health'],
    flavors: ['unflavored', 'vanilla', 'chocolate', 'strawberry', 'pina-colada'],
    sizes: [
      { label: '300 g', price: 3499, code: '300G' },
      { label: '600 g', price: 5999, code: '600G' },
    ],
    weight: 3,
    tags: ['collagen', 'joint-health', 'skin', 'hair'],
    pitch: 'grass-fed collagen peptides types I and III for skin, hair and joints',
    nutrition: facts('1 scoop (11 g)', 27, [
      ['Calories', '40'],
      ['Protein', '10 g', '20%'],
      ['Collagen Peptides', '10 g'],
    ]),
  },
  {
    key: 'sleep',
    names: ['ZMA Sleep', 'Night Recovery', 'Magnesium Sleep'],
    categories: ['sleep-support', 'zinc-magnesium'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(1999),
    weight: 2,
    tags: ['sleep', 'recovery', 'zma', 'magnesium'],
    pitch: 'zinc, magnesium and B6 to support deep sleep and recovery',
    nutrition: facts('3 capsules', 30, [
      ['Zinc', '30 mg', '273%'],
      ['Magnesium', '450 mg', '107%'],
      ['Vitamin B6', '10.5 mg', '618%'],
    ]),
  },
  {
    key: 'bars',
    names: ['Protein Bar', 'Crispy Protein Bar', 'Low Sugar Protein Bar'],
    categories: ['protein-bars'],
    flavors: [
      'chocolate',
      'peanut-butter',
      'cookies-and-cream',
      'salted-caramel',
      'birthday-cake',
      'mint-chocolate-chip',
    ],
    sizes: [
      { label: '12 bars', price: 3299, code: '12BR' },
      { label: '24 bars', price: 5999, code: '24BR' },
    ],
    weight: 3,
    tags: ['protein-bar', 'snack', 'on-the-go'],
    pitch: 'a chewy protein bar with 20 g of protein and only 1 g of sugar',
    nutrition: facts('1 bar (60 g)', 12, [
      ['Calories', '210'],
      ['Protein', '20 g', '40%'],
      ['Sugars', '1 g'],
      ['Dietary Fibre', '14 g', '50%'],
    ]),
  },
  {
    key: 'betaalanine',
    names: ['Beta-Alanine', 'CarnoSyn Beta-Alanine'],
    categories: ['beta-alanine', 'pre-workout'],
    flavors: [...UNFLAVORED, 'blue-raspberry', 'fruit-punch'],
    sizes: servingSizes(2499),
    weight: 2,
    tags: ['beta-alanine', 'endurance', 'pre-workout'],
    pitch: '3.2 g of beta-alanine per serving to push through the last reps',
    nutrition: facts('1 scoop (3.2 g)', 60, [['Beta-Alanine', '3.2 g']]),
  },
  {
    key: 'glutamine',
    names: ['L-Glutamine', 'Glutamine Powder'],
    categories: ['glutamine', 'amino-acids-bcaa-eaa'],
    flavors: UNFLAVORED,
    sizes: [
      { label: '300 g', price: 2499, code: '300G' },
      { label: '1 kg', price: 5499, code: '1KG' },
    ],
    weight: 2,
    tags: ['glutamine', 'recovery', 'gut-health'],
    pitch: 'pure fermented L-glutamine for recovery and gut health',
    nutrition: facts('1 scoop (5 g)', 60, [['L-Glutamine', '5 g']]),
  },
  {
    key: 'nootropic',
    names: ['Focus Nootropic', 'Brain Fuel', 'Alpha Focus'],
    categories: ['nootropics'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(3999),
    weight: 2,
    tags: ['nootropic', 'focus', 'cognition'],
    pitch: "L-theanine, citicoline and lion's mane for calm focus",
    nutrition: facts('2 capsules', 30, [
      ['Citicoline', '250 mg'],
      ['L-Theanine', '200 mg'],
      ["Lion's Mane", '500 mg'],
    ]),
  },
  {
    key: 'digestive',
    names: ['Digestive Enzymes', 'Probiotic 50B', 'Gut Health Complex'],
    categories: ['digestive-health'],
    flavors: UNFLAVORED,
    sizes: capsuleSizes(2999),
    weight: 2,
    tags: ['digestive-health', 'probiotic', 'enzymes'],
    pitch: 'a broad-spectrum enzyme blend with 50 billion probiotic cultures',
    nutrition: facts('1 capsule', 60, [
      ['Probiotic Blend', '50 billion CFU'],
      ['Enzyme Blend', '250 mg'],
    ]),
  },
  {
    key: 'keto',
    names: ['MCT Oil Powder', 'Keto Creamer', 'Exogenous Ketones'],
    categories: ['keto'],
    flavors: ['unflavored', 'vanilla', 'salted-caramel', 'iced-coffee'],
    sizes: [
      { label: '300 g', price: 3299, code: '300G' },
      { label: '600 g', price: 5499, code: '600G' },
    ],
    weight: 2,
    tags: ['keto', 'mct', 'low-carb', 'energy'],
    pitch: 'MCT oil powder from coconuts for clean keto energy',
    nutrition: facts('1 scoop (10 g)', 30, [
      ['Calories', '70'],
      ['Total Fat', '7 g', '9%'],
      ['MCT', '7 g'],
    ]),
  },
];

/** Words put in front of a family name to make product lines, e.g. "Elite Whey Protein". */
export const LINE_WORDS = [
  'Elite',
  'Pro',
  'Gold',
  'Platinum',
  'Advanced',
  'Ultra',
  'Pure',
  'Max',
  'Core',
  'Prime',
  'Select',
  'Signature',
  'Performance',
  'Clinical',
  'Natural',
  'Extreme',
  'Essential',
  'Premium',
  'Nitro',
  'Titanium',
];

export interface FixedProduct {
  slug: string;
  name: string;
  brand: string;
  family: string;
  flavors: string[];
  /** 'sale': every variant has a compare-at price; 'soldout': every variant has stock 0. */
  mode?: 'sale' | 'soldout';
}

/**
 * Products every seed contains, first and unchanged whatever the product count, so tests and
 * demos can rely on them. All are in stock with several variants unless their mode says
 * otherwise:
 * - whey-protein-isolate: 'Whey Protein Isolate' by Ironclad Nutrition (protein-powder,
 *   whey-isolate), flavors include Crème Brûlée; sizes 2 lb / 5 lb / 10 lb.
 * - creatine-monohydrate: 'Creatine Monohydrate' by Raw Origin (creatine), unflavored.
 * - vegan-protein-blend: 'Vegan Protein Blend' by Evolve Plant Power (protein-vegan), with Açaí Berry.
 * - ignite-pre-workout: 'Ignite Pre-Workout' by Stormfront Labs (pre-workout), with Piña Colada.
 * - hydrolyzed-whey-protein: 'Hydrolyzed Whey Protein' by Olympus Pro (protein-hydrolized).
 * - bcaa-recovery: 'BCAA Recovery' by Kinetic Sports (amino-acids-bcaa-eaa).
 * - volt-energy-drink: 'Volt Energy Drink' by Bolt Energy (energy-drink).
 * - thermo-shred: 'Thermo Shred' by Apex Labs (fat-burner).
 * - cyclic-dextrin-carbs: 'Cyclic Dextrin Carbs' by Velocity Fuel (carbs).
 * - recovery-post-workout: 'Recovery Post-Workout' by Titan Performance (post-workout).
 * - glucosamine-joint-complex: 'Glucosamine Joint Complex' by Cedar & Stone (joint-health):
 *   SOLD OUT, every variant has stock 0.
 * - serious-mass-gainer: 'Serious Mass Gainer' by Granite Nutrition (weight-gainers, carbs):
 *   ON SALE, every variant has a compare-at price above its price.
 */
export const FIXED_PRODUCTS: FixedProduct[] = [
  {
    slug: 'whey-protein-isolate',
    name: 'Whey Protein Isolate',
    brand: 'ironclad-nutrition',
    family: 'isolate',
    flavors: ['chocolate', 'vanilla', 'creme-brulee', 'strawberry'],
  },
  {
    slug: 'creatine-monohydrate',
    name: 'Creatine Monohydrate',
    brand: 'raw-origin',
    family: 'creatine',
    flavors: ['unflavored'],
  },
  {
    slug: 'vegan-protein-blend',
    name: 'Vegan Protein Blend',
    brand: 'evolve-plant-power',
    family: 'vegan',
    flavors: ['chocolate', 'vanilla', 'acai-berry'],
  },
  {
    slug: 'ignite-pre-workout',
    name: 'Ignite Pre-Workout',
    brand: 'stormfront-labs',
    family: 'preworkout',
    flavors: ['blue-raspberry', 'fruit-punch', 'pina-colada'],
  },
  {
    slug: 'hydrolyzed-whey-protein',
    name: 'Hydrolyzed Whey Protein',
    brand: 'olympus-pro',
    family: 'hydrolyzed',
    flavors: ['chocolate', 'vanilla'],
  },
  {
    slug: 'bcaa-recovery',
    name: 'BCAA Recovery',
    brand: 'kinetic-sports',
    family: 'amino',
    flavors: ['watermelon', 'green-apple', 'mango'],
  },
  {
    slug: 'volt-energy-drink',
    name: 'Volt Energy Drink',
    brand: 'bolt-energy',
    family: 'energy',
    flavors: ['cola', 'blue-raspberry'],
  },
  {
    slug: 'thermo-shred',
    name: 'Thermo Shred',
    brand: 'apex-labs',
    family: 'fatburner',
    flavors: ['unflavored'],
  },
  {
    slug: 'cyclic-dextrin-carbs',
    name: 'Cyclic Dextrin Carbs',
    brand: 'velocity-fuel',
    family: 'carbs',
    flavors: ['unflavored', 'lemon-lime'],
  },
  {
    slug: 'recovery-post-workout',
    name: 'Recovery Post-Workout',
    brand: 'titan-performance',
    family: 'postworkout',
    flavors: ['chocolate', 'fruit-punch'],
  },
  {
    slug: 'glucosamine-joint-complex',
    name: 'Glucosamine Joint Complex',
    brand: 'cedar-and-stone',
    family: 'joint',
    flavors: ['unflavored'],
    mode: 'soldout',
  },
  {
    slug: 'serious-mass-gainer',
    name: 'Serious Mass Gainer',
    brand: 'granite-nutrition',
    family: 'gainer',
    flavors: ['chocolate', 'vanilla'],
    mode: 'sale',
  },
];

export const COMMON_TAGS = [
  'gluten-free',
  'non-gmo',
  'informed-sport',
  'made-in-canada',
  'sugar-free',
  'keto-friendly',
  'halal',
  'kosher',
];

/** Who the seed's reviews are signed by: first name and last initial, as real ones show. */
export const REVIEWERS = [
  'Maya C.',
  'Liam T.',
  'Priya S.',
  'Noah B.',
  'Chloé L.',
  'Ethan R.',
  'Aisha K.',
  'Lucas M.',
  'Sofia G.',
  'Owen P.',
  'Hana Y.',
  'Mateo D.',
  'Zoe W.',
  'Gabriel F.',
  'Emma J.',
  'Ravi N.',
];

/** Short review texts by star rating (index 0 is one star): a title and a body each. */
export const REVIEW_PHRASES: readonly (readonly [title: string, body: string][])[] = [
  [
    ['Not for me', 'Clumped in the shaker every time and the taste never grew on me.'],
    ['Disappointed', 'Upset my stomach after a week, so I stopped taking it.'],
  ],
  [
    ['Just okay', 'It does the job, but the flavour is weak and it foams a lot.'],
    ['Hard to finish', 'Mixes poorly in cold water; I ended up using it in smoothies only.'],
  ],
  [
    ['Decent value', 'Nothing special, nothing wrong. Mixes fine and the price is fair.'],
    ['Average', 'Works as described. I would try another flavour before buying again.'],
  ],
  [
    ['Solid choice', 'Mixes easily, tastes good, and I noticed better recovery after training.'],
    ['Would buy again', 'Good flavour and no bloating. Shipping was quick too.'],
    ['Good everyday pick', 'Part of my routine now. A little sweet for my taste, otherwise great.'],
  ],
  [
    [
      'Excellent',
      'Best one I have tried: smooth, not chalky, and it keeps me going through long sessions.',
    ],
    ['Love it', 'Great taste with water or milk, and it sits well after a hard workout.'],
    ['Five stars', 'Clean ingredients, clear label, and results I can feel. Already reordered.'],
  ],
];
