/**
 * Exports: PAYMENT_METHODS (the ten accepted methods, spec §1) and PaymentIcons — each as an
 * inline SVG card with its accessible name.
 */
import type { ReactNode } from 'react';

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

const word = (text: string, fill: string, size = 11, weight = 800, x = 24) => (
  <text
    x={x}
    y="19.5"
    textAnchor="middle"
    fill={fill}
    fontFamily="Arial, Helvetica, sans-serif"
    fontSize={size}
    fontWeight={weight}
  >
    {text}
  </text>
);

const art: Record<Method, { bg: string; content: ReactNode }> = {
  Visa: { bg: '#1a1f71', content: word('VISA', '#ffffff', 12, 900) },
  Mastercard: {
    bg: '#ffffff',
    content: (
      <>
        <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
        <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  'American Express': { bg: '#1f72cd', content: word('AMEX', '#ffffff', 11, 900) },
  Sezzle: { bg: '#392558', content: word('sezzle', '#ffffff', 10, 700) },
  'Apple Pay': {
    bg: '#000000',
    content: (
      <>
        <path
          d="M13.6 10.4c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.4-.8 2.2.8.1 1.6-.4 2.2-1.1Zm.7 1.1c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.4.7-3 1.9-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.2-.6 2.3-.6s1.4.6 2.3.6c1 0 1.6-.9 2.2-1.8.7-1 1-2 1-2.1 0 0-1.9-.8-2-3 0-1.9 1.5-2.8 1.6-2.8-.9-1.3-2.3-1.4-2.4-1.4Z"
          fill="#ffffff"
        />
        {word('Pay', '#ffffff', 11, 600, 30)}
      </>
    ),
  },
  Discover: {
    bg: '#ffffff',
    content: (
      <>
        {word('DISC', '#231f20', 8.5, 800, 17)}
        <circle cx="31" cy="16.5" r="4.3" fill="#f58220" />
        {word('VER', '#231f20', 8.5, 800, 41)}
      </>
    ),
  },
  'Google Pay': {
    bg: '#ffffff',
    content: (
      <>
        {word('G', '#4285f4', 12, 800, 14)}
        {word('Pay', '#3c4043', 11, 600, 29)}
      </>
    ),
  },
  'Shop Pay': { bg: '#5a31f4', content: word('shop Pay', '#ffffff', 9, 800) },
  PayPal: {
    bg: '#ffffff',
    content: (
      <>
        {word('Pay', '#003087', 10.5, 800, 18)}
        {word('Pal', '#009cde', 10.5, 800, 32)}
      </>
    ),
  },
  Afterpay: { bg: '#b2fce4', content: word('afterpay', '#000000', 8.5, 800) },
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
