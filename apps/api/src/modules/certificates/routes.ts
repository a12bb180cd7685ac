import multipart from '@fastify/multipart';
import {
  CERTIFICATE_DOCUMENT_MAX_BYTES,
  adminCertificateListSchema,
  apiErrors,
  adminCertificatesQuerySchema,
  certificateFieldsSchema,
  certificateDecisionSchema,
  certificateIdParamsSchema,
  certificateListSchema,
  CERTIFICATE_ROLES,
  certificateMessages,
  certificateRejectionSchema,
  certificateSchema,
  companyMessages,
  errorSchema,
  locationIdParamsSchema,
  paths,
  visibleText,
  type CertificateDocumentType,
} from '@autoparts/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/content-disposition';
import { isStorableText } from '../../lib/storable-text';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { schemaWords } from '../../plugins/errors';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { memberGuard, memberWrite } from '../companies/member-of';
import { createCompaniesRepository } from '../companies/repository';
import { sniffPhotoType } from '../images/photos';
import { createCertificatesRepository, utcDay } from './repository';

/** What a document's first bytes say it is: a PDF (`%PDF-`) or a photo the shop reads. */
function documentType(bytes: Buffer): CertificateDocumentType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const photo = sniffPhotoType(bytes);
  return photo && `image/${photo}`;
}

/**
 * Resale certificates (decision 082). Who may call each route:
 *
 * | route                                                | owner | accounts | buyer, viewer | admin |
 * |------------------------------------------------------|-------|----------|---------------|-------|
 * | GET /company/locations/{id}/certificates             |  yes  |   yes    |      yes      |  —    |
 * | POST /company/locations/{id}/certificates            |  yes  |   yes    |      403      |  —    |
 * | GET /company/certificates/{id}/document              |  yes  |   yes    |      403      |  —    |
 * | GET /admin/certificates, POST …/{id}/verify,         |   —   |    —     |       —       |  yes  |
 * |   POST …/{id}/reject, POST …/{id}/revoke,            |       |          |               |       |
 * |   GET /admin/certificates/{id}/document              |       |          |               |       |
 *
 * Not a member: 404; signed out: 401. A location of another company is 404.
 */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = createCertificatesRepository(app.db);
  const companies = createCompaniesRepository(app.db, app.mail, app.config.baseUrl);
  const tags = ['company'];
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

  await app.register(multipart, { limits: { fileSize: CERTIFICATE_DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 } });

  const memberOf = memberGuard(companies);
  // A write runs with the company locked and the caller's role read again (member-of.ts).
  const asMember = memberWrite(companies);

  const sendDocument = (reply: FastifyReply, document: { document: Uint8Array; document_type: string; document_name: string }) =>
    reply
      .header('content-type', document.document_type)
      .header('content-disposition', attachment(document.document_name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(document.document));

  app.get(
    '/company/locations/:id/certificates',
    { onRequest: app.requireUser, schema: { tags, security, params: locationIdParamsSchema, response: { 200: certificateListSchema, ...errors } } },
    async (request, reply) => {
      const membership = await memberOf(request, reply);
      if (!membership) return reply;
      return (await certificates.ofLocation(membership.company.id, request.params.id)) ?? reply.code(404).send({ message: companyMessages.locationNotFound });
    },
  );

  app.post(
    '/company/locations/:id/certificates',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('company'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: \`state\`, \`number\` and \`expiresOn\` (YYYY-MM-DD), then \`file\` (a PDF, JPEG, PNG or WebP of at most ${CERTIFICATE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB). Replaces the location's certificate for that state, which then awaits verification.`,
        params: locationIdParamsSchema,
        response: { 200: certificateSchema, 400: errorSchema, ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, CERTIFICATE_ROLES, certificateMessages.mayNot);
      if (!membership) return reply;
      if (!request.isMultipart()) return reply.code(400).send({ message: certificateMessages.fileRequired });
      const fields: Record<string, unknown> = {};
      let upload: { bytes: Buffer; name: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = part.value;
          else if (part.fieldname === 'file' && !upload) {
            if (fields.state === undefined && fields.number === undefined && fields.expiresOn === undefined) {
              part.file.resume();
              return await reply.code(400).send({ message: certificateMessages.fieldsFirst });
            }
            upload = { bytes: await part.toBuffer(), name: part.filename || 'certificate' };
          } else part.file.resume();
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) return reply.code(413).send({ message: certificateMessages.fileTooLarge });
        throw error;
      }
      // The form's parts are read here, not by the JSON guard (plugins/request-guards.ts): the same
      // refusal for text PostgreSQL cannot store, in a field or in the file's name.
      if (Object.values(fields).some((value) => typeof value === 'string' && !isStorableText(value)) || (upload && !isStorableText(upload.name))) {
        return reply.code(400).send({ message: apiErrors.invalidText });
      }
      const form = certificateFieldsSchema(utcDay()).safeParse(fields);
      if (!form.success) return reply.code(400).send({ message: schemaWords(form.error) });
      if (!upload || upload.bytes.length === 0) return reply.code(400).send({ message: certificateMessages.fileRequired });
      const type = documentType(upload.bytes);
      if (!type) return reply.code(400).send({ message: certificateMessages.fileType });
      // Picked, not typed: its direction controls are dropped, as a name's are ("resale\u202Efdp.gnp"
      // is not shown to the admin as "resalepng.pdf"; decision 220).
      const document = { bytes: upload.bytes, type, name: visibleText(upload.name).slice(0, 200) || 'certificate' };
      const written = await asMember(
        request,
        reply,
        membership.company.id,
        CERTIFICATE_ROLES,
        (trx) => createCertificatesRepository(trx).upload(membership.company.id, request.params.id, form.data, document, identityOf(request).userId),
        certificateMessages.mayNot,
      );
      if (!written) return reply;
      return written.value ?? reply.code(404).send({ message: companyMessages.locationNotFound });
    },
  );

  app.get(
    '/company/certificates/:id/document',
    { onRequest: app.requireUser, schema: { tags, security, params: certificateIdParamsSchema, response: { ...errors } } },
    async (request, reply) => {
      const membership = await memberOf(request, reply, CERTIFICATE_ROLES, certificateMessages.mayNot);
      if (!membership) return reply;
      const document = await certificates.document(request.params.id, membership.company.id);
      return document ? sendDocument(reply, document) : reply.code(404).send({ message: certificateMessages.notFound });
    },
  );

  app.get(
    '/admin/certificates',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, querystring: adminCertificatesQuerySchema, response: { 200: adminCertificateListSchema, ...adminErrors } } },
    async (request) => certificates.list(request.query.status, request.query.page),
  );

  app.get(
    '/admin/certificates/:id/document',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, params: certificateIdParamsSchema, response: { ...adminErrors } } },
    async (request, reply) => {
      const document = await certificates.document(request.params.id);
      return document ? sendDocument(reply, document) : reply.code(404).send({ message: certificateMessages.notFound });
    },
  );

  /** An admin's verify, reject or revoke of the version they saw, audited with it (decision 105). */
  const decide = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    version: number,
    decision: { action: 'verify' } | { action: 'reject' | 'revoke'; reason: string },
  ) => {
    const identity = identityOf(request);
    const decided = await audited(
      app.db,
      identity,
      (trx) =>
        createCertificatesRepository(trx).decide(
          id,
          version,
          decision.action === 'verify' ? decision : { ...decision, mail: app.mail, companyUrl: `${app.config.baseUrl}${paths.company}` },
          identity.userId,
        ),
      (result) =>
        result.outcome === 'done'
          ? {
              action: `certificate.${decision.action}`,
              target: `certificate ${result.certificate.id}`,
              details: {
                state: result.certificate.state,
                number: result.certificate.number,
                expiresOn: result.certificate.expiresOn,
                version,
                ...(decision.action === 'verify' ? {} : { reason: decision.reason }),
              },
            }
          : undefined,
    );
    switch (decided.outcome) {
      case 'not-found':
        return reply.code(404).send({ message: certificateMessages.notFound });
      case 'changed':
        return reply.code(409).send({ message: certificateMessages.changed });
      case 'verified':
        return reply.code(409).send({ message: certificateMessages.alreadyVerified });
      case 'not-verified':
        return reply.code(409).send({ message: certificateMessages.notVerified });
      default:
        return { message: certificateMessages[decision.action === 'verify' ? 'verified' : decision.action === 'reject' ? 'rejected' : 'revoked'](decided.certificate.state) };
    }
  };

  const decisionRoute = { onRequest: app.requireAdmin, config: app.limitedBy('adminWrites') };
  const decisionErrors = { ...adminErrors, 409: errorSchema };

  app.post(
    '/admin/certificates/:id/verify',
    {
      ...decisionRoute,
      schema: {
        tags: ['admin'],
        security,
        description: 'Verifies the upload the admin saw: `version` as the list gave it. Another upload since is 409 (the list then shows it). Verifying again is no change.',
        params: certificateIdParamsSchema,
        body: certificateDecisionSchema,
        response: { 200: errorSchema, ...decisionErrors },
      },
    },
    async (request, reply) => decide(request, reply, request.params.id, request.body.version, { action: 'verify' }),
  );

  const reasoned = {
    reject:
      'Rejects an upload not verified (`version`, as for verify), with a `reason` the company’s owners are e-mailed and see on its list. A verified one is 409: revoke it instead. Rejecting again is no change.',
    revoke:
      'Revokes a verified certificate (`version`, as for verify), with a `reason` the company’s owners are e-mailed and see on its list: orders there are taxed again. One not verified is 409.',
  } as const;
  for (const action of ['reject', 'revoke'] as const)
    app.post(
      `/admin/certificates/:id/${action}`,
      {
        ...decisionRoute,
        schema: {
          tags: ['admin'],
          security,
          description: reasoned[action],
          params: certificateIdParamsSchema,
          body: certificateRejectionSchema,
          response: { 200: errorSchema, ...decisionErrors },
        },
      },
      async (request, reply) => decide(request, reply, request.params.id, request.body.version, { action, reason: request.body.reason }),
    );
};
