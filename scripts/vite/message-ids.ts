/**
 * Short message ids in the browser's build. Lingui's macros compile each message to an id of six
 * random characters (a hash of the message), which a page's code names once for each place that
 * shows it and its message files name again as keys: random characters that compression cannot
 * shrink. The build numbers the ids instead — `~0`, `~1` … `~Gz`, in the order of the original
 * ids — and writes the numbers into every chunk before their file names are hashed, so a file's
 * name still changes with its content. The message files (route-messages.ts) are keyed the same
 * way. The server's build keeps Lingui's ids: it renders texts, never ids.
 *
 * The `~` makes a short id unlike anything else quoted in the code, so finding a chunk's messages
 * by the ids it names stays exact, and a missing message, which Lingui shows as its id, stays easy
 * to spot.
 */
import type { Messages } from '@lingui/core';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { messages as english } from '../../src/locales/en-CA.ts';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The shape of Lingui's ids (six characters of base64) and of the build's short ones. */
export const LINGUI_ID_PATTERN = '[A-Za-z0-9+/]{6}';
export const SHORT_ID_PATTERN = '~[0-9A-Za-z]+';

/** What a short id looks like. */
export const SHORT_ID = new RegExp(`^${SHORT_ID_PATTERN}$`);

function numbered(index: number): string {
  let digits = '';
  let rest = index;
  do {
    digits = DIGITS[rest % DIGITS.length] + digits;
    rest = Math.floor(rest / DIGITS.length);
  } while (rest > 0);
  return `~${digits}`;
}

/** Each id of `catalog` and its short id, numbered in the order of the ids. */
export function shortIds(catalog: Messages): Map<string, string> {
  return new Map(
    Object.keys(catalog)
      .sort()
      .map((id, index) => [id, numbered(index)]),
  );
}

/**
 * A Lingui id in quotes: `"id"`, `'id'`, a template literal, or `\"id\"` inside a string that
 * holds JSON (the whole catalogs' chunks).
 */
const QUOTED_LINGUI_ID = new RegExp(`([\`'"])(${LINGUI_ID_PATTERN})(\\\\?[\`'"])`, 'g');

/**
 * `code` with every quoted id of `ids` replaced by its short id, with the source map of the edit;
 * null when it names none.
 */
export function withShortIds(code: string, ids: ReadonlyMap<string, string>) {
  const edited = new MagicString(code);
  for (const match of code.matchAll(QUOTED_LINGUI_ID)) {
    const short = ids.get(match[2]!);
    if (short === undefined) continue;
    const start = match.index + match[1]!.length;
    edited.overwrite(start, start + match[2]!.length, short);
  }
  if (!edited.hasChanged()) return null;
  return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
}

/** `catalog` keyed by the short ids. */
export function withShortKeys(catalog: Messages, ids: ReadonlyMap<string, string>): Messages {
  const keyed: Messages = {};
  for (const [id, message] of Object.entries(catalog)) keyed[ids.get(id) ?? id] = message;
  return keyed;
}

/** The short id of every message (the English catalog has them all). */
export const SHORT_MESSAGE_IDS: ReadonlyMap<string, string> = shortIds(english);

/** Writes the short ids into every chunk of the browser's build. */
export function shortMessageIds(): Plugin {
  return {
    name: 'forge:short-message-ids',
    apply: 'build',
    renderChunk: (code) => withShortIds(code, SHORT_MESSAGE_IDS),
  };
}
