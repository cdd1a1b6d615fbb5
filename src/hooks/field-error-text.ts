/**
 * The contract's validation messages (contract/*.ts, shared with the server, so in English) in the
 * page's language. useSchemaForm shows each field's error through this; a message not listed here,
 * or one the server already wrote in the page's language, is shown as it is.
 *
 * Covers the contact form, the consultation booking, the e-mail and name rules they share with the
 * discount popup, and the address, checkout and card fields; another form's messages can be added
 * beside them.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const EXACT = new Map<string, MessageDescriptor>(
  Object.entries({
    'Name is required': msg`Name is required`,
    'Full name is required': msg`Full name is required`,
    'Email is required': msg`Email is required`,
    'Enter a valid email address': msg`Enter a valid email address`,
    'Subject is required': msg`Subject is required`,
    'Message is required': msg`Message is required`,
    'Phone number is required': msg`Phone number is required`,
    'Enter a valid phone number': msg`Enter a valid phone number`,
    'Choose a goal': msg`Choose a goal`,
    'Choose your experience level': msg`Choose your experience level`,
    'Preferred date is required': msg`Preferred date is required`,
    'Enter a date like 2026-05-31': msg`Enter a date like 2026-05-31`,
    'Choose a date in the future': msg`Choose a date in the future`,
    'Preferred time is required': msg`Preferred time is required`,
    'Enter a time like 14:30': msg`Enter a time like 14:30`,
    // The address, checkout and card fields' rules (contract/orders.ts, checkout-rules.ts): fragments
    // the fields write as sentences ("Is required."); French says the whole sentence.
    'is required': msg`is required`,
    'is too long': msg`is too long`,
    'must be a Canadian postal code such as A1A 1A1': msg`must be a Canadian postal code such as A1A 1A1`,
    'must be a 10-digit phone number such as 416-555-0123': msg`must be a 10-digit phone number such as 416-555-0123`,
    'must be a Canadian province or territory code such as ON or QC': msg`must be a Canadian province or territory code such as ON or QC`,
    'We only ship to Canada (CA).': msg`We only ship to Canada (CA).`,
    'must be a card number': msg`must be a card number`,
    'must be MM/YY': msg`must be MM/YY`,
    'must be 3 or 4 digits': msg`must be 3 or 4 digits`,
  }),
);

/** Messages with a number or a time in them: the pattern, then the message for its parts. */
/** A match's groups (one or two of them; an absent second is an empty string). */
type Parts = [string, string];

const PATTERNS: [RegExp, (parts: Parts) => MessageDescriptor][] = [
  [
    /^(Name|Full name|Email|Subject|Message) must be at most (\d+) characters$/,
    ([field, count]) => {
      switch (field) {
        case 'Name':
          return msg`Name must be at most ${count} characters`;
        case 'Full name':
          return msg`Full name must be at most ${count} characters`;
        case 'Email':
          return msg`Email must be at most ${count} characters`;
        case 'Subject':
          return msg`Subject must be at most ${count} characters`;
        default:
          return msg`Message must be at most ${count} characters`;
      }
    },
  ],
  [
    /^Message must be at least (\d+) characters$/,
    ([count]) => msg`Message must be at least ${count} characters`,
  ],
  [
    /^Choose a date within the next (\d+) days$/,
    ([count]) => msg`Choose a date within the next ${count} days`,
  ],
  [
    /^Choose a time between (\S+) and (\S+)$/,
    ([opens, closes]) => msg`Choose a time between ${opens} and ${closes}`,
  ],
];

/** `message` in the page's language when it is one of the contract's; as it is otherwise. */
export function fieldErrorText(message: string, i18n?: I18n): string {
  if (!i18n) return message;
  const exact = EXACT.get(message);
  if (exact) return i18n._(exact);
  for (const [pattern, describe] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return i18n._(describe([match[1] ?? '', match[2] ?? '']));
  }
  return message;
}
