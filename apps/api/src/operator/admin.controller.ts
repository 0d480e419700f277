import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '../openapi/decorators';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { AccountSchema, ApiKeySchema, UserSchema } from './operator-schemas';
import { FastifyRequest } from 'fastify';
import { listEnvelope, parsePageRequest, pathOf } from '@app/runtime';
import { AccountBody, CreateApiKeyBody, CreateUserBody, UpdateUserBody } from './admin-bodies';
import { AdminGuard } from './admin.guard';
import { OperatorActions } from '@app/runtime';

/** The operator API (EXTENSIONS.md §2): bootstrap and administration, behind ADMIN_TOKEN. */
@ApiTags('operator')
@UseGuards(AdminGuard)
@Controller('admin/v1')
export class AdminController {
  constructor(@Inject(OperatorActions) private readonly actions: OperatorActions) {}

  @Post('accounts')
  @ApiOperation({ summary: 'Open an account' })
  @ApiCreatedResponse({ type: AccountSchema, description: 'The new account' })
  @ApiErrors(422)
  openAccount(@Req() req: FastifyRequest, @Body() body: AccountBody) {
    return this.as(req).openAccount(body);
  }

  @Get('accounts/:id')
  @ApiOperation({ summary: 'Retrieve an account' })
  @ApiOkResponse({ type: AccountSchema })
  @ApiErrors(404)
  account(@Param('id') id: string) {
    return this.actions.account(id);
  }

  @Patch('accounts/:id')
  @ApiOperation({ summary: 'Update an account (settings are merged)' })
  @ApiOkResponse({ type: AccountSchema })
  @ApiErrors(404, 422)
  updateAccount(@Req() req: FastifyRequest, @Param('id') id: string, @Body() body: AccountBody) {
    return this.as(req).updateAccount(id, body);
  }

  @Post('accounts/:id/users')
  @ApiOperation({ summary: 'Create a user of an account' })
  @ApiCreatedResponse({ type: UserSchema, description: 'The new user' })
  @ApiErrors(404, 409, 422)
  createUser(@Req() req: FastifyRequest, @Param('id') accountId: string, @Body() body: CreateUserBody) {
    return this.as(req).createUser(accountId, body);
  }

  @Get('users/:id')
  @ApiOperation({ summary: 'Retrieve a user' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(404)
  user(@Param('id') id: string) {
    return this.actions.user(id);
  }

  @Patch('users/:id')
  @ApiOperation({ summary: 'Update a user' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(404, 409, 422)
  updateUser(@Req() req: FastifyRequest, @Param('id') id: string, @Body() body: UpdateUserBody) {
    return this.as(req).updateUser(id, body);
  }

  @Delete('users/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a user (its keys stop working)' })
  @ApiDeleted('user')
  @ApiErrors(404)
  deleteUser(@Req() req: FastifyRequest, @Param('id') id: string) {
    return this.as(req).deleteUser(id);
  }

  @Post('users/:id/api-keys')
  @ApiOperation({ summary: 'Create an API key for a user (the key is shown this once)' })
  @ApiCreatedResponse({ type: ApiKeySchema, description: 'The new key, with `key`' })
  @ApiErrors(404, 422)
  createApiKey(@Req() req: FastifyRequest, @Param('id') userId: string, @Body() body: CreateApiKeyBody) {
    return this.as(req).createApiKey(userId, body);
  }

  @Get('users/:id/api-keys')
  @ApiOperation({ summary: "List a user's API keys" })
  @ApiListOf(ApiKeySchema)
  @ApiErrors(404, 422)
  async apiKeys(
    @Req() req: FastifyRequest,
    @Param('id') userId: string,
    @Query() query: Record<string, unknown>,
  ) {
    const page = parsePageRequest(query);
    const { rows, total } = await this.actions.apiKeys(userId, page);
    return listEnvelope({
      url: pathOf(req.url),
      page: page.page,
      limit: page.limit,
      rows,
      total: page.includeTotal ? total : undefined,
    });
  }

  @Delete('api-keys/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an API key' })
  @ApiDeleted('api_key')
  @ApiErrors(404)
  revokeApiKey(@Req() req: FastifyRequest, @Param('id') id: string) {
    return this.as(req).revokeApiKey(id);
  }

  private as(request: FastifyRequest): OperatorActions {
    return this.actions.forRequest(String(request.id));
  }
}
