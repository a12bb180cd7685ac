import type { PhotoFormat } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import type { ProcessedPhoto } from './photos';

export function createImagesRepository(db: Db) {
  return {
    /** Stores a photo and all its variants in one transaction: a photo is whole or absent. */
    async add(photo: ProcessedPhoto, uploadedBy: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('images')
          .values({ width: photo.width, height: photo.height, uploaded_by: uploadedBy })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('image_variants')
          .values(
            photo.variants.map((variant) => ({
              image_id: id,
              format: variant.format,
              width: variant.width,
              height: variant.height,
              bytes: variant.bytes,
            })),
          )
          .execute();
        return id;
      });
    },

    async variant(id: string, format: PhotoFormat, width: number): Promise<Uint8Array | undefined> {
      if (!isId(id)) return undefined;
      const row = await db
        .selectFrom('image_variants')
        .select('bytes')
        .where('image_id', '=', id)
        .where('format', '=', format)
        .where('width', '=', width)
        .executeTakeFirst();
      return row?.bytes;
    },
  };
}
