import type { Executor } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { mailOutbox } from './tables.ts';
import { htmlFromText } from './templates.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part. Build both parts with `renderMail` from ./templates.ts. */
  text: string;
  /** The HTML part; when left out, the text is wrapped in the shop's layout. */
  html?: string;
  /** What the message is for (`coupon`, `password-reset`, ...). */
  kind?: string;
  replyTo?: string;
}

/**
 * Queues an e-mail. Call it with the transaction of the change that causes the mail, so the
 * message exists exactly when the change committed; the mail worker delivers it afterwards.
 * Returns the outbox row's id.
 */
export async function enqueueMail(executor: Executor, message: MailMessage): Promise<string> {
  const id = newId('mail');
  await executor.insert(mailOutbox).values({
    id,
    kind: message.kind ?? 'general',
    toAddress: message.to,
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? htmlFromText(message.text),
  });
  return id;
}
