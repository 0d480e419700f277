/** Values as the client sent them: the domain checks each one (see decide). */
export type UserInput = {
  name?: unknown;
  email?: unknown;
  permissions?: unknown;
  location_id?: unknown;
  active?: unknown;
};

/** `id` is a new UUID chosen by the handler; `account_id` an existing account the handler checked. */
export type CreateUser = {
  type: 'CreateUser';
  id: string;
  account_id: string;
  input: Omit<UserInput, 'active'>;
};

/** Only the given fields change; `permissions` replaces the whole set. */
export type UpdateUser = { type: 'UpdateUser'; input: UserInput };

export type DeleteUser = { type: 'DeleteUser' };

export type UserCommand = CreateUser | UpdateUser | DeleteUser;
