/**
 * The message catalogs in src/locales are what the code says: extracting and compiling again
 * (into a scratch directory, from copies of the kept PO files) changes nothing, and every message
 * has its French translation.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { LOCALES } from '../../contract/locale.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../src/locales');
const scratch = mkdtempSync(path.join(tmpdir(), 'forge-catalogs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each entry of a PO file: its msgid and msgstr, joined across continuation lines. */
function poEntries(text: string): { id: string; translation: string }[] {
  const field = (block: string, name: string) => {
    const match = new RegExp(`^${name} ((?:".*"\\n?)+)`, 'm').exec(block);
    return match
      ? match[1]!
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as string)
          .join('')
      : '';
  };
  return text
    .split(/\n\n+/)
    .filter((block) => /^msgid /m.test(block))
    .map((block) => ({ id: field(block, 'msgid'), translation: field(block, 'msgstr') }))
    .filter((entry) => entry.id !== '');
}

describe('message catalogs', () => {
  test('extracting and compiling again changes no catalog', { timeout: 120_000 }, () => {
    cpSync(LOCALES_DIR, scratch, { recursive: true });
    const env = { ...process.env, LINGUI_CATALOG_DIR: scratch };
    const lingui = path.resolve(import.meta.dirname, '../../node_modules/.bin/lingui');
    execFileSync(lingui, ['extract', '--clean', '--workers', '1'], { env, stdio: 'pipe' });
    execFileSync(lingui, ['compile', '--workers', '1'], { env, stdio: 'pipe' });
    const files = readdirSync(LOCALES_DIR).sort();
    expect(readdirSync(scratch).sort()).toEqual(files);
    for (const file of files) {
      expect(
        readFileSync(path.join(scratch, file), 'utf8'),
        `${file} is out of date: run npm run i18n`,
      ).toBe(readFileSync(path.join(LOCALES_DIR, file), 'utf8'));
    }
  });

  test('every language has every message, and French translates each one', () => {
    const catalogs = LOCALES.map((locale) =>
      poEntries(readFileSync(path.join(LOCALES_DIR, `${locale}.po`), 'utf8')),
    );
    const [english, ...others] = catalogs;
    expect(english!.length).toBeGreaterThan(0);
    for (const other of others) {
      expect(other.map((entry) => entry.id)).toEqual(english!.map((entry) => entry.id));
    }
    const french = catalogs[LOCALES.indexOf('fr-CA')]!;
    expect(
      french.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id),
    ).toEqual([]);
  });
});
