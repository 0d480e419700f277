/** Values as the client sent them: the domain checks each one (see decide). */
export type AccountInput = {
  name?: unknown;
  timezone?: unknown;
  settings?: unknown;
};

/** `id` is chosen by the handler (a new UUID), which also names the stream. */
export type OpenAccount = { type: 'OpenAccount'; id: string; input: AccountInput };

/** Only the given fields change; `settings` is merged key by key into the current settings. */
export type UpdateAccount = { type: 'UpdateAccount'; input: AccountInput };

export type AccountCommand = OpenAccount | UpdateAccount;
