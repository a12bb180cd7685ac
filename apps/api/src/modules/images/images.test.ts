import { PHOTO_MAX_BYTES, photoMessages, photoUrl, type UploadedPhoto } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(app, 'photo-admin'), signUpCustomer(app, 'photo-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

/** A real photo-like picture: a gradient, so the encoders have something to encode. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 120;
    pixels[i + 2] = 200;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/** CRC-32 of PNG chunks (ISO 3309), bit by bit: a test's few bytes need no table. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG of a few dozen bytes whose header declares `width` × `height` pixels (a decompression bomb's shape). */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filters, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(body: Buffer, { who = admin as Customer | null, type = 'image/png' } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: { 'content-type': type, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
  });
}

async function imageCount() {
  const row = await app.db.selectFrom('images').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/admin/images', () => {
  it('keeps a photo resized into 240, 480 and 960 px, as AVIF and WebP, each served for a year with its real size', async () => {
    const response = await upload(await picture(1600, 1200, 'png'));

    expect(response.statusCode, response.body).toBe(200);
    const photo = response.json<UploadedPhoto>();
    expect(photo).toMatchObject({ width: 960, height: 720, url: photoUrl(photo._id, 960) });
    for (const [width, height] of [
      [240, 180],
      [480, 360],
      [960, 720],
    ] as const) {
      for (const format of ['avif', 'webp'] as const) {
        const served = await app.inject({ method: 'GET', url: photoUrl(photo._id, width, format) });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect([metadata.width, metadata.height]).toEqual([width, height]);
      }
    }
  });

  it('empties no cached catalogue read: a photo shows only once a part names it, a change of the part (decision 152)', async () => {
    await app.publicCache.caughtUp();
    const version = app.publicCache.version();
    expect((await upload(await picture(300, 200, 'png'))).statusCode).toBe(200);
    await app.publicCache.caughtUp();
    expect(app.publicCache.version()).toBe(version);
  });

  it('sends a photo read once from memory again: its bytes never change (decision 153)', async () => {
    const photo = (await upload(await picture(300, 200, 'png'))).json<UploadedPhoto>();
    const first = await app.inject({ method: 'GET', url: photoUrl(photo._id, 240, 'avif') });
    expect(first.statusCode).toBe(200);

    // Gone from the database behind the shop's back: what memory holds is still sent, whole.
    await app.db.deleteFrom('image_variants').where('image_id', '=', photo._id).execute();
    const again = await app.inject({ method: 'GET', url: photoUrl(photo._id, 240, 'avif') });
    const unread = await app.inject({ method: 'GET', url: photoUrl(photo._id, 240, 'webp') });

    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('image/avif');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(unread.statusCode).toBe(404);
  });

  it('never enlarges a small photo, and takes JPEG and WebP as well as PNG', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const response = await upload(await picture(200, 100, format), { type: `image/${format}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ width: 200, height: 100 });
      const id = response.json<UploadedPhoto>()._id;
      expect((await app.inject({ method: 'GET', url: photoUrl(id, 200, 'avif') })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: photoUrl(id, 240, 'avif') })).statusCode).toBe(404);
    }
  });

  it('judges by the bytes, not the declared type: a PNG sent as octet-stream is a photo', async () => {
    const response = await upload(await picture(300, 200, 'png'), { type: 'application/octet-stream' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['a text file declared as a PNG', () => Promise.resolve(Buffer.from('<?php echo "not a photo"; ?>')), 'image/png'],
    ['a GIF declared as a JPEG', () => picture(40, 40, 'gif'), 'image/jpeg'],
    ['an empty body', () => Promise.resolve(Buffer.alloc(0)), 'image/png'],
  ])('refuses %s with 415', async (_label, make, type) => {
    const before = await imageCount();
    const response = await upload(await make(), { type });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({ message: photoMessages.wrongType });
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file that starts like a PNG but is not one with 400', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    const response = await upload(fake);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: photoMessages.unreadable });
  });

  it('refuses a small PNG that declares 30,000 × 30,000 pixels with 400 saying the pixel limit, not that it could not be read', async () => {
    const before = await imageCount();
    const response = await upload(declaredPng(30_000, 30_000));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: photoMessages.tooManyPixels(30_000, 30_000) });
    expect(response.json<{ message: string }>().message).toContain('50 million pixels');
    expect(await imageCount()).toBe(before);
  });

  it(`refuses a file over ${PHOTO_MAX_BYTES} bytes with 413, before reading it all`, async () => {
    const png = await picture(64, 64, 'png');
    const oversized = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES + 1 - png.length)]);
    const response = await upload(oversized);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ message: photoMessages.tooLarge });
  });

  it('lets only admins upload: 401 signed out, 403 for a customer', async () => {
    const png = await picture(64, 64, 'png');
    const before = await imageCount();
    expect((await upload(png, { who: null })).statusCode).toBe(401);
    expect((await upload(png, { who: customer })).statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
  });
});

describe('GET /api/images/{id}/{file}', () => {
  it.each([
    '/api/images/0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d/960.webp',
    '/api/images/not-an-id/960.webp',
    '/api/images/0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d/960.gif',
    '/api/images/0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d/..%2F960.webp',
  ])('answers 404 for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: photoMessages.notFound });
  });
});
