import {
  errorSchema,
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  photoMessages,
  photoUrl,
  uploadedPhotoSchema,
  type PhotoFormat,
} from '@autoparts/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { PhotoRejected, processPhoto } from './photos';
import { createImagesRepository } from './repository';

/** A variant's bytes never change (a new photo gets a new id), so browsers and CDNs keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const VARIANT_FILE = new RegExp(`^(\\d{1,4})\\.(${PHOTO_FORMATS.join('|')})$`);
/**
 * Memory the photos read most lately may hold: about 2,000 variants of 16 KB (a 480 px AVIF),
 * every card of a busy catalogue, so that the same photos asked for again and again (a page of
 * cards for every visitor, a flood of one URL) are sent from memory, not read from the database.
 */
const CACHED_BYTES = 32 * 1024 * 1024;

/**
 * Product photos: admins upload one as the raw request body (no multipart: one file,
 * no other fields); anyone reads its variants. Decision 015 says why.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = createImagesRepository(app.db);
  const audit = createAuditLog(app.db);

  // In this plugin only: any body arrives as bytes, whatever type the browser declared, and the
  // bytes decide (photos.ts). The size limit is the route's.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/admin/images',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      bodyLimit: PHOTO_MAX_BYTES,
      schema: {
        tags: ['admin'],
        security,
        description: `The photo's bytes as the body (JPEG, PNG or WebP, at most ${PHOTO_MAX_BYTES} bytes).`,
        response: { 200: uploadedPhotoSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 415: errorSchema },
      },
      errorHandler: (error, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: photoMessages.tooLarge });
        if (error.code === 'FST_ERR_CTP_EMPTY_BODY') return reply.code(415).send({ message: photoMessages.wrongType });
        throw error;
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) return reply.code(415).send({ message: photoMessages.wrongType });
      let photo;
      try {
        photo = await processPhoto(body);
      } catch (error) {
        if (!(error instanceof PhotoRejected)) throw error;
        if (error.problem === 'wrong-type') return reply.code(415).send({ message: photoMessages.wrongType });
        if (error.problem === 'too-many-pixels' && error.size) return reply.code(400).send({ message: photoMessages.tooManyPixels(error.size.width, error.size.height) });
        return reply.code(400).send({ message: photoMessages.unreadable });
      }
      const identity = identityOf(request);
      const id = await images.add(photo, identity.userId);
      await audit.record(identity, 'image.upload', `image ${id}`, { width: photo.width, height: photo.height });
      return { _id: id, url: photoUrl(id, photo.width), width: photo.width, height: photo.height };
    },
  );

  // A variant's bytes never change and no photo is deleted, so what memory holds is never stale
  // and no instance needs to hear of a change (decision 153).
  const cached = new LRUCache<string, { type: string; bytes: Buffer }>({ maxSize: CACHED_BYTES, sizeCalculation: (entry) => entry.bytes.length });
  const send = (reply: FastifyReply, entry: { type: string; bytes: Buffer }) =>
    reply.header('content-type', entry.type).header('cache-control', IMMUTABLE).send(entry.bytes);

  app.get(
    '/images/:id/:file',
    {
      // A photo in memory is sent before the read limit counts anything: only what the database
      // is asked for counts (a scraper walking every photo, or a flood of ids that name none).
      onRequest: (request, reply, done) => {
        const { id, file } = request.params as { id: string; file: string };
        const entry = cached.get(`${id}/${file}`);
        if (!entry) return done();
        void send(reply, entry);
      },
      config: app.limitedBy('photoReads'),
      schema: {
        tags: ['images'],
        // No response schema: 200 is the image's bytes as stored, 404 the usual `{ message }`.
        description: 'One variant of a photo: `{width}.avif` or `{width}.webp`; 404 `{ message }` when there is none.',
        params: z.object({ id: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const match = VARIANT_FILE.exec(request.params.file);
      const bytes = match && (await images.variant(request.params.id, match[2] as PhotoFormat, Number(match[1])));
      if (!bytes) return reply.code(404).send({ message: photoMessages.notFound });
      // A copy of its own: the driver's bytes may be a view of a larger buffer.
      const entry = { type: `image/${match[2]}`, bytes: Buffer.from(bytes) };
      cached.set(`${request.params.id}/${request.params.file}`, entry);
      return send(reply, entry);
    },
  );
};
