import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiConsumes,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '../../openapi/decorators';
import { FastifyRequest } from 'fastify';
import { ApiError } from '@app/runtime';
import { PHOTO_FILE_LIMIT_BYTES } from './photo-uploads';

/** The files of a photo upload, read whole (each at most 15 MiB); `square_photo` only on upload. */
export interface PhotoUpload {
  photo: Buffer;
  square_photo?: Buffer;
}

type PhotoField = keyof PhotoUpload;

const FIELDS = Symbol('photoUploadFields');

/**
 * A handler taking a multipart photo upload with these file fields (`photo` always required). The
 * files are read by PhotoUploadGuard: after the access guard (no upload is read for a caller the
 * API does not know) and before the idempotency interceptor, which hashes the body, files included.
 */
export function MultipartPhotos(...fields: PhotoField[]) {
  const properties = Object.fromEntries(fields.map((field) => [field, { type: 'string', format: 'binary' }]));
  return applyDecorators(
    SetMetadata(FIELDS, fields),
    RouteConfig({ photoUpload: true }),
    UseGuards(PhotoUploadGuard),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['photo'], properties } }),
    ApiPayloadTooLargeResponse({ description: 'payload_too_large: a file over 15 MB' }),
    ApiUnsupportedMediaTypeResponse({ description: 'unsupported_media_type: not multipart/form-data' }),
  );
}

/** The upload PhotoUploadGuard read. */
export const UploadedPhotos = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<FastifyRequest>().body as PhotoUpload,
);

@Injectable()
export class PhotoUploadGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const fields = this.reflector.get<PhotoField[]>(FIELDS, context.getHandler()) ?? ['photo'];
    request.body = await readUpload(request, fields);
    return true;
  }
}

/**
 * Every part must be a file field of the endpoint, each given once; an empty file (a form's
 * untouched file input) counts as not given.
 */
async function readUpload(request: FastifyRequest, fields: PhotoField[]): Promise<PhotoUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the photo as multipart/form-data, in the field photo.',
    );
  }
  const files: Partial<PhotoUpload> = {};
  let field: string | undefined;
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      if (!(fields as string[]).includes(field))
        throw new ApiError(422, 'unsupported_field', `${field} is not a field of this upload.`, {
          param: field,
        });
      if (part.type !== 'file') throw invalidUpload(field, `${field} must be a file.`);
      if (files[field as PhotoField]) throw invalidUpload(field, `${field} must be given once.`);
      const bytes = await part.toBuffer();
      if (bytes.length > 0) files[field as PhotoField] = bytes;
    }
  } catch (error) {
    throw uploadError(error, field);
  }
  if (!files.photo) throw invalidUpload('photo', 'photo is required: a JPEG, PNG or WebP file.');
  return files as PhotoUpload;
}

function invalidUpload(param: string, message: string): ApiError {
  return new ApiError(422, 'validation_failed', message, { param });
}

/** The multipart reader's failures, as the API's errors. */
function uploadError(error: unknown, field: string | undefined): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  const limit = `${PHOTO_FILE_LIMIT_BYTES / 1024 / 1024} MB`;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(
      413,
      'payload_too_large',
      `${field ?? 'A file'} is larger than the limit of ${limit}.`,
      {
        ...(field ? { param: field } : {}),
      },
    );
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ApiError(413, 'payload_too_large', 'The upload has more parts than its fields.');
  if (code === 'FST_PROTO_VIOLATION')
    return new ApiError(422, 'unsupported_field', 'The upload has a field name that is not allowed.');
  return new ApiError(400, 'malformed_multipart', 'The multipart body could not be read.');
}
