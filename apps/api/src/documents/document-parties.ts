import { Inject, Injectable } from '@nestjs/common';
import { InvoiceParty } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DATABASE } from '../store/tokens';

/* eslint-disable @typescript-eslint/no-explicit-any */

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * The customer's live values a sales document (invoice, sales order) shows and mails to: its contact and billing fields, and
 * who receives its mail (linked contacts flagged for automatic e-mail, else the customer's office
 * e-mails split on `,` or `;`), read from the read models.
 */
@Injectable()
export class DocumentParties {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async party(
    accountId: string,
    customerId: string,
    table: 'customers' | 'suppliers' = 'customers',
  ): Promise<InvoiceParty | null> {
    const { rows } = await sql<any>`select account_number, email, phone, billing_address, shipping_address
      from ${sql.table(table)} where account_id = ${accountId}::uuid and id = ${customerId}::uuid`.execute(
      this.database.db,
    );
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      account_number: row.account_number,
      phone: row.phone,
      email: row.email,
      billing_address: jsonArray(row.billing_address),
      shipping_address: jsonArray(row.shipping_address),
    };
  }

  /** Valid addresses, each once, in the order found. */
  async recipients(accountId: string, customerId: string): Promise<string[]> {
    const { rows } = await sql<any>`select c.email_1, c.email_2 from contact_links l
      join contacts c on c.id = l.contact_id
      where l.account_id = ${accountId}::uuid and l.account_record_id = ${customerId}::uuid and c.auto_add_email
      order by l.position`.execute(this.database.db);
    const contacts = rows.flatMap((row) => [row.email_1, row.email_2]);
    const chosen = valid(contacts);
    if (chosen.length > 0) return chosen;
    const party = await this.party(accountId, customerId);
    return valid((party?.email ?? '').split(/[,;]/));
  }
}

function valid(addresses: (string | null)[]): string[] {
  const found = addresses.map((a) => a?.trim() ?? '').filter((a) => EMAIL.test(a));
  return [...new Set(found)];
}

function jsonArray(value: unknown): string[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as string[]) : [];
}
