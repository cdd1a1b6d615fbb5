import { describe, expect, test } from 'vitest';
import { testI18n } from '../../../../testing/i18n.ts';
import { PROVINCES, computeOrderTotals } from '../../../../../contract/checkout-rules.ts';
import type { Quote } from '../../../../../contract/orders.ts';
import { makeQuote } from '../../__tests__/fixtures.ts';
import {
  estimateFor,
  walletLineItems,
  walletProvince,
  walletShippingAddress,
  walletShippingRates,
} from '../wallet.ts';

describe('walletProvince', () => {
  test('reads every province and territory by code and by name, in any case and accents', () => {
    for (const province of PROVINCES) {
      expect(walletProvince({ state: province.code, country: 'CA' })).toBe(province.code);
      expect(walletProvince({ state: province.code.toLowerCase(), country: 'ca' })).toBe(
        province.code,
      );
      expect(walletProvince({ state: province.name.toUpperCase(), country: 'CA' })).toBe(
        province.code,
      );
    }
    expect(walletProvince({ state: 'Québec', country: 'CA' })).toBe('QC');
    expect(walletProvince({ state: ' Prince Edward Island ', country: 'CA' })).toBe('PE');
  });

  test('knows no region outside Canada, and none it cannot name', () => {
    expect(walletProvince({ state: 'ON', country: 'US' })).toBeNull();
    expect(walletProvince({ state: 'NY', country: 'CA' })).toBeNull();
    expect(walletProvince({ state: '', country: 'CA' })).toBeNull();
  });
});

describe('what the sheet shows', () => {
  test("a quote's lines and chosen rate add up to its total, discount and every tax included", () => {
    const quoted = (province: string, method: 'standard' | 'express'): Quote => {
      const quote = makeQuote(province, method);
      const lines = [{ unitPrice: 4499, quantity: 2 }];
      return {
        ...quote,
        discount: { code: 'SAVE10', percentOff: 10 },
        totals: computeOrderTotals({ lines, percentOff: 10, shippingMethod: method, province }),
      };
    };
    for (const province of PROVINCES.map((p) => p.code)) {
      for (const method of ['standard', 'express'] as const) {
        const quote = quoted(province, method);
        const items = walletLineItems(quote, testI18n);
        const sum = items.reduce((total, line) => total + line.amount, 0) + quote.totals.shipping;
        expect(sum, `${province} ${method}`).toBe(quote.totals.total);
        expect(items[0]).toEqual({
          name: 'Items (10 % off with SAVE10)',
          amount: quote.totals.subtotal - quote.totals.discount,
        });
        expect(items.slice(1).map((line) => line.name)).toEqual(
          quote.totals.taxes.map((tax) => `${tax.name} (${tax.rate} %)`),
        );
      }
    }
  });

  test('the shipping choices list the chosen one first, priced as told', () => {
    const prices = { standard: 999, express: 1999 };
    expect(walletShippingRates((method) => prices[method], 'express', testI18n)).toEqual([
      {
        id: 'express',
        displayName: 'Express shipping',
        amount: 1999,
        deliveryEstimate: '1–2 business days',
      },
      {
        id: 'standard',
        displayName: 'Standard shipping',
        amount: 999,
        deliveryEstimate: '3–7 business days',
      },
    ]);
  });

  test('before a region: the goods and standard shipping, free from the threshold', () => {
    expect(estimateFor(5000, testI18n)).toEqual({
      amount: 5999,
      lineItems: [{ name: 'Items', amount: 5000 }],
      shippingRates: [
        expect.objectContaining({ id: 'standard', amount: 999 }),
        expect.objectContaining({ id: 'express', amount: 1999 }),
      ],
    });
    expect(estimateFor(9900, testI18n).amount).toBe(9900);
  });
});

describe('walletShippingAddress', () => {
  const shipping = {
    name: 'Luc Gagnon',
    address: {
      line1: '1200 Rue Sainte-Catherine',
      line2: 'App. 4',
      city: 'Montréal',
      state: 'Québec',
      postal_code: 'H3B 1K9',
      country: 'CA',
    },
  };

  test("takes the sheet's address and the payer's phone as the checkout's address", () => {
    expect(walletShippingAddress(shipping, '+1 514-555-0100')).toEqual({
      name: 'Luc Gagnon',
      line1: '1200 Rue Sainte-Catherine',
      line2: 'App. 4',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H3B 1K9',
      country: 'CA',
      phone: '+1 514-555-0100',
    });
    const noLine2 = walletShippingAddress(
      { ...shipping, address: { ...shipping.address, line2: null } },
      undefined,
    );
    expect(noLine2).not.toHaveProperty('line2');
    expect(noLine2?.phone).toBe('');
  });

  test('is null for an address the shop does not ship to', () => {
    expect(
      walletShippingAddress({ ...shipping, address: { ...shipping.address, country: 'US' } }, ''),
    ).toBeNull();
  });
});
