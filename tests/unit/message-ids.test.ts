import type { Messages } from '@lingui/core';
import { SourceMapConsumer } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import {
  SHORT_ID,
  SHORT_MESSAGE_IDS,
  shortIds,
  withShortIds,
  withShortKeys,
} from '../../scripts/vite/message-ids.ts';
import { messageIdsIn } from '../../scripts/vite/route-messages.ts';
import { messages as english } from '../../src/locales/en-CA.ts';
import { messages as french } from '../../src/locales/fr-CA.ts';

const catalog: Messages = { bbbbbb: 'Menu', 'a+/aaa': 'Close', cccccc: ['Hello ', ['name']] };

describe('short message ids', () => {
  it('numbers the ids in their order', () => {
    expect([...shortIds(catalog)]).toEqual([
      ['a+/aaa', '~0'],
      ['bbbbbb', '~1'],
      ['cccccc', '~2'],
    ]);
  });

  it('gives every message of the catalogs its own short id', () => {
    const short = [...SHORT_MESSAGE_IDS.values()];
    expect(short).toHaveLength(Object.keys(english).length);
    expect(new Set(short).size).toBe(short.length);
    for (const id of short) expect(id).toMatch(SHORT_ID);
    // Two characters after the ~ number 3,844 messages.
    expect(Math.max(...short.map((id) => id.length))).toBeLessThanOrEqual(3);
    expect(Object.keys(french).filter((id) => !SHORT_MESSAGE_IDS.has(id))).toEqual([]);
  });

  it('replaces every quoted id, in any quotes and inside JSON in a string', () => {
    const ids = shortIds(catalog);
    const code =
      'a._({id:"bbbbbb"});b(`cccccc`);c(\'a+/aaa\');' +
      'JSON.parse("{\\"bbbbbb\\":[\\"Menu\\"]}");' +
      // Not ids: unknown six characters, a longer word, an id not in quotes.
      'd("zzzzzz","bbbbbbb",bbbbbb)';
    expect(withShortIds(code, ids)?.code).toBe(
      'a._({id:"~1"});b(`~2`);c(\'~0\');' +
        'JSON.parse("{\\"~1\\":[\\"Menu\\"]}");' +
        'd("zzzzzz","bbbbbbb",bbbbbb)',
    );
  });

  it('answers null for code that names no id', () => {
    expect(withShortIds('f("button")', shortIds(catalog))).toBeNull();
  });

  it('keeps the source map: code after an id still maps to its place', () => {
    const code = 'x("bbbbbb");function after(){}';
    const edited = withShortIds(code, shortIds(catalog))!;
    const map = new SourceMapConsumer({ ...edited.map, version: String(edited.map.version) });
    const column = edited.code.indexOf('function');
    expect(map.originalPositionFor({ line: 1, column })).toMatchObject({
      line: 1,
      column: code.indexOf('function'),
    });
  });

  it('keys a catalog by the short ids, and the split finds them in the code', () => {
    const ids = shortIds(catalog);
    expect(withShortKeys(catalog, ids)).toEqual({
      '~0': 'Close',
      '~1': 'Menu',
      '~2': ['Hello ', ['name']],
    });
    const code = withShortIds('t("bbbbbb");u(`cccccc`)', ids)!.code;
    expect(messageIdsIn(code, new Set(ids.values()))).toEqual(new Set(['~1', '~2']));
  });
});
