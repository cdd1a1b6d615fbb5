/**
 * The shop's one e-mail layout: every message is plain text plus HTML carrying the shop's name,
 * with its fixed texts (the footer) and its `lang` in the message's language, English unless told.
 */
import { escapeHtml } from '../../../contract/html.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';

export const SHOP_NAME = 'Forge Nutrition';

export interface MailContent {
  /** First line of the message, e.g. "Your discount code". */
  heading: string;
  paragraphs: string[];
  /** A code the reader has to copy (discount code, one-time code), shown large in the HTML. */
  code?: string;
  /** A link the reader should follow (reset link), shown as a button in the HTML. */
  action?: { label: string; url: string };
  /** A further, lesser link after the action (e.g. "Create an account"), shown as a plain link. */
  secondaryAction?: { label: string; url: string };
  /** Links of equal weight after the paragraphs (e.g. "Review …" per product), shown as a list. */
  links?: { label: string; url: string }[];
  /** Labelled values, e.g. the fields of a contact message forwarded to the shop. */
  details?: { label: string; value: string }[];
}

export interface RenderedMail {
  text: string;
  html: string;
}

const FOOTERS: Record<Locale, string> = {
  'en-CA': `${SHOP_NAME} — sports nutrition, delivered across Canada.`,
  'fr-CA': `${SHOP_NAME} — nutrition sportive, livrée partout au Canada.`,
};

/** What follows a label in the text part: French puts a no-break space before the colon. */
const COLONS: Record<Locale, string> = { 'en-CA': ': ', 'fr-CA': '\u00a0: ' };

/** The `lang` of a message's HTML: English mails keep the `en` they always had. */
const LANG_ATTRIBUTES: Record<Locale, string> = { 'en-CA': 'en', 'fr-CA': 'fr-CA' };

export function renderMail(content: MailContent, locale: Locale = DEFAULT_LOCALE): RenderedMail {
  return { text: renderText(content, locale), html: renderHtml(content, locale) };
}

/** Wraps bare plain text in the shop's layout, for callers that only have text. */
export function htmlFromText(text: string): string {
  const [heading = SHOP_NAME, ...rest] = text.split(/\n{2,}/);
  return renderHtml({ heading, paragraphs: rest });
}

function renderText(
  { heading, paragraphs, code, action, secondaryAction, links, details }: MailContent,
  locale: Locale,
): string {
  const colon = COLONS[locale];
  const blocks = [SHOP_NAME, heading, ...paragraphs];
  if (links?.length)
    blocks.push(links.map(({ label, url }) => `${label}${colon}${url}`).join('\n'));
  if (code) blocks.push(code);
  if (action) blocks.push(`${action.label}${colon}${action.url}`);
  if (secondaryAction) blocks.push(`${secondaryAction.label}${colon}${secondaryAction.url}`);
  if (details?.length) {
    blocks.push(details.map(({ label, value }) => `${label}${colon}${value}`).join('\n'));
  }
  blocks.push(`— ${FOOTERS[locale]}`);
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(
  { heading, paragraphs, code, action, secondaryAction, links, details }: MailContent,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const parts = [
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map(
      (p) => `<p style="margin:0 0 12px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`,
    ),
  ];
  if (links?.length) {
    const items = links
      .map(
        ({ label, url }) =>
          `<li style="margin:0 0 6px"><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`,
      )
      .join('');
    parts.push(`<ul style="margin:0 0 12px;padding-left:20px">${items}</ul>`);
  }
  if (code) {
    parts.push(
      `<p style="font-size:24px;font-weight:700;letter-spacing:2px;margin:16px 0">${escapeHtml(code)}</p>`,
    );
  }
  if (action) {
    parts.push(
      `<p style="margin:16px 0"><a href="${escapeHtml(action.url)}" style="background:#111;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>`,
      `<p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`,
    );
  }
  if (secondaryAction) {
    parts.push(
      `<p style="margin:12px 0"><a href="${escapeHtml(secondaryAction.url)}">${escapeHtml(secondaryAction.label)}</a></p>`,
    );
  }
  if (details?.length) {
    const rows = details
      .map(
        ({ label, value }) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`,
      )
      .join('');
    parts.push(`<table style="border-collapse:collapse;margin:12px 0">${rows}</table>`);
  }
  return [
    '<!doctype html>',
    `<html lang="${LANG_ATTRIBUTES[locale]}"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f5f5f5;margin:0;padding:24px">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:6px">',
    `<p style="font-weight:700;letter-spacing:1px;text-transform:uppercase;margin:0 0 20px">${SHOP_NAME}</p>`,
    ...parts,
    `<p style="font-size:12px;color:#777;margin:24px 0 0">${escapeHtml(FOOTERS[locale])}</p>`,
    '</div></body></html>',
  ].join('\n');
}
