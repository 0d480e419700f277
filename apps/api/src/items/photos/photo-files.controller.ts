import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../../openapi/decorators';
import { PHOTO_URL_ROOT } from '@app/read-models/projectors/item-photos';
import { FastifyReply } from 'fastify';
import { resourceMissing } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { PHOTO_STORAGE, PhotoStorage } from '../../storage/photo-storage';

const VERSION = /^[0-9a-f]{16}$/;
const FILE = /^(thumbnail|display|large|original)\.(jpg|png|webp)$/;

/** A URL names one version of one rendition: its content never changes, so caches may keep it. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The photo renditions at the URLs the item JSON gives (`/api/v3/photos/<photo>/<version>/<file>`).
 * Public, as CDN URLs are: an <img> sends no API key, and the photo's random UUID and the upload's
 * random version make the URL unguessable. A deleted photo's or an old version's files are gone: 404.
 */
@ApiTags('items')
@Controller(PHOTO_URL_ROOT.slice(1))
export class PhotoFilesController {
  constructor(@Inject(PHOTO_STORAGE) private readonly storage: PhotoStorage) {}

  @Get(':photo_id/:version/:file')
  @ApiOperation({ summary: 'A photo rendition, as linked from an item (no API key needed)' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiOkResponse({
    description: 'The image; cached for a year (the URL changes when the photo does)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter: the route takes none' })
  async serve(
    @Param('photo_id') photoId: string,
    @Param('version') version: string,
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!isRecordId(photoId) || !VERSION.test(version) || !FILE.test(file)) throw resourceMissing();
    const stored = await this.storage.get(`${photoId}/${version}/${file}`);
    if (!stored) throw resourceMissing();
    const etag = `"${version}-${file}"`;
    reply.headers({ ETag: etag, 'Cache-Control': CACHE_CONTROL });
    if (matches(ifNoneMatch, etag)) {
      stored.body.destroy();
      await reply.status(304).send();
      return;
    }
    await reply
      .status(200)
      .headers({
        'Content-Type': stored.contentType,
        'Content-Length': String(stored.size),
        'X-Content-Type-Options': 'nosniff',
      })
      .send(stored.body);
  }
}

/** If-None-Match: `*` or a list of entity tags, weak ones compared weakly (RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}
