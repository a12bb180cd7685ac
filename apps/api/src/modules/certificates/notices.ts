import { paths } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { createCertificatesRepository } from './repository';

/**
 * Every morning, on whichever instance takes the job: owners of a company whose verified resale
 * certificate expires within 30 days are e-mailed once per certificate and expiry (decision 082).
 */
export async function registerCertificateNotices(app: FastifyInstance) {
  const certificates = createCertificatesRepository(app.db);
  await app.jobs.work('certificate-expiry', async () => {
    const sent = await certificates.sendExpiryNotices(app.mail, app.config.baseUrl, paths.company);
    app.log.info({ certificates: sent }, 'certificates: expiry notices queued');
  });
  await app.jobs.schedule('certificate-expiry', '17 6 * * *');
}
