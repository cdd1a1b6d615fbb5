/**
 * The French (fr-CA) text of the seed catalog: what `seed-data.ts` and the description templates
 * of `seed.ts` say in English, by slug or key. Brand and product names are trade names and stay
 * as they are.
 */
import type { NutritionFacts } from '../modules/catalog/tables.ts';
import { facts } from './seed-data.ts';

/** French name and description of every category, by category slug (every slug of CATEGORIES). */
export const CATEGORIES_FR: Record<string, { name: string; description: string }> = {
  'protein-powder': {
    name: 'Protéines en poudre',
    description:
      'Protéine de lactosérum (whey), caséine et mélanges pour atteindre votre apport quotidien en protéines.',
  },
  'pre-workout': {
    name: 'Pré-entraînement',
    description: 'Énergie, concentration et congestion musculaire avant l’entraînement.',
  },
  creatine: {
    name: 'Créatine',
    description: 'Le supplément le plus étudié pour la force et la puissance.',
  },
  'energy-drink': {
    name: 'Boissons énergisantes',
    description: 'De l’énergie prête à boire, avec ou sans sucre.',
  },
  'amino-acids-bcaa-eaa': {
    name: 'Acides aminés (BCAA/EAA)',
    description:
      'Acides aminés à chaîne ramifiée et acides aminés essentiels pour l’entraînement et la récupération.',
  },
  'post-workout': {
    name: 'Post-entraînement',
    description: 'Refaites le plein et récupérez après vos séances les plus exigeantes.',
  },
  'protein-vegan': {
    name: 'Protéines véganes',
    description: 'Protéines végétales de pois, de riz, de chanvre et de soya.',
  },
  'protein-hydrolized': {
    name: 'Protéines hydrolysées',
    description: 'Protéines hydrolysées, prédigérées pour une absorption des plus rapides.',
  },
  'joint-health': {
    name: 'Santé articulaire',
    description:
      'Glucosamine, collagène et plus encore pour des articulations qui suivent le rythme.',
  },
  'fat-burner': {
    name: 'Brûleurs de graisse',
    description:
      'Thermogéniques et formules sans stimulants pour soutenir votre période de définition.',
  },
  carbs: {
    name: 'Glucides',
    description: 'Glucides rapides et lents pour alimenter les longues séances.',
  },
  'beta-alanine': {
    name: 'Bêta-alanine',
    description: 'Freine l’accumulation d’acide pour quelques répétitions de plus en fin de série.',
  },
  'casein-protein': {
    name: 'Protéine de caséine',
    description: 'Une protéine à digestion lente pour les longues heures entre les repas.',
  },
  collagen: {
    name: 'Collagène',
    description:
      'Peptides de collagène pour la peau, les cheveux, les tendons et les articulations.',
  },
  'digestive-health': {
    name: 'Santé digestive',
    description: 'Enzymes et probiotiques pour un système digestif en pleine forme.',
  },
  electrolytes: {
    name: 'Électrolytes',
    description: 'Sodium, potassium et magnésium pour remplacer ce que vous perdez en transpirant.',
  },
  glutamine: {
    name: 'Glutamine',
    description: 'L-glutamine pour la récupération et la santé intestinale.',
  },
  greens: {
    name: 'Superaliments verts',
    description: 'Poudres de superaliments riches en légumes, en fruits et en fibres.',
  },
  hydration: {
    name: 'Hydratation',
    description: 'Préparations pour boissons qui vous aident à rester bien hydraté.',
  },
  keto: {
    name: 'Céto',
    description: 'Huile MCT, cétones et carburant faible en glucides.',
  },
  multivitamins: {
    name: 'Multivitamines',
    description: 'Vitamines et minéraux essentiels au quotidien, en une seule portion.',
  },
  nootropics: {
    name: 'Nootropiques',
    description: 'Concentration et fonctions cognitives, sans baisse d’énergie.',
  },
  'omega-3': {
    name: 'Oméga-3',
    description: 'Huiles de poisson et d’algues riches en EPA et en DHA.',
  },
  'protein-bars': {
    name: 'Barres protéinées',
    description: 'Collations riches en protéines à emporter partout.',
  },
  'sleep-support': {
    name: 'Sommeil',
    description: 'ZMA, magnésium et plantes apaisantes pour un sommeil plus profond.',
  },
  'testosterone-support': {
    name: 'Soutien de la testostérone',
    description: 'Zinc, vitamine D et plantes pour soutenir la santé masculine.',
  },
  vitamins: {
    name: 'Vitamines',
    description: 'Vitamines et minéraux à l’unité, de la D3 à la B12.',
  },
  'weight-gainers': {
    name: 'Prise de masse',
    description: 'Préparations hypercaloriques pour ceux qui ont du mal à prendre du poids.',
  },
  'whey-isolate': {
    name: 'Isolat de lactosérum',
    description: 'Lactosérum (whey) filtré : plus de protéines, moins de lactose.',
  },
  'zinc-magnesium': {
    name: 'Zinc et magnésium',
    description: 'ZMA et minéraux pour la récupération et le sommeil.',
  },
};

/** French description of every brand, by brand slug (brand names are trade names, kept). */
export const BRANDS_FR: Record<string, { description: string }> = {
  'ironclad-nutrition': {
    description:
      'Des incontournables testés en laboratoire pour les adeptes de musculation sérieux depuis 2009.',
  },
  'apex-labs': { description: 'Des formules aux doses cliniques, sans rien à cacher.' },
  'northern-forge': {
    description: 'Fabriqué au Canada, testé pour les substances interdites.',
  },
  'titan-performance': { description: 'La nutrition sportive des athlètes de force.' },
  purevita: { description: 'Des vitamines et des protéines végétales à l’étiquette épurée.' },
  'kinetic-sports': {
    description: 'Du carburant d’endurance pour les coureurs, les cyclistes et les triathloniens.',
  },
  'maple-muscle': {
    description: 'Des protéines fabriquées au Canada, pour ceux qui ont la dent sucrée.',
  },
  'summit-supplements': {
    description: 'Des suppléments de qualité supérieure à prix honnêtes.',
  },
  'vanguard-nutrition': { description: 'Des formules innovantes appuyées par la recherche.' },
  'blueline-athletics': {
    description: 'Conçu pour les joueurs de hockey et les athlètes de sports d’équipe.',
  },
  'evolve-plant-power': {
    description: 'Une nutrition sportive végane qui goûte vraiment bon.',
  },
  'raw-origin': {
    description: 'Un seul ingrédient, sans saveur, testé par un laboratoire tiers.',
  },
  'stormfront-labs': {
    description: 'Des pré-entraînements riches en stimulants pour les utilisateurs expérimentés.',
  },
  'granite-nutrition': { description: 'Des essentiels sans chichi, en grands formats.' },
  'velocity-fuel': {
    description: 'Boissons énergisantes et glucides pour les journées à toute vitesse.',
  },
  'olympus-pro': { description: 'Des formules haut de gamme pour les athlètes de compétition.' },
  'nordic-peak': { description: 'Oméga-3 et bien-être venus des eaux froides du Nord.' },
  'bolt-energy': { description: 'De l’énergie sans sucre, à la caféine naturelle.' },
  'cedar-and-stone': {
    description: 'Des formules de récupération et pour les articulations, en petits lots.',
  },
  'zenith-health': { description: 'Le bien-être au quotidien pour les gens actifs.' },
  'primal-fuel': { description: 'Du carburant compatible avec les régimes céto et paléo.' },
  'crest-nutrition': {
    description: 'Hydratation et électrolytes, pour chaque goutte de sueur.',
  },
  'aurora-wellness': {
    description: 'Collagène, superaliments verts et beauté de l’intérieur.',
  },
  'rebel-strength': { description: 'Des saveurs audacieuses, des doses costaudes.' },
};

/** French name of every flavor, by flavor slug (e.g. vanilla → 'Vanille', cookies-and-cream → 'Biscuits et crème', unflavored → 'Sans saveur', creme-brulee → 'Crème brûlée', acai-berry → 'Baies d’açaí', pina-colada → 'Piña colada'). */
export const FLAVORS_FR: Record<string, string> = {
  unflavored: 'Sans saveur',
  chocolate: 'Chocolat',
  'double-rich-chocolate': 'Chocolat double intensité',
  vanilla: 'Vanille',
  'french-vanilla': 'Vanille française',
  strawberry: 'Fraise',
  'cookies-and-cream': 'Biscuits et crème',
  banana: 'Banane',
  'salted-caramel': 'Caramel salé',
  'peanut-butter': 'Beurre d’arachide',
  mocha: 'Moka',
  'mint-chocolate-chip': 'Menthe et brisures de chocolat',
  'birthday-cake': 'Gâteau de fête',
  'cinnamon-roll': 'Roulé à la cannelle',
  'creme-brulee': 'Crème brûlée',
  'maple-pecan': 'Érable et pacanes',
  'matcha-latte': 'Latte matcha',
  'iced-coffee': 'Café glacé',
  'acai-berry': 'Baies d’açaí',
  'pina-colada': 'Piña colada',
  'blue-raspberry': 'Framboise bleue',
  'fruit-punch': 'Punch aux fruits',
  watermelon: 'Melon d’eau',
  'green-apple': 'Pomme verte',
  'lemon-lime': 'Citron-lime',
  'pink-lemonade': 'Limonade rose',
  mango: 'Mangue',
  'tropical-punch': 'Punch tropical',
  'sour-gummy': 'Bonbons surs',
  grape: 'Raisin',
  'orange-burst': 'Éclat d’orange',
  'cherry-limeade': 'Limonade cerise-lime',
  cola: 'Cola',
  'peach-mango': 'Pêche-mangue',
  'kiwi-strawberry': 'Kiwi-fraise',
};

/** A flavor's French description by its kind, as seed.ts writes the English one. */
export function flavorDescriptionFr(kind: 'sweet' | 'fruity' | 'plain', name: string): string {
  switch (kind) {
    case 'sweet':
      return `${name} : une saveur riche, façon dessert, délicieuse avec du lait ou de l’eau.`;
    case 'fruity':
      return `${name} : une saveur vive et rafraîchissante pour vos boissons et vos pré-entraînements.`;
    case 'plain':
      return `${name} : aucun arôme ajouté, pour un mélange discret dans tout ce que vous préparez.`;
  }
}

/** French pitch and nutrition label of every product family, by family key (every key of PRODUCT_FAMILIES). */
export const FAMILIES_FR: Record<string, { pitch: string; nutrition: NutritionFacts }> = {
  // Every pitch is a singular noun phrase (« une protéine… »), a partitive one (« de la
  // créatine… ») or a quantity (« 3,2 g de… »), so it reads after each of OPENERS_FR.
  whey: {
    pitch:
      'une protéine de lactosérum (whey) onctueuse, 24 g de protéines par mesure, qui se mélange en quelques secondes',
    nutrition: facts('1 mesure (32 g)', 30, [
      ['Calories', '130'],
      ['Protéines', '24 g', '48 %'],
      ['Glucides', '4 g', '1 %'],
      ['Lipides', '2 g', '3 %'],
      ['Sodium', '120 mg', '5 %'],
    ]),
  },
  isolate: {
    pitch:
      'un isolat de protéine de lactosérum (whey) filtré par flux croisé, avec 27 g de protéines et moins de 1 g de sucre',
    nutrition: facts('1 mesure (30 g)', 33, [
      ['Calories', '110'],
      ['Protéines', '27 g', '54 %'],
      ['Glucides', '1 g', '0 %'],
      ['Lipides', '0,5 g', '1 %'],
      ['Sodium', '90 mg', '4 %'],
    ]),
  },
  hydrolyzed: {
    pitch:
      'une protéine de lactosérum (whey) hydrolysée, prédigérée pour une absorption des plus rapides après l’entraînement',
    nutrition: facts('1 mesure (32 g)', 28, [
      ['Calories', '120'],
      ['Protéines', '25 g', '50 %'],
      ['Glucides', '2 g', '1 %'],
      ['Lipides', '1 g', '1 %'],
    ]),
  },
  vegan: {
    pitch: 'une protéine végétale de pois et de riz brun au profil complet en acides aminés',
    nutrition: facts('1 mesure (35 g)', 26, [
      ['Calories', '140'],
      ['Protéines', '22 g', '44 %'],
      ['Glucides', '5 g', '2 %'],
      ['Fibres', '2 g', '7 %'],
      ['Fer', '6 mg', '33 %'],
    ]),
  },
  casein: {
    pitch:
      'une protéine de caséine micellaire à digestion lente qui nourrit vos muscles toute la nuit',
    nutrition: facts('1 mesure (34 g)', 28, [
      ['Calories', '120'],
      ['Protéines', '24 g', '48 %'],
      ['Calcium', '600 mg', '46 %'],
    ]),
  },
  preworkout: {
    pitch:
      'un pré-entraînement pleinement dosé, avec citrulline, bêta-alanine et 250 mg de caféine',
    nutrition: facts('1 mesure (12 g)', 30, [
      ['Calories', '5'],
      ['L-citrulline', '6 g'],
      ['Bêta-alanine', '3,2 g'],
      ['Caféine', '250 mg'],
    ]),
  },
  creatine: {
    pitch: 'de la créatine monohydratée pure, 5 g par portion, pour plus de force et de puissance',
    nutrition: facts('1 mesure (5 g)', 60, [['Créatine monohydratée', '5 g']]),
  },
  energy: {
    pitch: 'une boisson énergisante pétillante sans sucre, avec 200 mg de caféine naturelle',
    nutrition: facts('1 canette (355 mL)', 1, [
      ['Calories', '10'],
      ['Caféine', '200 mg'],
      ['Sucres', '0 g'],
      ['Vitamine B12', '2,4 µg', '100 %'],
    ]),
  },
  amino: {
    pitch:
      'un mélange d’acides aminés essentiels et à chaîne ramifiée, dans un ratio 2:1:1, à siroter pendant l’entraînement',
    nutrition: facts('1 mesure (10 g)', 30, [
      ['L-leucine', '3 g'],
      ['L-isoleucine', '1,5 g'],
      ['L-valine', '1,5 g'],
      ['Électrolytes', '500 mg'],
    ]),
  },
  postworkout: {
    pitch:
      'une boisson de récupération avec glucides rapides, protéines et glutamine pour l’après-entraînement',
    nutrition: facts('1 mesure (45 g)', 20, [
      ['Calories', '170'],
      ['Protéines', '15 g', '30 %'],
      ['Glucides', '25 g', '9 %'],
      ['L-glutamine', '5 g'],
    ]),
  },
  joint: {
    pitch:
      'de la glucosamine, de la chondroïtine et du MSM pour garder vos articulations en mouvement',
    nutrition: facts('3 capsules', 30, [
      ['Sulfate de glucosamine', '1500 mg'],
      ['Sulfate de chondroïtine', '1200 mg'],
      ['MSM', '500 mg'],
    ]),
  },
  fatburner: {
    pitch:
      'un thermogénique à l’extrait de thé vert et à la L-carnitine pour soutenir votre période de définition',
    nutrition: facts('2 capsules', 30, [
      ['Extrait de thé vert', '500 mg'],
      ['Tartrate de L-carnitine', '1000 mg'],
      ['Caféine', '150 mg'],
    ]),
  },
  carbs: {
    pitch:
      'un mélange de glucides à absorption rapide, à base de dextrine cyclique, pour alimenter les longues séances',
    nutrition: facts('1 mesure (50 g)', 20, [
      ['Calories', '190'],
      ['Glucides', '47 g', '17 %'],
      ['Sodium', '150 mg', '7 %'],
    ]),
  },
  gainer: {
    pitch: 'un gainer pour la prise de masse avec 1 250 calories et 50 g de protéines par portion',
    nutrition: facts('4 mesures (334 g)', 8, [
      ['Calories', '1250'],
      ['Protéines', '50 g', '100 %'],
      ['Glucides', '252 g', '92 %'],
    ]),
  },
  multivitamin: {
    pitch: 'une multivitamine quotidienne complète, avec minéraux chélatés',
    nutrition: facts('2 comprimés', 30, [
      ['Vitamine A', '900 µg', '100 %'],
      ['Vitamine C', '250 mg', '278 %'],
      ['Vitamine D3', '50 µg', '250 %'],
      ['Zinc', '15 mg', '136 %'],
    ]),
  },
  vitamin: {
    pitch: 'une formule à nutriment unique pour combler les lacunes de votre alimentation',
    nutrition: facts('1 capsule', 60, [
      ['Vitamine D3', '25 µg', '125 %'],
      ['Vitamine K2', '100 µg', '83 %'],
    ]),
  },
  greens: {
    pitch:
      'un mélange de 40 superaliments, de probiotiques et d’enzymes digestives en une seule mesure',
    nutrition: facts('1 mesure (10 g)', 30, [
      ['Calories', '35'],
      ['Fibres', '2 g', '7 %'],
      ['Spiruline', '1 g'],
    ]),
  },
  omega: {
    pitch:
      'une huile de poisson distillée moléculairement, avec 1 000 mg d’EPA et de DHA par portion',
    nutrition: facts('2 capsules molles', 60, [
      ['EPA', '650 mg'],
      ['DHA', '450 mg'],
    ]),
  },
  testo: {
    pitch:
      'du zinc, de la vitamine D, de l’ashwagandha et du fenugrec pour des taux de testostérone sains',
    nutrition: facts('4 capsules', 30, [
      ['Ashwagandha', '600 mg'],
      ['Fenugrec', '500 mg'],
      ['Zinc', '30 mg', '273 %'],
    ]),
  },
  electrolytes: {
    pitch:
      'un mélange d’électrolytes sans sucre, avec 1 000 mg de sodium pour ceux qui perdent beaucoup de sel en transpirant',
    nutrition: facts('1 sachet (6 g)', 30, [
      ['Sodium', '1000 mg', '43 %'],
      ['Potassium', '200 mg', '4 %'],
      ['Magnésium', '60 mg', '14 %'],
    ]),
  },
  collagen: {
    pitch:
      'un complexe de peptides de collagène de types I et III, issu de bovins nourris à l’herbe, pour la peau, les cheveux et les articulations',
    nutrition: facts('1 mesure (11 g)', 27, [
      ['Calories', '40'],
      ['Protéines', '10 g', '20 %'],
      ['Peptides de collagène', '10 g'],
    ]),
  },
  sleep: {
    pitch:
      'du zinc, du magnésium et de la vitamine B6 pour favoriser un sommeil profond et la récupération',
    nutrition: facts('3 capsules', 30, [
      ['Zinc', '30 mg', '273 %'],
      ['Magnésium', '450 mg', '107 %'],
      ['Vitamine B6', '10,5 mg', '618 %'],
    ]),
  },
  bars: {
    pitch: 'une barre protéinée moelleuse avec 20 g de protéines et seulement 1 g de sucre',
    nutrition: facts('1 barre (60 g)', 12, [
      ['Calories', '210'],
      ['Protéines', '20 g', '40 %'],
      ['Sucres', '1 g'],
      ['Fibres', '14 g', '50 %'],
    ]),
  },
  betaalanine: {
    pitch: '3,2 g de bêta-alanine par portion pour arracher les dernières répétitions',
    nutrition: facts('1 mesure (3,2 g)', 60, [['Bêta-alanine', '3,2 g']]),
  },
  glutamine: {
    pitch:
      'de la L-glutamine pure, obtenue par fermentation, pour la récupération et la santé intestinale',
    nutrition: facts('1 mesure (5 g)', 60, [['L-glutamine', '5 g']]),
  },
  nootropic: {
    pitch:
      'de la L-théanine, de la citicoline et de la crinière de lion pour une concentration calme et soutenue',
    nutrition: facts('2 capsules', 30, [
      ['Citicoline', '250 mg'],
      ['L-théanine', '200 mg'],
      ['Crinière de lion', '500 mg'],
    ]),
  },
  digestive: {
    pitch: 'un mélange d’enzymes à large spectre avec 50 milliards de cultures probiotiques',
    nutrition: facts('1 capsule', 60, [
      ['Mélange probiotique', '50 milliards d’UFC'],
      ['Mélange d’enzymes', '250 mg'],
    ]),
  },
  keto: {
    pitch: 'de la poudre d’huile MCT tirée de la noix de coco pour une énergie céto pure',
    nutrition: facts('1 mesure (10 g)', 30, [
      ['Calories', '70'],
      ['Lipides', '7 g', '9 %'],
      ['MCT', '7 g'],
    ]),
  },
};

/** French size label for every size label used in seed-data.ts ('30 servings' → '30 portions', '2 lb' → '2 lb', '60 capsules' → '60 capsules', …). */
export const SIZE_LABELS_FR: Record<string, string> = {
  '1 lb': '1 lb',
  '2 lb': '2 lb',
  '5 lb': '5 lb',
  '6 lb': '6 lb',
  '10 lb': '10 lb',
  '12 lb': '12 lb',
  '300 g': '300 g',
  '500 g': '500 g',
  '600 g': '600 g',
  '1 kg': '1 kg',
  '2 kg': '2 kg',
  '30 servings': '30 portions',
  '60 servings': '60 portions',
  '60 capsules': '60 capsules',
  '120 capsules': '120 capsules',
  '240 capsules': '240 capsules',
  '12 × 355 mL': '12 × 355 mL',
  '24 × 355 mL': '24 × 355 mL',
  '12 bars': '12 barres',
  '24 bars': '24 barres',
};

/** "de" before a brand name, elided before a vowel (« d’Apex Labs », « de Bolt Energy »). */
const ofBrand = (brandName: string) =>
  /^[aeiouàâäéèêëîïôöùûü]/i.test(brandName) ? `d’${brandName}` : `de ${brandName}`;

/** French openers, in the same order as productDescription's English ones (the same index is picked). */
export const OPENERS_FR: readonly ((brandName: string, name: string, pitch: string) => string)[] = [
  (brandName, name, pitch) => `${brandName} ${name}, c’est ${pitch}.`,
  (brandName, name, pitch) => `Découvrez ${name} ${ofBrand(brandName)} : ${pitch}.`,
  (brandName, name, pitch) => `Avec ${name}, ${brandName} vous propose ${pitch}.`,
];

/** French middle sentences, same order as the English ones. */
export const MIDDLES_FR: readonly string[] = [
  'Chaque lot est analysé par un laboratoire indépendant pour confirmer sa pureté et l’exactitude de son étiquette.',
  'Formulé avec des athlètes et des diététistes-nutritionnistes, sans mélange exclusif.',
  'Fabriqué dans une installation certifiée BPF, avec des doses transparentes et entièrement divulguées.',
  'Les athlètes de compétition comme les sportifs de fin de semaine lui font confiance.',
];

/** The French flavour sentence of a description, as productDescription writes the English one (given French flavor names; unflavored → its own sentence). */
export function flavorLineFr(flavorNames: string[]): string {
  if (flavorNames.length > 1)
    return `Offert aux saveurs ${flavorNames.slice(0, -1).join(', ')} et ${flavorNames.at(-1)}.`;
  return flavorNames[0] === FLAVORS_FR.unflavored
    ? 'Sans saveur, il se fond dans n’importe quelle boisson.'
    : `Offert à la saveur ${flavorNames[0]}.`;
}
