import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm install` warns (EBADENGINE) for any installed package whose own engines field refuses the
// Node version we promise; a newcomer on that version would be told the shop is unsupported.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('Node version', () => {
  const manifest = read('package.json') as { engines: { node: string } };
  const oldest = semver.minVersion(manifest.engines.node);

  it('the oldest Node the package promises is a real version', () => {
    expect(oldest?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('every locked package accepts it', () => {
    const lock = read('package-lock.json') as { packages: Record<string, LockedPackage> };
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && oldest && !semver.satisfies(oldest, range)
        ? [`${where}@${entry.version} wants node ${range}`]
        : [];
    });
    expect(refusing).toEqual([]);
  });
});
