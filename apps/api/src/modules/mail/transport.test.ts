import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/wait';
import { parseEnv } from '../../env';
import { createMailTransport } from './transport';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transport-'));
const log = Fastify({ logger: { level: 'silent' } }).log;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('without SMTP_URL', () => {
  const transport = createMailTransport(parseEnv({ DATA_DIR: dataDir }), log);
  const message = (id: string) => ({ id, to: 'a@example.com', subject: `Message ${id}`, html: '<p>Hi</p>', text: 'Hi' });
  const written = () => (fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')) : []);

  it('writes each message to DATA_DIR/outbox/, and makes that folder again when it has gone', async () => {
    await transport.send(message('11111111-1111-4111-8111-111111111111'));
    await transport.send(message('22222222-2222-4222-8222-222222222222'));
    expect(written()).toHaveLength(2);
    // Removed while the shop runs (a newcomer tidying up): the next message still arrives.
    fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    await transport.send(message('33333333-3333-4333-8333-333333333333'));
    expect(written()).toEqual([expect.stringMatching(/-33333333-3333-4333-8333-333333333333\.eml$/)]);
  });

  it('shows a message whole or not at all: written under another name, then renamed into place', async () => {
    const outbox = path.join(dataDir, 'outbox');
    await transport.send(message('66666666-6666-4666-8666-666666666666'));
    const events: string[] = [];
    const watcher = fs.watch(outbox, (event, name) => events.push(`${event} ${name ?? ''}`));
    try {
      await transport.send(message('77777777-7777-4777-8777-777777777777'));
      // inotify reports a folder's changes in the order they happened: once the marker's creation
      // is heard, every change the message made has been heard too.
      fs.writeFileSync(path.join(outbox, 'marker'), '');
      await eventually(async () => events.includes('rename marker'));
    } finally {
      watcher.close();
      fs.rmSync(path.join(outbox, 'marker'), { force: true });
    }
    // Created and then written (`rename`, then `change`), a reader could open it empty between the
    // two (an API test once read an invitation with no text); moved into place, it appears once, whole.
    expect(events.filter((event) => /-77777777-7777-4777-8777-777777777777\.eml$/.test(event))).toEqual([expect.stringMatching(/^rename /)]);
    expect(written().filter((name) => !name.endsWith('.eml'))).toEqual([]);
  });

  it('keeps the folder and its messages to their owner: 0700 and 0600', async () => {
    await transport.send(message('44444444-4444-4444-8444-444444444444'));
    const outbox = path.join(dataDir, 'outbox');
    expect((fs.statSync(outbox).mode & 0o777).toString(8)).toBe('700');
    for (const file of written()) expect((fs.statSync(path.join(outbox, file)).mode & 0o777).toString(8)).toBe('600');
  });
});

describe('MAIL_REPLY_TO', () => {
  const message = { id: '55555555-5555-4555-8555-555555555555', to: 'a@example.com', subject: 'Return RMA-000008 not accepted', html: '<p>Hi</p>', text: 'Hi' };
  const sent = async (env: Record<string, string>) => {
    const directory = fs.mkdtempSync(path.join(dataDir, 'reply-'));
    await createMailTransport(parseEnv({ DATA_DIR: directory, ...env }), log).send(message);
    const [file] = fs.readdirSync(path.join(directory, 'outbox'));
    return fs.readFileSync(path.join(directory, 'outbox', file ?? ''), 'utf8');
  };

  it('is every message’s Reply-To; unset, a message has none (a reply goes to MAIL_FROM)', async () => {
    expect(await sent({ MAIL_REPLY_TO: 'help@example.com' })).toMatch(/^Reply-To: help@example\.com$/m);
    expect(await sent({})).not.toMatch(/^Reply-To:/m);
  });

  it('is an address or nothing', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir, MAIL_REPLY_TO: 'help@example.com\r\nBcc: x@example.com' })).toThrow(/MAIL_REPLY_TO/);
  });
});
