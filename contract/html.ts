/**
 * Text made safe to write into HTML, in an element or a quoted attribute: the e-mails the server
 * sends and the head of the pages it renders.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
