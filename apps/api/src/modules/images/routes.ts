import {
  errorSchema,
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  photoMessages,
  photoUrl,
  uploadedPhotoSchema,
  type PhotoFormat,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.get(
    '/images/:id/:file',
    {
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
      return reply
        .header('content-type', `image/${match[2]}`)
        .header('cache-control', IMMUTABLE)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};
