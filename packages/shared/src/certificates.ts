import { z } from 'zod';
import { queryWholeNumber, withoutDirectionControls } from './form-fields';
import { countryOf } from './addresses';
import { isIsoDay } from './ledger';

/**
 * Resale (tax-exemption) certificates (issue 31, decision 082): a company location holds at most
 * one per US state; an admin verifies it; while verified and unexpired, an order shipped to that
 * location in that state is charged no sales tax.
 */

export const CERTIFICATE_NUMBER_MAX = 50;
/** The document: a PDF or a photo (JPEG, PNG, WebP), recognised by its first bytes. */
export const CERTIFICATE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type CertificateDocumentType = (typeof CERTIFICATE_DOCUMENT_TYPES)[number];
/** Days before its expiry that the company's owners are e-mailed. */
export const CERTIFICATE_NOTICE_DAYS = 30;
export const CERTIFICATES_PAGE_SIZE = 50;
/** Why an admin rejected or revoked a certificate, which its company's owners read. */
export const CERTIFICATE_REASON_MAX = 500;

const US_STATES = countryOf('US')?.regions?.list.map((region) => region.code) ?? [];

export const certificateMessages = {
  state: 'State is a US state code, e.g. IL',
  numberRequired: 'Certificate number is required',
  numberTooLong: `Certificate number must be at most ${CERTIFICATE_NUMBER_MAX} characters`,
  expiresOn: 'Expiry date is a date (YYYY-MM-DD) after today',
  fileRequired: 'Choose the certificate’s document: a PDF or a photo',
  fileType: 'The document must be a PDF, JPEG, PNG or WebP file',
  fileTooLarge: `The document must be at most ${CERTIFICATE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`,
  fieldsFirst: 'Send state, number and expiresOn before the file',
  notFound: 'Certificate not found',
  mayNot: 'Only an owner or an accounts member of the company may do this.',
  uploaded: (state: string) => `Certificate for ${state} uploaded: it counts once the shop has verified it.`,
  verified: (state: string) => `Certificate for ${state} verified`,
  rejected: (state: string) => `Certificate for ${state} rejected: its company’s owners are told why.`,
  revoked: (state: string) => `Certificate for ${state} revoked: orders there are taxed again, and its company’s owners are told why.`,
  /** An admin's decision names the upload they saw (decision 105). */
  version: 'Say which upload of the certificate you decide on: its version, as the list gave it.',
  changed: 'This certificate was uploaded again since you opened the list: the list now shows the new upload. Check its document before you decide.',
  reasonRequired: 'Say why, for the company: e.g. the number does not match the document',
  reasonTooLong: `The reason must be at most ${CERTIFICATE_REASON_MAX} characters`,
  alreadyVerified: 'This certificate is verified: revoke it instead.',
  notVerified: 'Only a verified certificate can be revoked.',
  /** On the company's list: a certificate an admin rejected or revoked, and why. */
  rejectedBecause: (reason: string) => `Not accepted by the shop: “${reason}”. Upload a corrected certificate.`,
  /**
   * The upload form, for a state whose certificate is verified (decision 212): an upload replaces it
   * at once (decision 082), and the exemption waits for the new one to be verified.
   */
  replacesVerified: (number: string, state: string) =>
    `This replaces the verified certificate ${number} for ${state} at once: until the shop verifies the new one, orders shipped here are charged sales tax.`,
  /** On the quote, the order and its invoice: why no tax was charged. */
  exemption: (number: string, state: string) => `Tax exempt: resale certificate ${number} for ${state}`,
} as const;

/** The form's fields, which come before the file. `today` (`YYYY-MM-DD`) bounds the expiry. */
export const certificateFieldsSchema = (today: string) =>
  z.object({
    state: z.enum(US_STATES as [string, ...string[]], certificateMessages.state),
    // The admin verifies it and the invoice prints it (decision 220).
    number: withoutDirectionControls(
      z.string({ error: certificateMessages.numberRequired }).trim().min(1, certificateMessages.numberRequired).max(CERTIFICATE_NUMBER_MAX, certificateMessages.numberTooLong),
      'Certificate number',
    ),
    expiresOn: z
      .string({ error: certificateMessages.expiresOn })
      .regex(/^\d{4}-\d{2}-\d{2}$/, certificateMessages.expiresOn)
      .refine((value) => isIsoDay(value) && value > today, certificateMessages.expiresOn),
  });
export type CertificateFields = z.infer<ReturnType<typeof certificateFieldsSchema>>;

/**
 * What the browser can tell of a chosen document before sending it: none (empty), over the size,
 * or of a type the browser names and the shop does not take. The server, which reads the bytes
 * themselves (`%PDF-` or a photo), stays the authority; this spares a 20 MB scan an upload that
 * can only be refused (the form named the limit and sent it anyway).
 */
export function certificateFileProblem(file: { size: number; type: string }): string | undefined {
  if (file.size === 0) return certificateMessages.fileRequired;
  if (file.size > CERTIFICATE_DOCUMENT_MAX_BYTES) return certificateMessages.fileTooLarge;
  if (file.type !== '' && !(CERTIFICATE_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return certificateMessages.fileType;
  return undefined;
}

export const CERTIFICATE_STATUSES = ['unverified', 'verified', 'rejected', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const certificateStatusLabels: Record<CertificateStatus, string> = { unverified: 'Awaiting verification', verified: 'Verified', rejected: 'Not accepted', expired: 'Expired' };

export const certificateSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  state: z.string(),
  number: z.string(),
  expiresOn: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  documentName: z.string(),
  uploadedAt: z.string(),
  verifiedAt: z.string().nullable(),
  /** Which upload this is (1, then one more at each re-upload): an admin's decision names it (decision 105). */
  version: z.number().int(),
  /** When an admin rejected it, or revoked it once verified, and why; null again at a re-upload. */
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.array(certificateSchema);

/** A line of the admins' list: the certificate and whose it is. */
export const adminCertificateSchema = certificateSchema.extend({ companyId: z.string(), companyName: z.string(), locationName: z.string() });
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;
export const adminCertificateListSchema = z.array(adminCertificateSchema);
export const adminCertificatesQuerySchema = z.object({
  status: z.enum(CERTIFICATE_STATUSES).optional(),
  page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1),
});
export const certificateIdParamsSchema = z.object({ id: z.string().max(64) });

/** `POST /api/admin/certificates/{id}/verify`: the version the admin saw; another is 409. */
export const certificateDecisionSchema = z.object({
  version: z.number({ error: certificateMessages.version }).int(certificateMessages.version).min(1, certificateMessages.version).max(2_147_483_647, certificateMessages.version),
});
/** `POST …/reject` and `…/revoke`: the version, and why (which the company's owners read). */
export const certificateRejectionSchema = certificateDecisionSchema.extend({
  reason: withoutDirectionControls(
    z.string({ error: certificateMessages.reasonRequired }).trim().min(1, certificateMessages.reasonRequired).max(CERTIFICATE_REASON_MAX, certificateMessages.reasonTooLong),
    'Reason',
  ),
});

/** A verified certificate is in force on `day` (`YYYY-MM-DD`) until its expiry date, that day included. */
export function certificateStatus(certificate: { verifiedAt: string | null; rejectedAt?: string | null; expiresOn: string }, day: string): CertificateStatus {
  if (certificate.expiresOn < day) return 'expired';
  if (certificate.rejectedAt) return 'rejected';
  return certificate.verifiedAt ? 'verified' : 'unverified';
}
