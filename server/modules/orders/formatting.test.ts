import { expect, test } from 'vitest';
import { formatMoney as pageMoney } from '../../../src/lib/format.ts';
import {
  cardDescription,
  formatDate,
  formatMoney,
  orderStatusLabel,
  shippingMethodLabel,
  taxLabel,
} from './formatting.ts';

const NBSP = '\u00a0';

test('money reads as on the pages: English as before, French with no-break spaces', () => {
  expect([formatMoney(123456), formatMoney(-1200), formatMoney(5)]).toEqual([
    '$1,234.56',
    '-$12.00',
    '$0.05',
  ]);
  expect(formatMoney(123456, 'fr-CA')).toBe(`1${NBSP}234,56${NBSP}$`);
  expect(formatMoney(-1200, 'fr-CA')).toBe(`-12,00${NBSP}$`);
  // The same function as the pages', not a copy of it (src/lib/__tests__/format.test.ts holds it
  // to Intl's own writing).
  expect(formatMoney).toBe(pageMoney);
});

test('dates, taxes, cards, methods and states in either language', () => {
  const day = new Date('2026-11-26T15:00:00Z');
  expect(formatDate(day)).toBe('November 26, 2026');
  expect(formatDate(day, 'fr-CA')).toBe('26 novembre 2026');
  expect(taxLabel({ name: 'QST', rate: 9.975 })).toBe('QST (9.975%)');
  expect(taxLabel({ name: 'QST', rate: 9.975 }, 'fr-CA')).toBe(`TVQ (9,975${NBSP}%)`);
  expect(taxLabel({ name: 'GST', rate: 5 }, 'fr-CA')).toBe(`TPS (5${NBSP}%)`);
  expect(taxLabel({ name: 'HST', rate: 13 }, 'fr-CA')).toBe(`TVH (13${NBSP}%)`);
  expect(cardDescription({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
  expect(cardDescription({ brand: 'visa', last4: '4242' }, 'fr-CA')).toBe(
    'Visa se terminant par 4242',
  );
  expect(shippingMethodLabel('express')).toBe('Express shipping (1–2 business days)');
  expect(shippingMethodLabel('express', 'fr-CA')).toBe('Livraison express (1 à 2 jours ouvrables)');
  expect(orderStatusLabel('shipped')).toBe('Shipped');
  expect(orderStatusLabel('shipped', 'fr-CA')).toBe('Expédiée');
});
