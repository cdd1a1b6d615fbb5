import { expect, test } from 'vitest';
import { shopLinks } from './links.ts';

const ORIGIN = 'https://shop.example.com';

test('links in English mails are as they were; French ones open the French pages', () => {
  const en = shopLinks(ORIGIN);
  const fr = shopLinks(ORIGIN, 'fr-CA');
  expect(en.resetPassword('abc')).toBe(`${ORIGIN}/reset-password/abc`);
  expect(fr.resetPassword('abc')).toBe(`${ORIGIN}/fr/reset-password/abc`);
  expect(fr.orderLink('t')).toBe(`${ORIGIN}/fr/order-link/t`);
  expect(fr.joinOrders('t')).toBe(`${ORIGIN}/fr/join-orders/t`);
  expect(en.confirmEmail('t')).toBe(`${ORIGIN}/profile/me?confirmEmail=t`);
  expect(fr.confirmEmail('t')).toBe(`${ORIGIN}/fr/profile/me?confirmEmail=t`);
  expect(en.productReview('whey')).toBe(`${ORIGIN}/product/whey#write-review`);
  expect(fr.productReview('whey')).toBe(`${ORIGIN}/fr/product/whey#write-review`);
  expect(fr.product('whey', { flavor: 'vanilla', size: '2 lb' })).toBe(
    `${ORIGIN}/fr/product/whey?flavor=vanilla&size=2+lb`,
  );
});
