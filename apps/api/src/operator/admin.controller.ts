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
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { listEnvelope, parsePageRequest, pathOf } from '../http/pagination';
import { AccountBody, CreateApiKeyBody, CreateUserBody, UpdateUserBody } from './admin-bodies';
import { AdminGuard } from './admin.guard';
import { OperatorActions } from './operator-actions';

/** The operator API (EXTENSIONS.md §2): bootstrap and administration, behind ADMIN_TOKEN. */
@ApiExcludeController()
@UseGuards(AdminGuard)
@Controller('admin/v1')
export class AdminController {
  constructor(@Inject(OperatorActions) private readonly actions: OperatorActions) {}

  @Post('accounts')
  openAccount(@Req() req: FastifyRequest, @Body() body: AccountBody) {
    return this.as(req).openAccount(body);
  }

  @Get('accounts/:id')
  account(@Param('id') id: string) {
    return this.actions.account(id);
  }

  @Patch('accounts/:id')
  updateAccount(@Req() req: FastifyRequest, @Param('id') id: string, @Body() body: AccountBody) {
    return this.as(req).updateAccount(id, body);
  }

  @Post('accounts/:id/users')
  createUser(@Req() req: FastifyRequest, @Param('id') accountId: string, @Body() body: CreateUserBody) {
    return this.as(req).createUser(accountId, body);
  }

  @Get('users/:id')
  user(@Param('id') id: string) {
    return this.actions.user(id);
  }

  @Patch('users/:id')
  updateUser(@Req() req: FastifyRequest, @Param('id') id: string, @Body() body: UpdateUserBody) {
    return this.as(req).updateUser(id, body);
  }

  @Delete('users/:id')
  @HttpCode(200)
  deleteUser(@Req() req: FastifyRequest, @Param('id') id: string) {
    return this.as(req).deleteUser(id);
  }

  @Post('users/:id/api-keys')
  createApiKey(@Req() req: FastifyRequest, @Param('id') userId: string, @Body() body: CreateApiKeyBody) {
    return this.as(req).createApiKey(userId, body);
  }

  @Get('users/:id/api-keys')
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
  revokeApiKey(@Req() req: FastifyRequest, @Param('id') id: string) {
    return this.as(req).revokeApiKey(id);
  }

  private as(request: FastifyRequest): OperatorActions {
    return this.actions.forRequest(String(request.id));
  }
}
