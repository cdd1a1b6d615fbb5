/**
 * The money rules of checkout pinned to numbers worked out by hand: every province's sales taxes,
 * the rounding of each tax line on its own, shipping at the free-shipping boundary after the
 * discount, and the order states. Nothing here is computed with the code's own constants, so a
 * changed rate, threshold or table fails a test.
 */
import { describe, expect, test } from 'vitest';
import {
  COUNTRY_NOT_SHIPPED,
  ORDER_NUMBER_START,
  ORDER_PAYMENT_WINDOW_MS,
  ORDER_STATUS_LABELS,
  PHONE_FORMAT,
  POSTAL_CODE_FORMAT,
  POSTAL_CODE_PROVINCE_MISMATCH,
  POSTAL_DISTRICT_PROVINCES,
  PROVINCES,
  PROVINCE_CODES,
  SHIPPING_COUNTRY,
  SHIPPING_COUNTRY_NAME,
  SHIPPING_METHOD_LABELS,
  TEST_CARDS,
  TEST_PAYMENT_LABEL,
  canonicalPhone,
  canonicalPostalCode,
  computeOrderTotals,
  computeTaxes,
  findProvince,
  formatOrderNumber,
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
  shippingPrice,
} from './checkout-rules.ts';

type Lines = [name: string, rate: number, amount: number][];
const taxLines = (lines: Lines) => lines.map(([name, rate, amount]) => ({ name, rate, amount }));

describe('computeTaxes: each province and territory, worked by hand', () => {
  // $50.00 taxable: every rate shows as itself (5 % of 5000 is 250, 9.975 % is 498.75 → 499).
  const on5000: Record<string, Lines> = {
    AB: [['GST', 5, 250]],
    BC: [
      ['GST', 5, 250],
      ['PST', 7, 350],
    ],
    MB: [
      ['GST', 5, 250],
      ['RST', 7, 350],
    ],
    NB: [['HST', 15, 750]],
    NL: [['HST', 15, 750]],
    NS: [['HST', 14, 700]],
    NT: [['GST', 5, 250]],
    NU: [['GST', 5, 250]],
    ON: [['HST', 13, 650]],
    PE: [['HST', 15, 750]],
    QC: [
      ['GST', 5, 250],
      ['QST', 9.975, 499],
    ],
    SK: [
      ['GST', 5, 250],
      ['PST', 6, 300],
    ],
    YT: [['GST', 5, 250]],
  };

  test('there are thirteen, in this order', () => {
    expect(PROVINCES.map((p) => p.code)).toEqual(Object.keys(on5000));
  });

  test.each(Object.entries(on5000))('%s on $50.00', (province, lines) => {
    expect(computeTaxes(province, 5000)).toEqual(taxLines(lines));
  });

  // $22.33 taxable ($12.34 of goods + $9.99 shipping): fractions of a cent both ways.
  const on2233: Record<string, Lines> = {
    AB: [['GST', 5, 112]], // 111.65
    BC: [
      ['GST', 5, 112],
      ['PST', 7, 156], // 156.31
    ],
    MB: [
      ['GST', 5, 112],
      ['RST', 7, 156],
    ],
    NB: [['HST', 15, 335]], // 334.95
    NL: [['HST', 15, 335]],
    NS: [['HST', 14, 313]], // 312.62
    NT: [['GST', 5, 112]],
    NU: [['GST', 5, 112]],
    ON: [['HST', 13, 290]], // 290.29
    PE: [['HST', 15, 335]],
    QC: [
      ['GST', 5, 112],
      ['QST', 9.975, 223], // 222.74175
    ],
    SK: [
      ['GST', 5, 112],
      ['PST', 6, 134], // 133.98
    ],
    YT: [['GST', 5, 112]],
  };

  test.each(Object.entries(on2233))('%s on $22.33', (province, lines) => {
    expect(computeTaxes(province, 2233)).toEqual(taxLines(lines));
  });

  test('each line is rounded on its own, half a cent up', () => {
    // Quebec on $22.33: 111.65 → 112 and 222.74175 → 223 make 335, where one combined
    // 14.975 % (334.39) would make 334.
    const qc = computeTaxes('QC', 2233);
    expect(qc.reduce((sum, line) => sum + line.amount, 0)).toBe(335);
    // Exactly half a cent goes up: 5 % of 10 ¢ is 0.5, of 30 ¢ 1.5; 13 % of 50 ¢ is 6.5.
    expect(computeTaxes('AB', 10)).toEqual(taxLines([['GST', 5, 1]]));
    expect(computeTaxes('AB', 30)).toEqual(taxLines([['GST', 5, 2]]));
    expect(computeTaxes('ON', 50)).toEqual(taxLines([['HST', 13, 7]]));
    // Under half a cent goes down: 5 % of 9 ¢ is 0.45.
    expect(computeTaxes('AB', 9)).toEqual(taxLines([['GST', 5, 0]]));
    expect(computeTaxes('QC', 0)).toEqual(
      taxLines([
        ['GST', 5, 0],
        ['QST', 9.975, 0],
      ]),
    );
  });

  test('the province code is read forgivingly; an unknown one is an error', () => {
    expect(computeTaxes(' qc ', 5000)).toEqual(taxLines(on5000.QC!));
    expect(findProvince('on')?.name).toBe('Ontario');
    expect(findProvince('XX')).toBeUndefined();
    expect(() => computeTaxes('XX', 5000)).toThrow('Unknown province XX');
  });
});

describe('shippingPrice: standard is free from $99.00 of goods after the discount', () => {
  test.each([
    ['standard', 9900, 0],
    ['standard', 9899, 999],
    ['standard', 100_000, 0],
    ['standard', 1, 999],
    ['standard', 0, 0],
    ['express', 9900, 1999],
    ['express', 9899, 1999],
    ['express', 1, 1999],
    ['express', 0, 0],
  ] as const)('%s on %i ¢ costs %i ¢', (method, goods, price) => {
    expect(shippingPrice(method, goods)).toBe(price);
  });
});

describe('computeOrderTotals: baskets worked by hand in every province', () => {
  const line = (unitPrice: number, quantity = 1) => ({ unitPrice, quantity });

  // One $49.99 item, standard shipping: 4999 + 999 = 5998 taxable.
  const basket1: Record<string, [taxes: Lines, total: number]> = {
    AB: [[['GST', 5, 300]], 6298],
    BC: [
      [
        ['GST', 5, 300],
        ['PST', 7, 420],
      ],
      6718,
    ],
    MB: [
      [
        ['GST', 5, 300],
        ['RST', 7, 420],
      ],
      6718,
    ],
    NB: [[['HST', 15, 900]], 6898],
    NL: [[['HST', 15, 900]], 6898],
    NS: [[['HST', 14, 840]], 6838],
    NT: [[['GST', 5, 300]], 6298],
    NU: [[['GST', 5, 300]], 6298],
    ON: [[['HST', 13, 780]], 6778],
    PE: [[['HST', 15, 900]], 6898],
    QC: [
      [
        ['GST', 5, 300],
        ['QST', 9.975, 598],
      ],
      6896,
    ],
    SK: [
      [
        ['GST', 5, 300],
        ['PST', 6, 360],
      ],
      6658,
    ],
    YT: [[['GST', 5, 300]], 6298],
  };

  test.each(Object.entries(basket1))('one $49.99 item to %s', (province, [taxes, total]) => {
    expect(
      computeOrderTotals({
        lines: [line(4999)],
        percentOff: 0,
        shippingMethod: 'standard',
        province,
      }),
    ).toEqual({
      itemCount: 1,
      subtotal: 4999,
      discount: 0,
      shipping: 999,
      taxes: taxLines(taxes),
      total,
    });
  });

  // Two $49.50 items: exactly $99.00, so shipping is free and 9900 is taxed.
  const basket2: Record<string, [taxes: Lines, total: number]> = {
    AB: [[['GST', 5, 495]], 10395],
    BC: [
      [
        ['GST', 5, 495],
        ['PST', 7, 693],
      ],
      11088,
    ],
    MB: [
      [
        ['GST', 5, 495],
        ['RST', 7, 693],
      ],
      11088,
    ],
    NB: [[['HST', 15, 1485]], 11385],
    NL: [[['HST', 15, 1485]], 11385],
    NS: [[['HST', 14, 1386]], 11286],
    NT: [[['GST', 5, 495]], 10395],
    NU: [[['GST', 5, 495]], 10395],
    ON: [[['HST', 13, 1287]], 11187],
    PE: [[['HST', 15, 1485]], 11385],
    QC: [
      [
        ['GST', 5, 495],
        ['QST', 9.975, 988], // 987.525
      ],
      11383,
    ],
    SK: [
      [
        ['GST', 5, 495],
        ['PST', 6, 594],
      ],
      10989,
    ],
    YT: [[['GST', 5, 495]], 10395],
  };

  test.each(Object.entries(basket2))('two $49.50 items to %s', (province, [taxes, total]) => {
    expect(
      computeOrderTotals({
        lines: [line(4950, 2)],
        percentOff: 0,
        shippingMethod: 'standard',
        province,
      }),
    ).toEqual({
      itemCount: 2,
      subtotal: 9900,
      discount: 0,
      shipping: 0,
      taxes: taxLines(taxes),
      total,
    });
  });

  test('several lines: a $12.34 item and three $0.99 ones, express, to Quebec', () => {
    // 1234 + 297 = 1531 of goods, + 1999 express = 3530 taxed: GST 176.5 → 177, QST 352.1175 → 352.
    expect(
      computeOrderTotals({
        lines: [line(1234), line(99, 3)],
        percentOff: 0,
        shippingMethod: 'express',
        province: 'QC',
      }),
    ).toEqual({
      itemCount: 4,
      subtotal: 1531,
      discount: 0,
      shipping: 1999,
      taxes: taxLines([
        ['GST', 5, 177],
        ['QST', 9.975, 352],
      ]),
      total: 4059,
    });
  });

  test('the discount comes first, then free shipping is judged on what is left', () => {
    // $110.00 − 10 % = $99.00: free. HST 13 % of 9900 = 1287.
    expect(
      computeOrderTotals({
        lines: [line(11000)],
        percentOff: 10,
        shippingMethod: 'standard',
        province: 'ON',
      }),
    ).toEqual({
      itemCount: 1,
      subtotal: 11000,
      discount: 1100,
      shipping: 0,
      taxes: taxLines([['HST', 13, 1287]]),
      total: 11187,
    });
    // $109.99 − 10 % (1099.9 → 1100) = $98.99: one cent short, so $9.99 shipping;
    // HST on 9899 + 999 = 10898 is 1416.74 → 1417.
    expect(
      computeOrderTotals({
        lines: [line(10999)],
        percentOff: 10,
        shippingMethod: 'standard',
        province: 'ON',
      }),
    ).toEqual({
      itemCount: 1,
      subtotal: 10999,
      discount: 1100,
      shipping: 999,
      taxes: taxLines([['HST', 13, 1417]]),
      total: 12315,
    });
  });

  test('the discount is rounded to the cent, half a cent up', () => {
    // 10 % of 1005 is 100.5 → 101; of 1004 is 100.4 → 100.
    const totals = (unitPrice: number) =>
      computeOrderTotals({
        lines: [line(unitPrice)],
        percentOff: 10,
        shippingMethod: 'standard',
        province: 'AB',
      });
    expect(totals(1005)).toMatchObject({ discount: 101, shipping: 999 });
    // 904 + 999 = 1903 taxed, GST 95.15 → 95; 1005 − 101 + 999 + 95 = 1998.
    expect(totals(1005).total).toBe(1998);
    expect(totals(1004)).toMatchObject({ discount: 100 });
  });

  test('an empty basket costs nothing, not even shipping', () => {
    expect(
      computeOrderTotals({ lines: [], percentOff: 10, shippingMethod: 'express', province: 'ON' }),
    ).toEqual({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      taxes: taxLines([['HST', 13, 0]]),
      total: 0,
    });
  });
});

describe('addresses', () => {
  test('postal codes are read forgivingly and written canonically', () => {
    expect(canonicalPostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(canonicalPostalCode(' K1A  0B1 ')).toBe('K1A 0B1');
    expect(canonicalPostalCode('H3B 1K9')).toBe('H3B 1K9');
    // D, F, I, O, Q, U never appear; W and Z never lead.
    expect(canonicalPostalCode('D1A 0B1')).toBeNull();
    expect(canonicalPostalCode('W1A 0B1')).toBeNull();
    expect(canonicalPostalCode('K1A 0B')).toBeNull();
    expect(canonicalPostalCode('K1A 0B12')).toBeNull();
    expect(canonicalPostalCode('')).toBeNull();
  });

  test('the first letter names the province', () => {
    const cases: [string, string, boolean][] = [
      ['A1A 1A1', 'NL', true],
      ['B3H 1A1', 'NS', true],
      ['C1A 1A1', 'PE', true],
      ['E1C 1A1', 'NB', true],
      ['G1R 1A1', 'QC', true],
      ['H3B 1K9', 'QC', true],
      ['J4K 1A1', 'QC', true],
      ['K1A 0B1', 'ON', true],
      ['M5H 2N2', 'ON', true],
      ['R3C 1A1', 'MB', true],
      ['S4P 1A1', 'SK', true],
      ['T2P 1J9', 'AB', true],
      ['V6B 1A1', 'BC', true],
      ['X1A 1A1', 'NT', true],
      ['X0A 1A1', 'NU', true],
      ['Y1A 1A1', 'YT', true],
      ['M5H 2N2', 'QC', false],
      ['H3B 1K9', 'ON', false],
      ['X1A 1A1', 'YT', false],
      ['m5h 2n2', 'on', true],
      // Unrecognised either way: the format checks speak instead.
      ['Z1A 1A1', 'ON', true],
      ['M5H 2N2', 'XX', true],
    ];
    for (const [postal, province, matches] of cases) {
      expect(postalCodeMatchesProvince(postal, province), `${postal} in ${province}`).toBe(matches);
    }
  });

  test('the mismatch is explained with province names', () => {
    expect(postalCodeMismatchMessage('m5h 2n2', 'qc')).toBe(
      'Postal code M5H 2N2 is in Ontario, not Quebec. Check the postal code or the province.',
    );
    expect(postalCodeMismatchMessage('X1A 1A1', 'YT')).toBe(
      'Postal code X1A 1A1 is in Northwest Territories or Nunavut, not Yukon. Check the postal code or the province.',
    );
  });

  test('phone numbers: ten digits, written 416-555-0123', () => {
    expect(canonicalPhone('(416) 555-0123')).toBe('416-555-0123');
    expect(canonicalPhone('+1 416.555.0123')).toBe('416-555-0123');
    expect(canonicalPhone('14165550123')).toBe('416-555-0123');
    expect(canonicalPhone('4165550123')).toBe('416-555-0123');
    expect(canonicalPhone('416555012')).toBeNull();
    expect(canonicalPhone('0165550123')).toBeNull();
    expect(canonicalPhone('416-555-012a')).toBeNull();
  });
});

describe('what the shopper reads', () => {
  test('province and territory names', () => {
    expect(PROVINCES.map((p) => `${p.code} ${p.name}`)).toEqual([
      'AB Alberta',
      'BC British Columbia',
      'MB Manitoba',
      'NB New Brunswick',
      'NL Newfoundland and Labrador',
      'NS Nova Scotia',
      'NT Northwest Territories',
      'NU Nunavut',
      'ON Ontario',
      'PE Prince Edward Island',
      'QC Quebec',
      'SK Saskatchewan',
      'YT Yukon',
    ]);
    expect(PROVINCE_CODES).toEqual(PROVINCES.map((p) => p.code));
  });

  test('labels, messages and the country', () => {
    expect(SHIPPING_METHOD_LABELS).toEqual({
      standard: 'Standard shipping (3–7 business days)',
      express: 'Express shipping (1–2 business days)',
    });
    expect(ORDER_STATUS_LABELS).toEqual({
      pending_payment: 'Awaiting payment',
      paid: 'Paid',
      processing: 'Processing',
      shipped: 'Shipped',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
      refunded: 'Refunded',
    });
    expect([SHIPPING_COUNTRY, SHIPPING_COUNTRY_NAME, COUNTRY_NOT_SHIPPED]).toEqual([
      'CA',
      'Canada',
      'We only ship to Canada (CA).',
    ]);
    expect(POSTAL_CODE_FORMAT).toBe('must be a Canadian postal code such as A1A 1A1');
    expect(POSTAL_CODE_PROVINCE_MISMATCH).toBe('does not belong to the province chosen');
    expect(PHONE_FORMAT).toBe('must be a 10-digit phone number such as 416-555-0123');
    expect(TEST_PAYMENT_LABEL).toBe('Test payment — no card is charged');
  });

  test('order numbers, the payment window and the test cards', () => {
    expect(formatOrderNumber(10482)).toBe('FN-10482');
    expect(ORDER_NUMBER_START).toBe(10001);
    // 30 minutes.
    expect(ORDER_PAYMENT_WINDOW_MS).toBe(1_800_000);
    expect(TEST_CARDS).toEqual({
      succeeds: '4242424242424242',
      declined: '4000000000000002',
      insufficientFunds: '4000000000009995',
      requiresAuthentication: '4000002500003155',
    });
  });

  test('postal districts', () => {
    expect(POSTAL_DISTRICT_PROVINCES).toEqual({
      A: ['NL'],
      B: ['NS'],
      C: ['PE'],
      E: ['NB'],
      G: ['QC'],
      H: ['QC'],
      J: ['QC'],
      K: ['ON'],
      L: ['ON'],
      M: ['ON'],
      N: ['ON'],
      P: ['ON'],
      R: ['MB'],
      S: ['SK'],
      T: ['AB'],
      V: ['BC'],
      X: ['NT', 'NU'],
      Y: ['YT'],
    });
  });
});

describe('the edges of the address rules', () => {
  test('a postal code or phone number with more around it is refused', () => {
    expect(canonicalPostalCode('9K1A0B1')).toBeNull();
    expect(canonicalPostalCode('K1A0B19')).toBeNull();
    expect(canonicalPhone('04165550123')).toBeNull();
    expect(canonicalPhone('41655501234')).toBeNull();
  });

  test('spaces around a postal code do not hide its province', () => {
    expect(postalCodeMatchesProvince(' M5H 2N2', 'QC')).toBe(false);
    expect(postalCodeMismatchMessage(' m5h 2n2 ', 'QC')).toBe(
      'Postal code M5H 2N2 is in Ontario, not Quebec. Check the postal code or the province.',
    );
  });

  test('an unknown district or province is named as given', () => {
    expect(postalCodeMismatchMessage('Z1A 1A1', 'ON')).toBe(
      'Postal code Z1A 1A1 is in , not Ontario. Check the postal code or the province.',
    );
    expect(postalCodeMismatchMessage('M5H 2N2', 'XX')).toBe(
      'Postal code M5H 2N2 is in Ontario, not XX. Check the postal code or the province.',
    );
  });
});
