import { listEnvelope, parsePageRequest } from '@app/runtime';
import { OperatorActions } from '@app/runtime';
import { OperatorSession } from './operator-session';

/** Option values as node:util parseArgs gives them (strings only here). */
export type OptionValues = Record<string, string | boolean | undefined>;

/** A command line that cannot mean anything: exit code 2, with the usage. */
export class UsageError extends Error {}

interface OperatorCommand {
  /** Positional arguments after the two command words, by name. */
  args: string[];
  required?: string[];
  optional?: string[];
  run(session: OperatorSession, args: string[], options: OptionValues): Promise<unknown>;
}

const ACCOUNT_OPTIONS = ['name', 'timezone', 'settings'];
const USER_OPTIONS = ['name', 'email', 'permissions', 'location-id'];

/**
 * EXTENSIONS.md §2 on the command line: each command is one OperatorActions call, answering the
 * JSON the operator API answers. Options name the body's fields; the domain checks their values.
 */
const COMMANDS: Record<string, OperatorCommand> = {
  'accounts create': {
    args: [],
    required: ['name'],
    optional: ['timezone', 'settings'],
    run: ({ actions }, _args, o) => actions.openAccount(accountInput(o)),
  },
  'accounts show': { args: ['account_id'], run: ({ actions }, [id]) => actions.account(id) },
  'accounts update': {
    args: ['account_id'],
    optional: ACCOUNT_OPTIONS,
    run: ({ actions }, [id], o) => actions.updateAccount(id, accountInput(o)),
  },
  'users create': {
    args: ['account_id'],
    required: ['name', 'email'],
    optional: ['permissions', 'location-id'],
    run: ({ actions }, [accountId], o) => actions.createUser(accountId, userInput(o)),
  },
  'users show': { args: ['user_id'], run: ({ actions }, [id]) => actions.user(id) },
  'users update': {
    args: ['user_id'],
    optional: [...USER_OPTIONS, 'active'],
    run: ({ actions }, [id], o) => actions.updateUser(id, userInput(o)),
  },
  'users delete': { args: ['user_id'], run: ({ actions }, [id]) => actions.deleteUser(id) },
  'keys create': {
    args: ['user_id'],
    optional: ['name', 'scopes', 'expires-at'],
    run: ({ actions }, [userId], o) =>
      actions.createApiKey(userId, {
        name: o.name,
        scopes: o.scopes === undefined ? undefined : list(String(o.scopes)),
        expires_at: nullable(o['expires-at']),
      }),
  },
  'keys list': {
    args: ['user_id'],
    optional: ['page', 'limit'],
    run: (session, [userId], o) => listKeys(session, userId, o),
  },
  'keys revoke': { args: ['api_key_id'], run: ({ actions }, [id]) => actions.revokeApiKey(id) },
};

export const OPERATOR_GROUPS = new Set(['accounts', 'users', 'keys']);

export const OPERATOR_USAGE = `  accounts create --name N [--timezone TZ] [--settings JSON]
  accounts show <account_id>
  accounts update <account_id> [--name N] [--timezone TZ] [--settings JSON]   (settings are merged)
  users create <account_id> --name N --email E [--permissions all|JSON] [--location-id ID]
  users show <user_id>
  users update <user_id> [--name N] [--email E] [--permissions all|JSON] [--location-id ID|null]
                         [--active true|false]
  users delete <user_id>
  keys create <user_id> [--name N] [--scopes a,b] [--expires-at ISO|null]
  keys list <user_id> [--page N] [--limit N]
  keys revoke <api_key_id>
`;

export interface PreparedOperatorCommand {
  run(session: OperatorSession): Promise<unknown>;
}

/** Checks the command line's shape; throws UsageError when it has none of the shapes above. */
export function prepareOperatorCommand(
  positionals: string[],
  options: OptionValues,
): PreparedOperatorCommand {
  const [group, verb, ...args] = positionals;
  const name = `${group} ${verb ?? ''}`.trim();
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Not a command: ${name}`);
  if (args.length !== command.args.length) {
    throw new UsageError(`${name} takes ${command.args.map((a) => `<${a}>`).join(' ') || 'no argument'}`);
  }
  const allowed = new Set([...(command.required ?? []), ...(command.optional ?? [])]);
  const given = Object.keys(options).filter((key) => options[key] !== undefined);
  const foreign = given.find((key) => !allowed.has(key));
  if (foreign) throw new UsageError(`${name} does not take --${foreign}`);
  const missing = (command.required ?? []).find((key) => options[key] === undefined);
  if (missing) throw new UsageError(`${name} needs --${missing}`);
  validateValues(options); // a malformed value is a usage error, found before any store opens
  return { run: (session) => command.run(session, args, options) };
}

/** The operator API's list envelope, read from the operator read model once it has caught up. */
async function listKeys(session: OperatorSession, userId: string, options: OptionValues): Promise<unknown> {
  const page = parsePageRequest({ page: options.page, limit: options.limit });
  await session.catchUp();
  const { rows, total } = await session.actions.apiKeys(userId, page);
  return listEnvelope({
    url: `/admin/v1/users/${userId}/api-keys`,
    page: page.page,
    limit: page.limit,
    rows,
    total,
  });
}

function accountInput(o: OptionValues): Parameters<OperatorActions['openAccount']>[0] {
  return { name: o.name, timezone: o.timezone, settings: json('settings', o.settings) };
}

function userInput(o: OptionValues): Parameters<OperatorActions['updateUser']>[1] {
  return {
    name: o.name,
    email: o.email,
    permissions: o.permissions === 'all' ? 'all' : json('permissions', o.permissions),
    location_id: nullable(o['location-id']),
    active: o.active === undefined ? undefined : o.active === 'true',
  };
}

function validateValues(o: OptionValues): void {
  json('settings', o.settings);
  if (o.permissions !== 'all') json('permissions', o.permissions);
  if (o.active !== undefined && o.active !== 'true' && o.active !== 'false') {
    throw new UsageError('--active takes true or false');
  }
  for (const key of ['page', 'limit']) {
    if (o[key] !== undefined && !/^[1-9]\d*$/.test(String(o[key]))) {
      throw new UsageError(`--${key} takes a positive integer`);
    }
  }
}

function json(option: string, text: string | boolean | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(String(text));
  } catch {
    throw new UsageError(`--${option} takes JSON, e.g. --${option} '{"key": "value"}'`);
  }
}

/** `null` on the command line is the API's null (clears the field). */
function nullable(text: string | boolean | undefined): string | null | undefined {
  return text === 'null' ? null : (text as string | undefined);
}

function list(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
