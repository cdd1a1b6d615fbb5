/**
 * The ten accepted payment methods (docs/product.md, Info pages and footer), each as an inline SVG
 * card with its accessible name.
 */
import type { ReactNode } from 'react';
import { PAYMENT_OUTLINES } from './text-outlines.gen.ts';

export const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'American Express',
  'Sezzle',
  'Apple Pay',
  'Discover',
  'Google Pay',
  'Shop Pay',
  'PayPal',
  'Afterpay',
] as const;

type Method = (typeof PAYMENT_METHODS)[number];

/** A card's lettering, outlined (text-outlines.gen.ts: no font lookups on the page). */
const word = (outline: string, fill: string) => <path d={outline} fill={fill} />;

const art: Record<Method, { bg: string; content: ReactNode }> = {
  Visa: { bg: '#1a1f71', content: word(PAYMENT_OUTLINES.visa, '#ffffff') },
  Mastercard: {
    bg: '#ffffff',
    content: (
      <>
        <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
        <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  'American Express': { bg: '#1f72cd', content: word(PAYMENT_OUTLINES.amex, '#ffffff') },
  Sezzle: { bg: '#392558', content: word(PAYMENT_OUTLINES.sezzle, '#ffffff') },
  'Apple Pay': {
    bg: '#000000',
    content: (
      <>
        <path
          d="M13.6 10.4c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.4-.8 2.2.8.1 1.6-.4 2.2-1.1Zm.7 1.1c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.4.7-3 1.9-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.2-.6 2.3-.6s1.4.6 2.3.6c1 0 1.6-.9 2.2-1.8.7-1 1-2 1-2.1 0 0-1.9-.8-2-3 0-1.9 1.5-2.8 1.6-2.8-.9-1.3-2.3-1.4-2.4-1.4Z"
          fill="#ffffff"
        />
        {word(PAYMENT_OUTLINES.applePay, '#ffffff')}
      </>
    ),
  },
  Discover: {
    bg: '#ffffff',
    content: (
      <>
        {word(PAYMENT_OUTLINES.discoverDisc, '#231f20')}
        <circle cx="26.3" cy="16.8" r="3" fill="#f58220" />
        {word(PAYMENT_OUTLINES.discoverVer, '#231f20')}
      </>
    ),
  },
  'Google Pay': {
    bg: '#ffffff',
    content: (
      <>
        {word(PAYMENT_OUTLINES.googleG, '#4285f4')}
        {word(PAYMENT_OUTLINES.googlePay, '#3c4043')}
      </>
    ),
  },
  'Shop Pay': { bg: '#5a31f4', content: word(PAYMENT_OUTLINES.shopPay, '#ffffff') },
  PayPal: {
    bg: '#ffffff',
    content: (
      <>
        {word(PAYMENT_OUTLINES.payPalPay, '#003087')}
        {word(PAYMENT_OUTLINES.payPalPal, '#009cde')}
      </>
    ),
  },
  Afterpay: { bg: '#b2fce4', content: word(PAYMENT_OUTLINES.afterpay, '#000000') },
};

export function PaymentIcons({ className }: { className?: string }) {
  return (
    <ul className={className} aria-label="Accepted payment methods">
      {PAYMENT_METHODS.map((method) => (
        <li key={method}>
          <svg width="48" height="30" viewBox="0 0 48 30" role="img" aria-label={method}>
            <title>{method}</title>
            <rect
              x="0.5"
              y="0.5"
              width="47"
              height="29"
              rx="4"
              fill={art[method].bg}
              stroke="#d0d4da"
            />
            {art[method].content}
          </svg>
        </li>
      ))}
    </ul>
  );
}
