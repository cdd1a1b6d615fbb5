import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface OutgoingMail {
  id: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  /** 'smtp' with SMTP_URL, 'file' when messages are written as .eml files. */
  readonly kind: 'smtp' | 'file';
  /** Delivers one message; resolves with where it went (SMTP message id or file path). */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

export interface MailSenderOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string;
  log: FastifyBaseLogger;
}

/** An SMTP answer in the 5xx range: retrying the same message cannot succeed. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailSender(options: MailSenderOptions): MailSender {
  return options.smtpUrl ? smtpSender(options.smtpUrl, options) : fileSender(options);
}

function smtpSender(url: string, { from }: MailSenderOptions): MailSender {
  const transport = nodemailer.createTransport({
    url,
    // Reused connections: opening one per message costs ~100 ms even against a local server.
    pool: true,
    maxConnections: 3,
    // Bounded waits: a hanging server delays only the worker, and the row is retried later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      return info.messageId;
    },
    close: () => transport.close(),
  };
}

function fileSender({ from, mailDir, log }: MailSenderOptions): MailSender {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${stamp}-${mail.id}.eml`);
      await writeFile(file, info.message);
      // The recipient is a person's data: the line names the message, whose row holds it.
      log.info({ mailId: mail.id, subject: mail.subject, file }, 'e-mail written');
      return file;
    },
    close: () => transport.close(),
  };
}

function message(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // A stable Message-ID lets a receiving server drop the duplicate if a lease ever expired mid-send.
    messageId: `<${mail.id}@forgenutrition.local>`,
  };
}
