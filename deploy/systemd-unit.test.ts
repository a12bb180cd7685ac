import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseEnv } from '../apps/api/src/env';
import { HAND_BACK_MS } from '../apps/api/src/jobs/queue';

/**
 * deploy/autoparts@.service as systemd reads it: the settings of its [Service] section (a name
 * given twice, as Environment=, keeps every value).
 */
function serviceSettings(): Map<string, string[]> {
  const unit = fs.readFileSync(path.join(import.meta.dirname, 'autoparts@.service'), 'utf8');
  const service = /^\[Service\]$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(unit)?.[1] ?? '';
  const settings = new Map<string, string[]>();
  for (const line of service.split('\n')) {
    const setting = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (setting) settings.set(setting[1]!, [...(settings.get(setting[1]!) ?? []), setting[2]!]);
  }
  return settings;
}

it("gives the shop a DATA_DIR systemd makes for the service's user, the one place it may write", () => {
  const settings = serviceSettings();
  const dataDir = settings.get('Environment')?.find((value) => value.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
  // StateDirectory= is made (and owned by User=) at every start, writable under ProtectSystem=strict;
  // ReadWritePaths= of a directory that does not exist stops the start (226/NAMESPACE).
  expect(settings.get('ProtectSystem')).toEqual(['strict']);
  expect(settings.get('StateDirectory')).toEqual(['autoparts/%i']);
  expect(dataDir).toBe('/var/lib/autoparts/%i');
  expect(settings.get('StateDirectoryMode')).toEqual(['0700']);
  expect(settings.has('ReadWritePaths')).toBe(false);
});

it('waits for a drain at its longest before it kills the instance', () => {
  const settings = serviceSettings();
  const { graceMs, timeoutMs } = parseEnv({}, { tty: false }).shutdown;
  // The grace period, then the workers' stop (its bound, the hand-back and 2 s), with room to close.
  const drainMs = graceMs + timeoutMs + HAND_BACK_MS + 2_000;
  expect(Number(settings.get('TimeoutStopSec')?.[0]) * 1000).toBeGreaterThan(drainMs + 5_000);
  expect(settings.get('KillSignal')).toEqual(['SIGTERM']);
});
