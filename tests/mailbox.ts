// A small reader for raw RFC 5322 messages (mailparser is not a dependency): headers with
// folding and encoded words, multipart bodies, quoted-printable and base64 parts.
import fs from 'node:fs';
import path from 'node:path';

export interface ParsedMail {
  /** Header names lower-cased; a repeated header keeps its first value. */
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The first text/plain part, decoded. */
  text: string | null;
  /** The first text/html part, decoded. */
  html: string | null;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeadersAndBody(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const blank = normalised.indexOf('\n\n');
  const head = blank === -1 ? normalised : normalised.slice(0, blank);
  const body = blank === -1 ? '' : normalised.slice(blank + 2);
  const headers = new Map<string, string>();
  // Unfold: a line starting with white space continues the previous header.
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?charset?Q|B?text?=), as nodemailer writes non-ASCII subjects. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, text: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text.replace(/_/g, ' '));
      return bytes.toString(normaliseCharset(charset));
    });
}

function normaliseCharset(charset: string | undefined): BufferEncoding {
  const c = (charset ?? 'utf-8').toLowerCase();
  if (c === 'us-ascii' || c === 'ascii') return 'ascii';
  if (c === 'iso-8859-1' || c === 'latin1') return 'latin1';
  return 'utf8';
}

function qpBytes(text: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(out);
}

/** Quoted-printable: soft line breaks (`=` at a line end) join lines, `=XX` are bytes. */
export function decodeQuotedPrintable(text: string, charset?: string): string {
  const joined = text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/=\n/g, '');
  return qpBytes(joined).toString(normaliseCharset(charset));
}

function parameters(value: string): { value: string; params: Record<string, string> } {
  const [first, ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq === -1) continue;
    params[piece.slice(0, eq).trim().toLowerCase()] = piece
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { value: (first ?? '').trim().toLowerCase(), params };
}

function decodeBody(part: Part, charset: string | undefined): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body, charset);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString(normaliseCharset(charset));
  return part.body;
}

function leaves(part: Part, out: { type: string; content: string }[]): void {
  const type = parameters(part.headers.get('content-type') ?? 'text/plain');
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (!boundary) throw new Error('multipart message without a boundary');
    const delimiter = `--${boundary}`;
    const chunks = part.body.split('\n');
    let current: string[] | null = null;
    for (const line of chunks) {
      if (line === delimiter || line === `${delimiter}--`) {
        if (current) leaves(splitHeadersAndBody(current.join('\n')), out);
        current = line === delimiter ? [] : null;
        if (line !== delimiter) break;
        continue;
      }
      current?.push(line);
    }
    return;
  }
  out.push({ type: type.value, content: decodeBody(part, type.params.charset) });
}

export function parseMail(raw: string | Buffer): ParsedMail {
  const top = splitHeadersAndBody(typeof raw === 'string' ? raw : raw.toString('utf8'));
  const found: { type: string; content: string }[] = [];
  leaves(top, found);
  const header = (name: string) => decodeEncodedWords(top.headers.get(name) ?? '');
  return {
    headers: top.headers,
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    text: found.find((p) => p.type === 'text/plain')?.content ?? null,
    html: found.find((p) => p.type === 'text/html')?.content ?? null,
  };
}

/** The 4-digit code of an OTP mail, read from its plain-text part. */
export function otpCodeOf(mail: ParsedMail): string {
  const match = /Your code is (\d{4})\./.exec(mail.text ?? '');
  if (!match) throw new Error(`No code in the mail's text part: ${mail.text}`);
  return match[1]!;
}

/** The `.eml` files of a development outbox, oldest first (as the mailer names them). */
export function outboxFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => path.join(dir, name));
}
