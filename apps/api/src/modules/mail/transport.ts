import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../env';
import { OWNER_ONLY } from '../../lib/owner-only';

interface OutgoingMail {
  /** The outbox row's id: the Message-ID, so a message sent twice (a crash) is one message. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How mail leaves the shop: through the SMTP server of `SMTP_URL` with nodemailer, or,
 * without one, as `.eml` files in `DATA_DIR/outbox/`, each named in a log line, so that a shop
 * started with no configuration still shows its reset links.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const domain = new URL(config.baseUrl).hostname;
  const message = (mail: OutgoingMail) => ({
    from: config.mail.from,
    ...(config.mail.replyTo ? { replyTo: config.mail.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: `<${mail.id}@${domain}>`,
  });

  if (config.mail.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      // Up to 5 connections kept open and reused (the worker sends 5 at a time).
      pool: true,
      maxConnections: 5,
      // A send is bounded, so a claimed message is never held longer than the claim lasts.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }

  const directory = path.join(config.dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Made when the first message is written, not for each (a system call per message under load);
  // made again if it has gone since. The folder and its messages are the owner's only (their links sign in).
  let made: Promise<unknown> | undefined;
  const madeDirectory = () =>
    (made ??= mkdir(directory, { recursive: true, mode: OWNER_ONLY.directory }).catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  // Written under a name no reader looks for (a dot first, no `.eml`), then renamed, which is
  // atomic: whoever reads the folder (the API's tests, a newcomer's file viewer) finds a message
  // whole or not at all, never the empty file `writeFile` makes before it writes. A crash between
  // the two leaves a `.….part` file, never a half message.
  const put = async (file: string, bytes: Buffer) => {
    const part = path.join(directory, `.${path.basename(file)}.part`);
    await writeFile(part, bytes, { mode: OWNER_ONLY.file });
    await rename(part, file);
  };
  const write = async (file: string, bytes: Buffer) => {
    await madeDirectory();
    try {
      await put(file, bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      made = undefined;
      await madeDirectory();
      await put(file, bytes);
    }
  };
  return {
    async send(mail) {
      const info = await transporter.sendMail(message(mail));
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await write(file, info.message as Buffer);
      // The file's text is quoted-printable; its links, as they are, save a newcomer decoding it.
      // Not in production, where a reset link in a log would be a password in a log.
      const links = config.production ? undefined : (mail.text.match(/https?:\/\/\S+/g) ?? []);
      log.info({ file, to: mail.to, subject: mail.subject, links }, `mail written to ${file} (SMTP_URL is not set)`);
    },
    close: () => transporter.close(),
  };
}
