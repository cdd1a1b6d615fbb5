/**
 * Small inline SVG icons for the header and menus (decorative: aria-hidden; the control that holds
 * one carries the accessible name).
 */
import type { SVGProps } from 'react';
import { wordmarkPart } from './lettering-files.ts';

function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);

export const UserIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Svg>
);

export const CartIcon = () => (
  <Svg>
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
    <circle cx="10" cy="20.5" r="1.3" />
    <circle cx="17" cy="20.5" r="1.3" />
  </Svg>
);

export const MenuIcon = () => (
  <Svg>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);

export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const ChevronDownIcon = ({ size = 16 }: { size?: number }) => (
  <Svg width={size} height={size}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

/**
 * The wordmark: a bolt in a hexagon plus "FORGE NUTRITION", the lettering as outlines drawn from
 * their own file (lettering-files.ts), coloured here.
 */
export function Logo({ light }: { light: boolean }) {
  const text = light ? '#ffffff' : '#15171c';
  return (
    <svg width="164" height="36" viewBox="0 0 164 36" role="img" aria-label="Forge Nutrition">
      <path d="M18 1.5 32.3 9.75v16.5L18 34.5 3.7 26.25V9.75Z" fill="#ff5b14" />
      <path d="M20.5 7 11 19.5h6l-2 9.5 9.5-12.5h-6Z" fill="#15171c" />
      <use href={wordmarkPart('forge')} fill={text} />
      <use href={wordmarkPart('nutrition')} fill={light ? '#ffb08a' : '#b93a06'} />
    </svg>
  );
}
