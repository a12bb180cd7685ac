import { CERTIFICATES_PAGE_SIZE, CERTIFICATE_STATUSES, certificateStatusLabels, type AdminCertificate, type CertificateStatus } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { LoadingBlock } from '../../../components/spinner';
import { ActionButton } from '../../admin/components/action-button';
import { AdminPage } from '../../admin/components/admin-page';
import { LoadError } from '../../admin/components/load-error';
import { adminCertificatesQuery, certificateDocumentUrl, useVerifyCertificate } from '../api/certificates';

/** /dashboard/certificates (admins): companies' resale certificates, to read and verify (decision 082). */
export function Component() {
  const [status, setStatus] = useState<CertificateStatus | ''>('unverified');
  const [page, setPage] = useState(1);
  const certificates = useQuery({ ...adminCertificatesQuery(status, page), placeholderData: keepPreviousData });
  const verify = useVerifyCertificate();

  return (
    <AdminPage title="Certificates" intro="Resale certificates of companies' locations. A verified certificate makes orders shipped to that location in its state tax-free until it expires.">
      <div className="grid gap-6">
        <SelectField
          label="Show"
          className="max-w-xs"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as CertificateStatus | '');
            setPage(1);
          }}
          options={[...CERTIFICATE_STATUSES.map((value) => ({ value, label: certificateStatusLabels[value] })), { value: '', label: 'All' }]}
        />
        {certificates.isError ? (
          <LoadError what="the certificates" error={certificates.error} onRetry={() => void certificates.refetch()} />
        ) : certificates.isPending ? (
          <LoadingBlock label="Loading the certificates" />
        ) : certificates.data.length === 0 ? (
          <EmptyState message={status === 'unverified' ? 'No certificate awaits verification.' : 'No certificates here.'} onFirstPage={page > 1 ? () => setPage(1) : undefined} />
        ) : (
          <div className="grid gap-4">
            <ul aria-label="Certificates" className="grid gap-3 lg:grid-cols-2">
              {certificates.data.map((certificate) => (
                <li key={certificate.id}>
                  <CertificateCard certificate={certificate} verifying={verify.isPending && verify.variables.id === certificate.id} onVerify={() => verify.mutate(certificate)} />
                </li>
              ))}
            </ul>
            <Pager page={page} onPage={setPage} hasNext={certificates.data.length === CERTIFICATES_PAGE_SIZE} label="Certificates pages" />
          </div>
        )}
      </div>
    </AdminPage>
  );
}

function CertificateCard({ certificate, verifying, onVerify }: { certificate: AdminCertificate; verifying: boolean; onVerify: () => void }) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="h-full rounded-xl border border-slate-200 p-4 text-sm">
      <h3 id={nameId} className="text-base font-bold break-words text-ink">
        {`${certificate.companyName} — ${certificate.locationName}, ${certificate.state}`}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium text-slate-500">Number</dt>
        <dd className="break-all">{certificate.number}</dd>
        <dt className="font-medium text-slate-500">Expires</dt>
        <dd>{certificate.expiresOn}</dd>
        <dt className="font-medium text-slate-500">Status</dt>
        <dd>{certificateStatusLabels[certificate.status]}</dd>
        <dt className="font-medium text-slate-500">Uploaded</dt>
        <dd>{certificate.uploadedAt.slice(0, 10)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a className="font-semibold text-brand-700 underline" href={certificateDocumentUrl(certificate.id, 'admin')} download aria-describedby={nameId}>
          Document
        </a>
        {certificate.status === 'unverified' && (
          <ActionButton onClick={onVerify} pending={verifying} aria-describedby={nameId}>
            {verifying ? 'Verifying…' : 'Verify'}
          </ActionButton>
        )}
      </div>
    </article>
  );
}
