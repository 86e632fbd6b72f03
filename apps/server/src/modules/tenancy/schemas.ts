import { base64Of, imageUploadBody } from '@spinyard/domain';

/**
 * The one server-only shape of the tenancy routes: an uploaded picture decoded to its bytes. Every other request
 * and answer schema is the domain package's (@spinyard/domain), shared with the console.
 */

export const imageBody = imageUploadBody.extend({
  image: imageUploadBody.shape.image.transform((v) => Buffer.from(base64Of(v), 'base64')),
});

/** Pictures travel base64-encoded (a third larger); this covers the largest allowed (5 MB) with room. */
export const IMAGE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
