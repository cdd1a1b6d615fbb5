import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortClassNames } from '../../scripts/vite/class-names.ts';

const root = '/work/shop';
const file = (name: string) => path.join(root, 'src', name);

describe('short CSS-module class names', () => {
  it('are short, valid and the same in every build', () => {
    const browser = shortClassNames(root);
    const server = shortClassNames(root);
    const name = browser('card', file('card.module.css'));
    expect(name).toMatch(/^_[0-9A-Za-z]{5}$/);
    expect(server('card', file('card.module.css'))).toBe(name);
    // Vite may name a stylesheet with a query.
    expect(server('card', `${file('card.module.css')}?used`)).toBe(name);
  });

  it('tell files and classes apart', () => {
    const names = shortClassNames(root);
    const given = [
      names('card', file('card.module.css')),
      names('body', file('card.module.css')),
      names('card', file('tile.module.css')),
    ];
    expect(new Set(given).size).toBe(3);
  });

  it('do not depend on where the project is', () => {
    expect(shortClassNames('/a')('card', '/a/src/x.module.css')).toBe(
      shortClassNames('/b/c')('card', '/b/c/src/x.module.css'),
    );
  });
});
