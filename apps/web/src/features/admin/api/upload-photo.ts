import type { UploadedPhoto } from '@autoparts/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/admin/images`: the file itself as the body; the server checks its bytes (decision 015). */
function uploadPhoto(file: Blob) {
  return api<UploadedPhoto>('/admin/images', { method: 'POST', file, auth: true });
}

/** The photo field reports the outcome itself, next to the field, so there is no toast here. */
export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
