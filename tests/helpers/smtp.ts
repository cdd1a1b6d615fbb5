import { EventEmitter } from 'node:events';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Header values by lower-cased name (the first occurrence). */
  headers: Record<string, string>;
  /** The text/plain part ('' if none). */
  text: string;
  /** The text/html part ('' if none). */
  html: string;
  /** Content types of the leaf parts, in order. */
  partTypes: string[];
}

/**
 * How the server treats clients: 'accept' everything, refuse every connection with a temporary
 * error ('temporary', 421), or reject every recipient for good ('permanent', 550).
 */
export type SmtpMode = 'accept' | 'temporary' | 'permanent';

export interface TestSmtpServer {
  readonly port: number;
  /** The SMTP_URL that points nodemailer at this server. */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Connections the server has seen, refused ones included. */
  readonly connections: number;
  setMode(mode: SmtpMode): void;
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Starts listening (again) on the same port. */
  start(): Promise<void>;
  /** Stops listening: clients then get "connection refused". */
  stop(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Leave the server down at first (its port is reserved in the URL); call start() later. */
  down?: boolean;
}

/** A real SMTP server in this process, on a free local port, without TLS or authentication. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  let mode: SmtpMode = 'accept';
  let connections = 0;
  let server: SMTPServer | undefined;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 100,
      onConnect(_session, callback) {
        connections += 1;
        if (mode === 'temporary') return callback(smtpError('Service not available', 421));
        callback();
      },
      // Also refused on a connection opened before the mode changed (clients pool connections).
      onMailFrom(_address, _session, callback) {
        if (mode === 'temporary') return callback(smtpError('Try again later', 421));
        callback();
      },
      onRcptTo(_address, _session, callback) {
        if (mode === 'permanent') return callback(smtpError('Mailbox unavailable', 550));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parseMail(raw, {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          messages.push(mail);
          arrivals.emit('mail', mail);
          callback();
        });
      },
    });

  const handle: TestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get connections() {
      return connections;
    },
    setMode(next) {
      mode = next;
    },
    waitFor(match = () => true, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMail = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          reject(
            new Error(
              `no matching e-mail within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`,
            ),
          );
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    async start() {
      if (server) return;
      const next = create();
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  if (!options.down) await handle.start();
  return handle;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

/** Just enough MIME to read what nodemailer writes: nested multiparts, QP and base64 bodies. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitPart(raw);
  const leaves: MimePart[] = [];
  collectLeaves(root, leaves);
  const decoded = leaves.map((part) => ({
    type: (part.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
    body: decodeBody(part),
  }));
  return {
    ...envelope,
    raw,
    headers: root.headers,
    subject: decodeWords(root.headers.subject ?? ''),
    text: decoded.find((p) => p.type === 'text/plain')?.body ?? '',
    html: decoded.find((p) => p.type === 'text/html')?.body ?? '',
    partTypes: decoded.map((p) => p.type),
  };
}

function splitPart(source: string): MimePart {
  const normalized = source.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectLeaves(part: MimePart, leaves: MimePart[]): void {
  const type = part.headers['content-type'] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    leaves.push(part);
    return;
  }
  const sections = part.body.split(`--${boundary}`);
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    collectLeaves(splitPart(section.replace(/^\n/, '')), leaves);
  }
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body = part.body.replace(/\n$/, '');
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_m, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
