/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it gets,
 * parsed by mailparser, as `<MAIL_DIR>/<n>.json` ({ to, subject, text, html }). No authentication,
 * no TLS: the shop's `SMTP_URL=smtp://127.0.0.1:<port>`.
 *
 * Run: SMTP_PORT=3102 MAIL_DIR=.tmp/mail tsx mail/smtp-sink.ts
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT);
const directory = process.env.MAIL_DIR;
if (!Number.isInteger(port) || port <= 0 || !directory) {
  console.error('smtp sink: SMTP_PORT and MAIL_DIR must be set');
  process.exit(2);
}
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
          .flatMap((field) => field.value.map((address) => address.address ?? ''))
          .join(', ')
          .toLowerCase();
        const message = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
        // Written whole, then named: a journey polling the folder never reads half a message
        // ("Unexpected end of JSON input" in companies.spec.ts while the sink was writing).
        const file = path.join(directory, `${count}.json`);
        writeFileSync(`${file}.part`, JSON.stringify(message));
        renameSync(`${file}.part`, file);
        callback();
      })
      .catch((error: unknown) => callback(error as Error));
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
