/**
 * Who the shop is on its documents: the seller named on every invoice and order e-mail. A
 * Canadian invoice must carry the seller's GST/HST registration number (and, for sales into
 * Quebec, its QST number) for a business buyer to claim the tax back.
 */
export const SHOP_IDENTITY = {
  legalName: 'Forge Nutrition Inc.',
  tradeName: 'Forge Nutrition',
  address: ['412 King Street West, Unit 3', 'Toronto, Ontario M5V 1K2', 'Canada'],
  email: 'hello@forgenutrition.ca',
  website: 'forgenutrition.ca',
  taxRegistrations: [
    {
      label: 'GST/HST registration no.',
      frenchLabel: 'N° d’inscription à la TPS/TVH',
      number: '78214 5609 RT0001',
    },
    {
      label: 'QST registration no.',
      frenchLabel: 'N° d’inscription à la TVQ',
      number: '1229876543 TQ0001',
    },
  ],
} as const;

/** Dates on documents are the shop's own calendar days, whatever zone the server runs in. */
export const SHOP_TIME_ZONE = 'America/Toronto';

/** Everything the shop charges is in Canadian dollars. */
export const SHOP_CURRENCY = 'CAD';
