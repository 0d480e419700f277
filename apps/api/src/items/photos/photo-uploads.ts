import fastifyMultipart from '@fastify/multipart';
import { FastifyInstance } from 'fastify';
import { ApiError } from '@app/runtime';

/** The largest photo file accepted (inventory-api.md §8, "15 MB"): 15 MiB, larger answers 413. */
export const PHOTO_FILE_LIMIT_BYTES = 15 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart photo upload (set by @MultipartPhotos()). */
    photoUpload?: boolean;
  }
}

/**
 * Multipart bodies, for photo uploads only (documents-api §1: every other body is JSON). The plugin
 * parses nothing by itself: PhotoUploadGuard reads the parts once the caller is authenticated. Any
 * other route answers a multipart body with 415, as it did before the plugin was there.
 */
export async function acceptPhotoUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, { limits: { fileSize: PHOTO_FILE_LIMIT_BYTES, parts: 10 } });
  fastify.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config?.photoUpload) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    }
  });
}
