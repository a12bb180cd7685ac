import path from 'node:path';

/**
 * The SMTP server of the journeys (./smtp-sink.ts): the shop sends its mail there (SMTP_URL), and
 * the sink keeps each message as a JSON file in `mailDir` for the tests to read.
 */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3102);
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
export const mailDir = path.join(import.meta.dirname, `../.tmp/mail-${smtpPort}`);
