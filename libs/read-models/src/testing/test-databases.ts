import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Database, openDatabase } from '../database';
import { dumpPristineImage } from '../pglite-images';

export interface TestDatabase {
  /** 'pglite' or 'postgres': use it in describe() titles. */
  name: 'pglite' | 'postgres';
  /** A new, empty database; close() drops it (PostgreSQL) or discards it (PGlite). */
  open(): Promise<Database>;
}

/**
 * The databases a test run covers: PGlite always, PostgreSQL when DATABASE_URL is set.
 * Each open() creates a database of its own on that server, so suites never see each other's rows.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: openEmptyPglite }];
  const url = process.env.DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return list;
}

/**
 * A new, empty in-memory PGlite, started from the image of a pristine cluster (what initdb leaves)
 * instead of running initdb, which takes seconds where loading the image takes a fraction. The image
 * is kept in the temp folder per installed PGlite, since jest loads this module anew for every file.
 */
export async function openEmptyPglite(): Promise<Database> {
  return openDatabase({ pgliteImage: await pristinePgliteImage() });
}

async function pristinePgliteImage(): Promise<Blob> {
  const file = join(tmpdir(), `pglite-pristine-${await installedPgliteKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const image = await dumpPristineImage('none');
  // Written aside and renamed: a reader in another worker sees the whole image or none.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, file);
  return image;
}

/** Which PGlite is installed: its entry file's path, size and time, hashed. */
async function installedPgliteKey(): Promise<string> {
  const entry = require.resolve('@electric-sql/pglite');
  const { size, mtimeMs } = await stat(entry);
  return createHash('sha256').update(`${entry}:${size}:${mtimeMs}`).digest('hex').slice(0, 16);
}

export function postgresSkipNotice(suite: string): void {
  if (!process.env.DATABASE_URL) {
    console.info(`${suite}: PostgreSQL cases skipped (DATABASE_URL is not set)`);
  }
}

/**
 * For fuzzing input handling, which does not differ by database: PGlite always, PostgreSQL only
 * when asked with FUZZ_POSTGRES=1 (the same engine behind another driver, at a minute of CI each).
 */
export function fuzzDatabases(suite: string): TestDatabase[] {
  const asked = process.env.FUZZ_POSTGRES === '1';
  if (process.env.DATABASE_URL && !asked)
    console.info(`${suite}: PostgreSQL cases skipped (set FUZZ_POSTGRES=1 to run them)`);
  else postgresSkipNotice(suite);
  return testDatabases().filter((db) => db.name === 'pglite' || asked);
}

export async function openFreshPostgres(serverUrl: string, maxConnections?: number): Promise<Database> {
  const fresh = await createFreshPostgres(serverUrl);
  const database = await openDatabase({ url: fresh.url, maxConnections });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** A new, empty database on the server at `serverUrl`: its URL, and how to drop it. */
export async function createFreshPostgres(
  serverUrl: string,
  prefix = 't',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
