import { boolean, optionalEmail, optionalText, requiredText } from '../shared/parsers';

/** A contact person's own fields (inventory-api.md, Contacts); its links are kept apart. */
export type ContactFields = {
  first_name: string;
  last_name: string | null;
  job_title: string | null;
  phone: string | null;
  cell: string | null;
  fax: string | null;
  email_1: string | null;
  email_2: string | null;
  /** Include this person when emailing a linked record. */
  auto_add_email: boolean;
};

/** The body of a create or a PATCH as the client sent it: each value is checked here. */
export type ContactInput = { [K in keyof ContactFields]?: unknown } & { account_record_ids?: unknown };

export const CONTACT_PARSERS = {
  first_name: requiredText(),
  last_name: optionalText(),
  job_title: optionalText(),
  phone: optionalText(),
  cell: optionalText(),
  fax: optionalText(),
  email_1: optionalEmail(),
  email_2: optionalEmail(),
  auto_add_email: boolean(),
};

export const CONTACT_DEFAULTS: Readonly<Omit<ContactFields, 'first_name'>> = Object.freeze({
  last_name: null,
  job_title: null,
  phone: null,
  cell: null,
  fax: null,
  email_1: null,
  email_2: null,
  auto_add_email: false,
});
