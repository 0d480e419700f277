import { Body, Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../../openapi/decorators';
import { ItemSchema } from '../item-schemas';
import { Allow } from 'class-validator';
import { FastifyReply } from 'fastify';
import { Access } from '../../auth/access';
import { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/current-actor';
import { setETag } from '../../http/etag';
import { ChangeItemPhotos, PhotoRequest } from './item-photo-commands';
import { ItemReads } from '../item-reads';
import { MultipartPhotos, PhotoUpload, UploadedPhotos } from './photo-upload.guard';

export class PhotoOrderBody {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: 'Every photo id of the item once, first = primary',
  })
  @Allow()
  photo_ids?: unknown;
}

/**
 * An item's gallery (inventory-api.md, photo endpoints): every change needs `items:write` and
 * inventory-modify, on an item the caller may see (else 404) that is not archived (409
 * `item_archived`), and answers the refreshed item with its `photos`.
 */
@ApiTags('items')
@Controller('api/v3/items/:item_id/photos')
@Access('items:write', 'inventory.modify')
@ApiNotFoundResponse({ description: 'resource_missing: no such item or photo for this caller' })
@ApiConflictResponse({ description: 'item_archived' })
export class ItemPhotosController {
  constructor(
    private readonly commands: CommandBus,
    private readonly items: ItemReads,
  ) {}

  @Post()
  @MultipartPhotos('photo', 'square_photo')
  @ApiOperation({ summary: 'Add a photo at the end of the gallery (the first becomes the primary photo)' })
  @ApiConflictResponse({ description: 'item_photo_limit_reached: the item has five photos' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_photo: not a JPEG, PNG or WebP image' })
  @ApiCreatedResponse({ type: ItemSchema, description: 'The item with its gallery' })
  upload(
    @CurrentActor() actor: Actor,
    @Param('item_id') itemId: string,
    @UploadedPhotos() upload: PhotoUpload,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, itemId, { type: 'upload', upload });
  }

  @Put('order')
  @ApiOperation({ summary: 'Put the photos in a new order (the first becomes the primary photo)' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_photo_order' })
  @ApiOkResponse({ type: ItemSchema, description: 'The item with its gallery' })
  reorder(
    @CurrentActor() actor: Actor,
    @Param('item_id') itemId: string,
    @Body() body: PhotoOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, itemId, { type: 'reorder', photoIds: body.photo_ids });
  }

  @Post(':photo_id')
  @HttpCode(200)
  @MultipartPhotos('photo')
  @ApiOperation({ summary: 'Replace a photo with a new upload, keeping its id and position' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_photo: not a JPEG, PNG or WebP image' })
  @ApiOkResponse({ type: ItemSchema, description: 'The item with its gallery' })
  replace(
    @CurrentActor() actor: Actor,
    @Param('item_id') itemId: string,
    @Param('photo_id') photoId: string,
    @UploadedPhotos() upload: PhotoUpload,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, itemId, { type: 'replace', photoId, upload });
  }

  @Post(':photo_id/crop')
  @HttpCode(200)
  @MultipartPhotos('photo')
  @ApiOperation({ summary: 'Give a photo a new square crop (its 200, 500 and 1000 pixel renditions only)' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_photo: not a JPEG, PNG or WebP image' })
  @ApiOkResponse({ type: ItemSchema, description: 'The item with its gallery' })
  crop(
    @CurrentActor() actor: Actor,
    @Param('item_id') itemId: string,
    @Param('photo_id') photoId: string,
    @UploadedPhotos() upload: PhotoUpload,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, itemId, { type: 'crop', photoId, upload });
  }

  @Delete(':photo_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a photo (the next one becomes the primary photo)' })
  @ApiOkResponse({ type: ItemSchema, description: 'The item with its gallery' })
  remove(
    @CurrentActor() actor: Actor,
    @Param('item_id') itemId: string,
    @Param('photo_id') photoId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, itemId, { type: 'delete', photoId });
  }

  /** The change, then the item as a retrieve shows it (its ETag is the item's revision). */
  private async send(reply: FastifyReply, actor: Actor, itemId: string, request: PhotoRequest) {
    await this.commands.execute(new ChangeItemPhotos(actor, itemId, request));
    const { body, revision } = await this.items.retrieve(actor, itemId);
    setETag(reply, revision);
    return body;
  }
}
