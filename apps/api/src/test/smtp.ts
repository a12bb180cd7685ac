import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './wait';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  messageId: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: no authentication, no TLS. */
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  /**
   * While on, a message's data is read and never answered (a server that hangs); it is counted in
   * `held`, never received. Off, messages are taken again.
   */
  hold(on: boolean): void;
  /** Messages held unanswered so far. */
  held(): number;
  /**
   * Messages that arrive from now on wait unanswered until the function returned is called, which
   * takes them (received, answered 250) and the ones after at once again.
   */
  stall(): () => void;
  /** Messages waiting in a stall. */
  stalled(): number;
  /** Waits until a message to `to` matching `subject` has arrived, and answers it. */
  waitFor(to: string, subject: RegExp): Promise<ReceivedMail>;
  /** Messages received for `to`. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on loopback; messages parsed with mailparser. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let holding = false;
  let held = 0;
  let stalled: Array<() => void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          if (holding) {
            held += 1;
            return;
          }
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          const take = () => {
            received.push({
              to: addresses(parsed.to),
              from: addresses(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            });
            callback();
          };
          if (stalled) stalled.push(take);
          else take();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => received.filter((mail) => mail.to === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    hold(on) {
      holding = on;
    },
    held: () => held,
    stall() {
      const waiting: Array<() => void> = [];
      stalled = waiting;
      return () => {
        if (stalled === waiting) stalled = undefined;
        for (const take of waiting.splice(0)) take();
      };
    },
    stalled: () => stalled?.length ?? 0,
    to,
    async waitFor(address, subject) {
      let found: ReceivedMail | undefined;
      await eventually(async () => {
        found = to(address).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      });
      return found as ReceivedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addresses(field: ParsedMail['to'] | ParsedMail['from']): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((entry) => entry.value.map((address) => address.address ?? ''))
    .join(', ')
    .toLowerCase();
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in: ${mail.text}`);
  return link;
}
