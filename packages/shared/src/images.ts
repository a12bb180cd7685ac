import { z } from 'zod';

/** The reply to an upload: the photo's URL (kept as a part's `img`) and its real size. */
export const uploadedPhotoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;
