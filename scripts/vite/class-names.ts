/**
 * Short names for CSS-module classes in production builds. Vite's default scoped name
 * (`_card_12db9_1`: the local name, a hash of the file and the line) is written into the
 * stylesheet, into every module's class map in the JavaScript and into every element of a page
 * the server renders. A name made of a hash alone does the same job in a third of the bytes
 * (`_k3Xq9`).
 *
 * The name is a hash of the CSS file's path from the project's root and the local name, so the
 * browser's and the server's builds, run separately, give the same element the same class, and
 * a build is the same on any machine. Two different classes that would share a name stop the
 * build, which then needs a longer hash (NAME_LENGTH).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** Characters of the hash: 62⁵ ≈ 9 × 10⁸ names for the shop's few hundred classes. */
const NAME_LENGTH = 5;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function base62(bytes: Uint8Array, length: number): string {
  let name = '';
  for (let index = 0; name.length < length; index += 1) {
    name += ALPHABET[bytes[index]! % ALPHABET.length];
  }
  return name;
}

/** Builds `generateScopedName` for one build, with its own record of the names given. */
export function shortClassNames(root: string) {
  const given = new Map<string, string>();
  return function generateScopedName(local: string, filename: string): string {
    const file = path.relative(root, filename.split('?')[0]!).split(path.sep).join('/');
    const owner = `${file}:${local}`;
    const digest = createHash('sha256').update(owner).digest();
    // A leading underscore keeps the name a valid class whatever the hash starts with.
    const name = `_${base62(digest, NAME_LENGTH)}`;
    const holder = given.get(name);
    if (holder !== undefined && holder !== owner) {
      throw new Error(`CSS class names collide: ${holder} and ${owner} are both ${name}`);
    }
    given.set(name, owner);
    return name;
  };
}
