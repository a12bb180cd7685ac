import { certificateMessages, type AdminCertificate, type Certificate, type CertificateStatus } from '@autoparts/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

/** Under the company's key: a member's change of the company refetches it too. */
const certificatesKey = [...queryKeys.company, 'certificates'] as const;
/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const adminCertificatesKey = ['admin', 'certificates'] as const;

export const locationCertificatesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...certificatesKey, locationId],
    queryFn: ({ signal }) => api<Certificate[]>(`/company/locations/${encodeURIComponent(locationId)}/certificates`, { signal, auth: true }),
  });

/** The document of a certificate, to download: a member's link or an admin's. */
export const certificateDocumentUrl = (id: string, as: 'member' | 'admin') =>
  `/api/${as === 'admin' ? 'admin' : 'company'}/certificates/${encodeURIComponent(id)}/document`;

/** Uploads a location's certificate for a state (the fields, then the file, as the server wants them). */
export function useUploadCertificate(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: { state: string; number: string; expiresOn: string; file: File }) => {
      const form = new FormData();
      form.append('state', fields.state);
      form.append('number', fields.number);
      form.append('expiresOn', fields.expiresOn);
      form.append('file', fields.file);
      return api<Certificate>(`/company/locations/${encodeURIComponent(locationId)}/certificates`, { method: 'POST', auth: true, form });
    },
    onSuccess: (certificate) => toast.success(certificateMessages.uploaded(certificate.state)),
    // A refusal is said by the form, in its alert beside Upload (the server's words): a toast too
    // said it twice, under "Something is wrong, try again", which a file too large is not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...certificatesKey, locationId] }),
  });
}

export const adminCertificatesQuery = (status: CertificateStatus | '', page: number) =>
  queryOptions({
    queryKey: [...adminCertificatesKey, status, page],
    queryFn: ({ signal }) => api<AdminCertificate[]>(`/admin/certificates?page=${page}${status ? `&status=${status}` : ''}`, { signal, auth: true }),
  });

/**
 * An admin's decision names the upload they saw (decision 105): its `version`. Another upload
 * since is refused (409) with words the failure toast shows, and the list is fetched again
 * either way, so the admin then sees the new upload.
 */
export const useVerifyCertificate = () =>
  useAdminMutation({
    mutationFn: (certificate: AdminCertificate) =>
      api<{ message: string }>(`/admin/certificates/${encodeURIComponent(certificate.id)}/verify`, { method: 'POST', auth: true, body: { version: certificate.version } }),
    success: (reply) => reply.message,
    invalidates: [adminCertificatesKey],
  });

/** Rejects an upload not verified, or revokes a verified one, with why (its company's owners are told). */
export const useRejectCertificate = () =>
  useAdminMutation({
    mutationFn: ({ certificate, action, reason }: { certificate: AdminCertificate; action: 'reject' | 'revoke'; reason: string }) =>
      api<{ message: string }>(`/admin/certificates/${encodeURIComponent(certificate.id)}/${action}`, { method: 'POST', auth: true, body: { version: certificate.version, reason } }),
    success: (reply) => reply.message,
    invalidates: [adminCertificatesKey],
  });
