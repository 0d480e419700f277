import { randomUUID } from 'node:crypto';
import {
  AccountInput,
  accountAggregate,
  AccountView,
  accountView,
  ApiKeyInput,
  apiKeyAggregate,
  ApiKeyView,
  apiKeyView,
  decideAccount,
  decideApiKey,
  decideUser,
  liveRecord,
  UserInput,
  userAggregate,
  UserView,
  userView,
  isDomainError,
  invalid,
  liveRecordIn,
  locationAggregate,
  notFound,
  RecordState,
  isRecordId,
} from '@app/domain';
import { EventMetadata } from '@app/event-store';
import { Kysely } from 'kysely';
import { generateApiKey } from './key-hash';
import { RecordWriter } from '../commands/record-writer';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface DeletedView {
  id: string;
  object: string;
  deleted: true;
}

export interface ApiKeyPage {
  rows: ApiKeyView[];
  total: number;
}

/**
 * Bootstrap and administration of accounts, users and keys (EXTENSIONS.md §2): the operator API's
 * controllers and the operator CLI both call these, so both keep the same rules.
 */
export class OperatorActions {
  constructor(
    private readonly writer: RecordWriter,
    private readonly db: Kysely<any>,
    private readonly metadata: EventMetadata = { actor: 'operator' },
    private readonly clock: () => string = () => new Date().toISOString(),
  ) {}

  /** The same actions, with each event recording the request that caused it. */
  forRequest(requestId: string): OperatorActions {
    const metadata = {
      actor: 'operator',
      request_id: requestId,
      causation_id: requestId,
      correlation_id: requestId,
    };
    return new OperatorActions(this.writer, this.db, metadata, this.clock);
  }

  async openAccount(input: AccountInput): Promise<AccountView> {
    const id = randomUUID();
    const { state } = await this.writer.write(
      accountAggregate,
      id,
      (s) => decideAccount({ type: 'OpenAccount', id, input }, s, this.context()),
      { metadata: { ...this.metadata, account_id: id } },
    );
    return accountView(live(state));
  }

  async account(id: string): Promise<AccountView> {
    return accountView(live((await this.writer.read(accountAggregate, recordId(id))).state));
  }

  async updateAccount(id: string, input: AccountInput): Promise<AccountView> {
    await this.account(id);
    const { state } = await this.writer.write(
      accountAggregate,
      id,
      (s) => decideAccount({ type: 'UpdateAccount', input }, s, this.context()),
      { metadata: { ...this.metadata, account_id: id } },
    );
    return accountView(live(state));
  }

  async createUser(accountId: string, given: UserInput): Promise<UserView> {
    await this.account(accountId);
    const input = await this.withLocationOf(accountId, given);
    const id = randomUUID();
    const { state } = await this.writer.write(
      userAggregate,
      id,
      (s) => decideUser({ type: 'CreateUser', id, account_id: accountId, input }, s, this.context()),
      { metadata: { ...this.metadata, account_id: accountId } },
    );
    return userView(live(state));
  }

  async user(id: string): Promise<UserView> {
    return userView(live((await this.writer.read(userAggregate, recordId(id))).state));
  }

  async updateUser(id: string, given: UserInput): Promise<UserView> {
    const { account_id } = await this.user(id);
    const input = await this.withLocationOf(account_id, given);
    const { state } = await this.writer.write(
      userAggregate,
      id,
      (s) => decideUser({ type: 'UpdateUser', input }, s, this.context()),
      { metadata: { ...this.metadata, account_id } },
    );
    return userView(live(state));
  }

  async deleteUser(id: string): Promise<DeletedView> {
    const { account_id } = await this.user(id);
    await this.writer.write(userAggregate, id, (s) => decideUser({ type: 'DeleteUser' }, s, this.context()), {
      metadata: { ...this.metadata, account_id },
    });
    return { id, object: 'user', deleted: true };
  }

  /** The key is shown in this answer only; the stores keep its SHA-256. */
  async createApiKey(userId: string, input: ApiKeyInput): Promise<ApiKeyView> {
    const user = await this.user(userId);
    const id = randomUUID();
    const generated = generateApiKey();
    const command = {
      type: 'CreateApiKey' as const,
      id,
      account_id: user.account_id,
      user_id: userId,
      key_hash: generated.hash,
      prefix: generated.prefix,
      input,
    };
    const { state } = await this.writer.write(
      apiKeyAggregate,
      id,
      (s) => decideApiKey(command, s, this.context()),
      {
        metadata: { ...this.metadata, account_id: user.account_id },
      },
    );
    return apiKeyView(live(state), generated.key);
  }

  /** The user's keys that still work or may work (not revoked), newest first. */
  async apiKeys(userId: string, page: { offset: number; fetch: number }): Promise<ApiKeyPage> {
    await this.user(userId);
    const base = this.db.selectFrom('api_keys').where('user_id', '=', userId).where('revoked_at', 'is', null);
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.fetch)
      .execute();
    const { count } = (await base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()) as {
      count: number | string;
    };
    return { rows: rows.map(keyRowView), total: Number(count) };
  }

  async revokeApiKey(id: string): Promise<DeletedView> {
    const key = live((await this.writer.read(apiKeyAggregate, recordId(id))).state);
    await this.writer.write(
      apiKeyAggregate,
      id,
      (s) => decideApiKey({ type: 'RevokeApiKey' }, s, this.context()),
      {
        metadata: { ...this.metadata, account_id: key.account_id },
      },
    );
    return { id, object: 'api_key', deleted: true };
  }

  /**
   * A user's `location_id` must name a live location of their account, read from its stream (a
   * restriction to a location that is not there would hide everything from the user). Stored in
   * lower case, as location ids are. null clears it; a value of another type is the domain's 422.
   */
  private async withLocationOf(accountId: string, input: UserInput): Promise<UserInput> {
    const given = input.location_id;
    if (typeof given !== 'string') return input;
    const id = given.toLowerCase();
    const location = isRecordId(id)
      ? liveRecordIn((await this.writer.read(locationAggregate, id)).state, accountId)
      : notFound();
    if (isDomainError(location))
      throw invalid('location_id', "location_id must be the id of a location of the user's account.");
    return { ...input, location_id: id };
  }

  private context() {
    return { now: this.clock() };
  }
}

/** An id that is no UUID names no record (and a NUL in it would break the store's query): 404. */
function recordId(id: string): string {
  if (!isRecordId(id)) throw notFound();
  return id;
}

/** The live record, or the 404 the operator sees for an absent or deleted one. */
function live<R>(state: RecordState<R>): R {
  const record = liveRecord(state);
  if (isDomainError(record)) throw record;
  return record;
}

function keyRowView(row: any): ApiKeyView {
  return {
    id: row.id,
    object: 'api_key',
    user_id: row.user_id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
